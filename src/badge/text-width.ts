/**
 * Text widths for the badge, in the font metric every shields-style badge is laid out with:
 * Verdana at 11 px, advance widths in hundredths of a pixel (the anafanafo 2.0.0 table that
 * badge-maker 6 measures with; test/badge/render.test.ts checks every entry against it).
 *
 * Only the characters the badge can ever show are listed: the label "security", the grade
 * letters, "+", "-" and "?". The badge never shows caller-supplied text, so a character missing
 * here is a bug, and `textWidth` throws rather than guessing.
 */
export const VERDANA_11PX_HUNDREDTHS: Readonly<Record<string, number>> = {
  s: 573,
  e: 655,
  c: 573,
  u: 696,
  r: 469,
  i: 302,
  t: 433,
  y: 651,
  A: 752,
  B: 754,
  C: 768,
  D: 848,
  F: 632,
  '+': 900,
  '-': 500,
  '?': 600,
};

/**
 * The width badge layouts reserve for `text`: the measured width in whole pixels, rounded up to
 * an odd number so that the centred text lands on the pixel grid.
 */
export function textWidth(text: string): number {
  let hundredths = 0;
  for (const char of text) {
    const width = VERDANA_11PX_HUNDREDTHS[char];
    if (width === undefined) throw new Error(`no Verdana width for ${JSON.stringify(char)}`);
    hundredths += width;
  }
  const whole = Math.floor(hundredths / 100);
  return whole % 2 === 0 ? whole + 1 : whole;
}
