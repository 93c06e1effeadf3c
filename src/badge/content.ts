/**
 * What a badge says, whatever it is drawn as (SVG in render.ts, shields.io JSON in shields.ts):
 * a label, a message from a closed set (a grade, `?`, or one of the error texts) and its colour.
 */
import { BADGE_LABELS } from '../tools/badge-labels.ts';
import { GRADE_SCALE, type Grade } from '../tools/grading.ts';

/** The left text of each tool's badge (one source with the scan answers' Markdown). */
export const TOOL_LABELS = BADGE_LABELS;

export const DEFAULT_LABEL = TOOL_LABELS['website-security'];

/** A grade (`GRADE_SCALE`), or `?`. */
export type BadgeMessage = Grade | '?';

/**
 * The messages of error badges: one per query or path parameter that can be wrong, and one per
 * refusal before the badge is looked at (a bad key, a spent limit, a store that cannot answer).
 */
export const BADGE_ERRORS = [
  'invalid domain',
  'invalid style',
  'invalid tool',
  'invalid format',
  'invalid label',
  'invalid key',
  'key lacks scope',
  'rate limited',
  'unavailable',
  'error',
] as const;
export type BadgeError = (typeof BADGE_ERRORS)[number];

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

/** Error badges are red, as shields' own "invalid parameter" badges are. */
const ERROR_COLOUR: ColourName = 'red';

export interface BadgeContent {
  /** The left text, also what the accessible name starts with when a style hides it. */
  label: string;
  message: BadgeMessage | BadgeError;
  colour: ColourName;
}

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

export function gradeContent(grade: string | null, label: string = DEFAULT_LABEL): BadgeContent {
  const message = badgeMessage(grade);
  return { label, message, colour: colourOf(message) };
}

export function errorContent(error: BadgeError, label: string = DEFAULT_LABEL): BadgeContent {
  return { label, message: error, colour: ERROR_COLOUR };
}

/** What screen readers announce and what the tooltip shows (the same for every style). */
export function accessibleText({ label, message }: Pick<BadgeContent, 'label' | 'message'>): string {
  return `${label}: ${message === '?' ? 'grade unknown' : message}`;
}
