/**
 * The badge SVG. The three styles are three sizes of the same badge (SPEC: `style` is a size
 * variant), largest first:
 *
 * - `default`: badge-maker 6.0.0's (shields.io) `flat` badge, exactly: 20 px high, Verdana 11 px,
 *   5 px padding, rounded corners, a faint gradient and a text shadow;
 * - `compact`: 18 px high, Verdana 10 px, 4 px padding, in the look of shields' `flat-square`
 *   (square corners, no gradient, no shadow);
 * - `mini`: the message alone, 16 px high, Verdana 10 px, 3 px padding, in the `flat` look.
 *
 * For the same label and message each style is lower and narrower than the one before it
 * (docs/badge.md has the numbers). It is rendered here rather than by badge-maker because
 * badge-maker's width tables come through a package that loads Node's `fs` and `util` when it is
 * imported, which breaks the edge bundle (see docs/badge.md); test/badge/render.test.ts compares
 * `default` with badge-maker's output for every grade, and the other two with badge-maker's
 * layout rules at their own sizes.
 *
 * The message is from a closed set (a grade, `?` or an error text, content.ts); the label is a
 * tool's or the caller's `label` parameter, so every text is escaped.
 */
import { escapeHtml } from '../http/markup-escape.ts';
import {
  DEFAULT_LABEL,
  NAMED_COLOURS,
  TOOL_LABELS,
  accessibleText,
  errorContent,
  gradeContent,
  type BadgeContent,
  type BadgeError,
} from './content.ts';
import { textWidth, type FontSize } from './text-width.ts';

export type BadgeStyle = 'default' | 'compact' | 'mini';
export const BADGE_STYLES: readonly BadgeStyle[] = ['default', 'compact', 'mini'];

const STANDARD_LABELS: ReadonlySet<string> = new Set(Object.values(TOOL_LABELS));

/** The grey of the label half. */
export const LABEL_COLOUR = '#555';

/**
 * Element ids are suffixed with the style, the message and (for any label but "security") the
 * label, e.g. `s-default-a-plus`, `s-mini-b-email-security`, or `s-default-f-l2p_2q` for a label
 * of the caller's own (its code points in base 36), so that badges inlined into one HTML page never
 * point at each other's clip path or gradient: two badges share ids only when they are
 * byte-identical, so the shared definitions are the same.
 */
export function idSuffix(style: BadgeStyle, { label, message }: Pick<BadgeContent, 'label' | 'message'>): string {
  const slug =
    message === '?'
      ? 'unknown'
      : message.toLowerCase().replace('+', '-plus').replace(/-$/, '-minus').replace(/ /g, '-');
  if (label === DEFAULT_LABEL) return `${style}-${slug}`;
  if (STANDARD_LABELS.has(label)) return `${style}-${slug}-${label.replace(/ /g, '-')}`;
  return `${style}-${slug}-l${Array.from(label, (c) => c.codePointAt(0)!.toString(36)).join('_')}`;
}

/** What makes one style's size. */
export interface StyleMetrics {
  /** Height of the badge, px. */
  height: number;
  /** Verdana size of both texts, px (text-width.ts measures at this size). */
  fontSize: FontSize;
  /** Space on each side of each text, px. */
  padding: number;
  /**
   * Baseline of the texts, in the tenfold scale they are drawn at: half the height plus half
   * Verdana's cap height (0.727 em) at `fontSize`, rounded, so that capitals sit centred.
   */
  baseline: number;
  /** Whether the label half is drawn (`mini` shows the message alone). */
  withLabel: boolean;
}

export const STYLE_METRICS: Readonly<Record<BadgeStyle, StyleMetrics>> = {
  default: { height: 20, fontSize: 11, padding: 5, baseline: 140, withLabel: true },
  compact: { height: 18, fontSize: 10, padding: 4, baseline: 126, withLabel: true },
  mini: { height: 16, fontSize: 10, padding: 3, baseline: 116, withLabel: false },
};

const FONT_FAMILY = 'Verdana,Geneva,DejaVu Sans,sans-serif';

type Attributes = Record<string, string | number>;

/**
 * One element; `children` are already-rendered elements, `text` is escaped here. `escapeHtml`'s
 * five references (`&#39;` for the apostrophe) are all valid XML.
 */
function element(name: string, attributes: Attributes, children: string[] | { text: string } = []): string {
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) open += ` ${key}="${escapeHtml(String(value))}"`;
  if ('text' in children) return `${open}>${escapeHtml(children.text)}</${name}>`;
  return children.length === 0 ? `${open}/>` : `${open}>${children.join('')}</${name}>`;
}

interface Segment {
  text: string;
  /** Left edge and width of the segment's background. */
  x: number;
  width: number;
  fill: string;
  /** Centre of the text and its width, in the tenfold scale the text group is drawn at. */
  textX: number;
  textLength: number;
}

/**
 * Lays out the label and message halves: each text gets `padding` px on both sides, measured at
 * the style's font size, and in a two-part badge the label text sits one pixel right and the
 * message text one pixel left of the centre of their halves (badge-maker's layout, kept so that
 * `default` matches it and the smaller styles look the same).
 */
