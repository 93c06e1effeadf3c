/**
 * The badge SVG. Geometry, font metric and palette are those of badge-maker 6.0.0 (shields.io):
 * `default` looks like its `flat` style, `compact` like `flat-square`, and `mini` is the flat
 * badge with the message alone. It is rendered here rather than by badge-maker because
 * badge-maker's width tables come through a package that loads Node's `fs` and `util` when it is
 * imported, which breaks the edge bundle (see docs/badge.md); test/badge/render.test.ts compares
 * the geometry and colours with badge-maker's output for every grade and style.
 *
 * The badge shows a closed set of texts: the label "security" and a grade letter or "?". Nothing
 * the caller sends (the domain least of all) ever reaches the SVG; text is escaped all the same.
 */
import { escapeHtml } from '../http/markup-escape.ts';
import { GRADE_SCALE, type Grade } from '../tools/grading.ts';
import { textWidth } from './text-width.ts';

export type BadgeStyle = 'default' | 'compact' | 'mini';
export const BADGE_STYLES: readonly BadgeStyle[] = ['default', 'compact', 'mini'];

/** A website-security grade (`GRADE_SCALE`), or `?`. */
export type BadgeMessage = Grade | '?';

const BADGE_LABEL = 'security';

/** badge-maker 6.0.0's named colours (its higher-contrast palette) that the badge uses. */
export const NAMED_COLOURS = {
  brightgreen: '#4b0',
  green: '#67ac09',
  yellowgreen: '#95991a',
  yellow: '#d8b800',
  orange: '#ea7233',
  red: '#dd4343',
  lightgrey: '#939393',
} as const;
export type ColourName = keyof typeof NAMED_COLOURS;

/** The grey of the label half. */
export const LABEL_COLOUR = '#555';

/**
 * Grade → colour: A+ brightgreen; A and A- green; B+, B, B- yellowgreen; C+, C, C- yellow;
 * D+, D, D- orange; F red; `?` (no grade, or the store could not say) lightgrey.
 */
export function colourOf(message: BadgeMessage): ColourName {
  if (message === 'A+') return 'brightgreen';
  switch (message[0]) {
    case 'A':
      return 'green';
    case 'B':
      return 'yellowgreen';
    case 'C':
      return 'yellow';
    case 'D':
      return 'orange';
    case 'F':
      return 'red';
    case '?':
    case undefined: // never: no BadgeMessage is empty
    default:
      return 'lightgrey';
  }
}

/** The message for a stored grade: the grade when it is one of ours, otherwise `?`. */
export function badgeMessage(grade: string | null): BadgeMessage {
  return grade !== null && (GRADE_SCALE as readonly string[]).includes(grade) ? (grade as Grade) : '?';
}

/** What screen readers announce and what the tooltip shows (the same for every style). */
export function accessibleText(message: BadgeMessage): string {
  return `${BADGE_LABEL}: ${message === '?' ? 'grade unknown' : message}`;
}

/**
 * Element ids are suffixed with the style and the message, e.g. `s-default-a-plus`, so that
 * badges inlined into one HTML page never point at each other's clip path or gradient: two
 * badges share ids only when they are byte-identical, so the shared definitions are the same.
 */
export function idSuffix(style: BadgeStyle, message: BadgeMessage): string {
  const slug = message === '?' ? 'unknown' : message.toLowerCase().replace('+', '-plus').replace(/-$/, '-minus');
  return `${style}-${slug}`;
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
function layout(label: string | null, message: BadgeMessage): Segment[] {
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
    fill: NAMED_COLOURS[colourOf(message)],
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

function svgRoot(width: number, message: BadgeMessage, children: string[]): string {
  const name = accessibleText(message);
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
function flat(segments: Segment[], message: BadgeMessage, suffix: string): string {
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
  return svgRoot(width, message, [...defs, background, element('g', TEXT_GROUP, texts)]);
}

/** Square corners, no gradient, no shadow (shields' `flat-square`). */
function flatSquare(segments: Segment[], message: BadgeMessage): string {
  const width = segments.reduce((sum, s) => sum + s.width, 0);
  const texts = segments.map((s) =>
    element('text', { x: s.textX, y: 140, textLength: s.textLength, transform: 'scale(.1)' }, { text: s.text }),
  );
  return svgRoot(width, message, [
    element('g', { 'shape-rendering': 'crispEdges' }, backgrounds(segments)),
    element('g', TEXT_GROUP, texts),
  ]);
}

// 3 styles × 14 messages: every badge there is, each rendered once.
const rendered = new Map<string, string>();

/**
 * The SVG badge for a stored grade (null, or anything that is not one of the grades, shows `?`).
 * `default`: label "security" and the grade, rounded; `compact`: the same with square corners;
 * `mini`: the grade alone. Every style carries `role="img"`, `aria-label` and `<title>` with
 * "security: <grade>".
 */
export function renderBadge(grade: string | null, style: BadgeStyle): string {
  const message = badgeMessage(grade);
  const key = `${style} ${message}`;
  let svg = rendered.get(key);
  if (svg === undefined) {
    const suffix = idSuffix(style, message);
    if (style === 'compact') svg = flatSquare(layout(BADGE_LABEL, message), message);
    else svg = flat(layout(style === 'mini' ? null : BADGE_LABEL, message), message, suffix);
    rendered.set(key, svg);
  }
  return svg;
}
