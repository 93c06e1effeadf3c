/**
 * The badge SVG. Geometry, font metric and palette are those of badge-maker 6.0.0 (shields.io):
 * `default` looks like its `flat` style, `compact` like `flat-square`, and `mini` is the flat
 * badge with the message alone. It is rendered here rather than by badge-maker because
 * badge-maker's width tables come through a package that loads Node's `fs` and `util` when it is
 * imported, which breaks the edge bundle (see docs/badge.md); test/badge/render.test.ts compares
 * the geometry and colours with badge-maker's output for every grade and style.
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
import { textWidth } from './text-width.ts';

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

const HEIGHT = 20;
const PADDING = 5;
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
 * Lays out the label and message halves: each text gets `PADDING` px on both sides, and the
 * message text sits one pixel left of its half (badge-maker's layout, kept so the badges match).
 */
function layout(label: string | null, { message, colour }: BadgeContent): Segment[] {
  const segments: Segment[] = [];
  let x = 0;
  if (label !== null) {
    const width = textWidth(label);
    segments.push({
      text: label,
      x,
      width: width + 2 * PADDING,
      fill: LABEL_COLOUR,
      textX: 10 * (1 + PADDING + width / 2),
      textLength: 10 * width,
    });
    x = width + 2 * PADDING;
  }
  const width = textWidth(message);
  const textLeft = label === null ? 0 : x - 1;
  segments.push({
    text: message,
    x,
    width: width + 2 * PADDING,
    fill: NAMED_COLOURS[colour],
    textX: 10 * (textLeft + PADDING + width / 2),
    textLength: 10 * width,
  });
  return segments;
}

function backgrounds(segments: Segment[]): string[] {
  return segments.map((s) =>
    element('rect', { ...(s.x === 0 ? {} : { x: s.x }), width: s.width, height: HEIGHT, fill: s.fill }),
  );
}

function svgRoot(width: number, name: string, children: string[]): string {
  return element(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height: HEIGHT, role: 'img', 'aria-label': name },
    [element('title', {}, { text: name }), ...children],
  );
}

const TEXT_GROUP = {
  fill: '#fff',
  'text-anchor': 'middle',
  'font-family': FONT_FAMILY,
  'text-rendering': 'geometricPrecision',
  'font-size': 110,
};

/** Rounded corners, a faint top-to-bottom gradient and a soft text shadow (shields' `flat`). */
function flat(segments: Segment[], name: string, suffix: string): string {
  const width = segments.reduce((sum, s) => sum + s.width, 0);
  const [blurId, gradientId, clipId] = [`b-${suffix}`, `s-${suffix}`, `r-${suffix}`];
  const defs = [
    element('filter', { id: blurId }, [element('feGaussianBlur', { stdDeviation: 16 })]),
    element('linearGradient', { id: gradientId, x2: 0, y2: '100%' }, [
      element('stop', { offset: 0, 'stop-color': '#bbb', 'stop-opacity': '.1' }),
      element('stop', { offset: 1, 'stop-opacity': '.1' }),
    ]),
    element('clipPath', { id: clipId }, [element('rect', { width, height: HEIGHT, rx: 3 })]),
  ];
  const background = element('g', { 'clip-path': `url(#${clipId})` }, [
    ...backgrounds(segments),
    element('rect', { width, height: HEIGHT, fill: `url(#${gradientId})` }),
  ]);
  const texts = segments.map((s) => {
    const at = { x: s.textX, textLength: s.textLength };
    const shadow = element('g', { 'aria-hidden': 'true', fill: '#010101' }, [
      element('text', { ...at, y: 150, 'fill-opacity': '.8', filter: `url(#${blurId})` }, { text: s.text }),
      element('text', { ...at, y: 150, 'fill-opacity': '.3' }, { text: s.text }),
    ]);
    return element('g', { transform: 'scale(.1)' }, [shadow, element('text', { ...at, y: 140 }, { text: s.text })]);
  });
  return svgRoot(width, name, [...defs, background, element('g', TEXT_GROUP, texts)]);
}

/** Square corners, no gradient, no shadow (shields' `flat-square`). */
function flatSquare(segments: Segment[], name: string): string {
  const width = segments.reduce((sum, s) => sum + s.width, 0);
  const texts = segments.map((s) =>
    element('text', { x: s.textX, y: 140, textLength: s.textLength, transform: 'scale(.1)' }, { text: s.text }),
  );
  return svgRoot(width, name, [
    element('g', { 'shape-rendering': 'crispEdges' }, backgrounds(segments)),
    element('g', TEXT_GROUP, texts),
  ]);
}

// Every badge with a tool's label (3 styles × 3 labels × 19 messages), each rendered once; badges
// with a caller's label are rendered each time, so that no one can fill this map.
const rendered = new Map<string, string>();

/**
 * The SVG for any badge content. `default`: label and message, rounded; `compact`: the same with
 * square corners; `mini`: the message alone. Every style carries `role="img"`, `aria-label` and
 * `<title>` with "<label>: <message>", the label included where it is not shown.
 */
export function renderSvg(content: BadgeContent, style: BadgeStyle): string {
  const key = `${style}\n${content.label}\n${content.message}`;
  const cacheable = STANDARD_LABELS.has(content.label);
  let svg = cacheable ? rendered.get(key) : undefined;
  if (svg === undefined) {
    const name = accessibleText(content);
    if (style === 'compact') svg = flatSquare(layout(content.label, content), name);
    else svg = flat(layout(style === 'mini' ? null : content.label, content), name, idSuffix(style, content));
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