function layout({ label, message, colour }: BadgeContent, { fontSize, padding, withLabel }: StyleMetrics): Segment[] {
  const segments: Segment[] = [];
  let x = 0;
  if (withLabel) {
    const width = textWidth(label, fontSize);
    segments.push({
      text: label,
      x,
      width: width + 2 * padding,
      fill: LABEL_COLOUR,
      textX: 10 * (1 + padding + width / 2),
      textLength: 10 * width,
    });
    x = width + 2 * padding;
  }
  const width = textWidth(message, fontSize);
  const textLeft = withLabel ? x - 1 : 0;
  segments.push({
    text: message,
    x,
    width: width + 2 * padding,
    fill: NAMED_COLOURS[colour],
    textX: 10 * (textLeft + padding + width / 2),
    textLength: 10 * width,
  });
  return segments;
}

function backgrounds(segments: Segment[], height: number): string[] {
  return segments.map((s) =>
    element('rect', { ...(s.x === 0 ? {} : { x: s.x }), width: s.width, height, fill: s.fill }),
  );
}

/** The root: its size, and a viewBox of the same size so that the badge scales when embedded larger. */
function svgRoot(width: number, height: number, name: string, children: string[]): string {
  return element(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': name,
    },
    [element('title', {}, { text: name }), ...children],
  );
}

const textGroup = (fontSize: FontSize) => ({
  fill: '#fff',
  'text-anchor': 'middle',
  'font-family': FONT_FAMILY,
  'text-rendering': 'geometricPrecision',
  'font-size': 10 * fontSize,
});

/** Rounded corners, a faint top-to-bottom gradient and a soft text shadow (shields' `flat`). */
function flat(segments: Segment[], metrics: StyleMetrics, name: string, suffix: string): string {
  const { height, baseline, fontSize } = metrics;
  const width = segments.reduce((sum, s) => sum + s.width, 0);
  const [blurId, gradientId, clipId] = [`b-${suffix}`, `s-${suffix}`, `r-${suffix}`];
  const defs = [
    element('filter', { id: blurId }, [element('feGaussianBlur', { stdDeviation: 16 })]),
    element('linearGradient', { id: gradientId, x2: 0, y2: '100%' }, [
      element('stop', { offset: 0, 'stop-color': '#bbb', 'stop-opacity': '.1' }),
      element('stop', { offset: 1, 'stop-opacity': '.1' }),
    ]),
    element('clipPath', { id: clipId }, [element('rect', { width, height, rx: 3 })]),
  ];
  const background = element('g', { 'clip-path': `url(#${clipId})` }, [
    ...backgrounds(segments, height),
    element('rect', { width, height, fill: `url(#${gradientId})` }),
  ]);
  const texts = segments.map((s) => {
    const at = { x: s.textX, textLength: s.textLength };
    // The shadow is one pixel below the text.
    const shadow = element('g', { 'aria-hidden': 'true', fill: '#010101' }, [
      element('text', { ...at, y: baseline + 10, 'fill-opacity': '.8', filter: `url(#${blurId})` }, { text: s.text }),
      element('text', { ...at, y: baseline + 10, 'fill-opacity': '.3' }, { text: s.text }),
    ]);
    return element('g', { transform: 'scale(.1)' }, [
      shadow,
      element('text', { ...at, y: baseline }, { text: s.text }),
    ]);
  });
  return svgRoot(width, height, name, [...defs, background, element('g', textGroup(fontSize), texts)]);
}

/** Square corners, no gradient, no shadow (shields' `flat-square`). */
function flatSquare(segments: Segment[], { height, baseline, fontSize }: StyleMetrics, name: string): string {
  const width = segments.reduce((sum, s) => sum + s.width, 0);
  const texts = segments.map((s) =>
    element('text', { x: s.textX, y: baseline, textLength: s.textLength, transform: 'scale(.1)' }, { text: s.text }),
  );
  return svgRoot(width, height, name, [
    element('g', { 'shape-rendering': 'crispEdges' }, backgrounds(segments, height)),
    element('g', textGroup(fontSize), texts),
  ]);
}

// Every badge with a tool's label (3 styles × 3 labels × every message), each rendered once; badges
// with a caller's label are rendered each time, so that no one can fill this map.
const rendered = new Map<string, string>();

/**
 * The SVG for any badge content. `default`: label and message, 20 px high, rounded; `compact`: the
 * same, 18 px high, square; `mini`: the message alone, 16 px high, rounded (STYLE_METRICS). Every
 * style carries `role="img"`, `aria-label` and `<title>` with "<label>: <message>", the label
 * included where it is not shown.
 */
export function renderSvg(content: BadgeContent, style: BadgeStyle): string {
  const key = `${style}\n${content.label}\n${content.message}`;
  const cacheable = STANDARD_LABELS.has(content.label);
  let svg = cacheable ? rendered.get(key) : undefined;
  if (svg === undefined) {
    const name = accessibleText(content);
    const metrics = STYLE_METRICS[style];
    const segments = layout(content, metrics);
    if (style === 'compact') svg = flatSquare(segments, metrics, name);
    else svg = flat(segments, metrics, name, idSuffix(style, content));
    if (cacheable) rendered.set(key, svg);
  }
  return svg;
}

/** The badge for a stored grade (null, or anything that is not one of the grades, shows `?`). */
export function renderBadge(grade: string | null, style: BadgeStyle, label: string = DEFAULT_LABEL): string {
  return renderSvg(gradeContent(grade, label), style);
}

/** The badge that stands in for a broken image when a parameter is wrong. */
export function renderErrorBadge(error: BadgeError, style: BadgeStyle, label: string = DEFAULT_LABEL): string {
  return renderSvg(errorContent(error, label), style);
}
