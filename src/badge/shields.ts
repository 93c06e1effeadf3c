/**
 * `?format=shields`: the badge as shields.io's endpoint-badge JSON, for
 * `https://img.shields.io/endpoint?url=<this badge's URL, encoded>`, so that shields draws it in
 * any of its styles, logos and colours. Same label, message and colour name as the SVG (shields
 * draws its named colours with the same badge-maker palette).
 */
import type { BadgeContent } from './content.ts';
import type { BadgeStyle } from './render.ts';

export const SHIELDS_CONTENT_TYPE = 'application/json';

/** shields' floor for endpoint badges, and the badge's own freshness (BADGE_CACHE_CONTROL). */
export const SHIELDS_CACHE_SECONDS = 300;

/** The members of shields' endpoint schema (version 1) that the badge uses. */
export interface ShieldsEndpoint {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
  cacheSeconds: number;
  style?: 'flat-square';
  isError?: true;
}

/**
 * The JSON for `content`. `mini` sends an empty label (shields then draws the message alone) and
 * `compact` sends shields' `flat-square`, the square look of our compact badge: shields has no
 * smaller sizes and draws every endpoint badge at its own 20 px, so only the look carries over. A
 * `style` in the shields URL overrides both. An error badge carries `isError`: shields then keeps
 * its colour even when the shields URL asks for another.
 */
export function shieldsEndpoint(content: BadgeContent, style: BadgeStyle, isError = false): string {
  const body: ShieldsEndpoint = {
    schemaVersion: 1,
    label: style === 'mini' ? '' : content.label,
    message: content.message,
    color: content.colour,
    cacheSeconds: SHIELDS_CACHE_SECONDS,
    ...(style === 'compact' ? { style: 'flat-square' as const } : {}),
    ...(isError ? { isError: true as const } : {}),
  };
  return JSON.stringify(body);
}
