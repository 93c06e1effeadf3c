/**
 * Text widths for the badge, in the font metrics shields-style badges are laid out with: Verdana
 * at 11 px (the `default` style) and at 10 px (`compact` and `mini`), advance widths in hundredths
 * of a pixel. Both tables are anafanafo 2.0.0's (the measurer badge-maker 6 uses), copied so that
 * the badge needs no Node module at run time; test/badge/text-width.test.ts checks every entry
 * against anafanafo.
 *
 * Printable ASCII is listed, which covers every text the badge writes itself. A `label` the
 * caller chose may hold anything else: a letter with a diacritic counts as its base letter (é as
 * e), any other character as one em (the font size: the width of a CJK ideograph). The SVG draws
 * each text with `textLength`, so a guess squeezes or stretches the glyphs a little but never lets
 * them spill out of their half.
 */

/** The font sizes, in px, the badge styles are set in (render.ts). */
export type FontSize = 11 | 10;

/** Space (U+0020) to tilde (U+007E), in code point order, at 11 px. */
// prettier-ignore
const ASCII_WIDTHS_11PX = [
  387, 433, 505, 900, 699, 1184, 799, 295, 500, 500, 699, 900, 400, 500, 400, 500, // space to /
  699, 699, 699, 699, 699, 699, 699, 699, 699, 699, 500, 500, 900, 900, 900, 600, // 0 to ?
  1100, 752, 754, 768, 848, 696, 632, 853, 827, 463, 500, 762, 612, 927, 823, 866, // @ to O
  663, 866, 765, 752, 678, 805, 752, 1088, 754, 677, 754, 500, 500, 500, 900, 699, // P to _
  699, 661, 685, 573, 685, 655, 387, 685, 696, 302, 379, 651, 302, 1070, 696, 668, // ` to o
  685, 685, 469, 573, 433, 696, 651, 900, 651, 651, 578, 698, 500, 698, 900, // p to ~
];

/**
 * The same at 10 px. Verdana's advances scale with the size, so these are the 11 px ones × 10/11
 * give or take the hundredth each table was rounded to; anafanafo's own 10 px table is used, not
 * the scaled one, so that a width never differs from anafanafo's by a rounding step.
 */
// prettier-ignore
const ASCII_WIDTHS_10PX = [
  352, 394, 459, 818, 636, 1076, 727, 269, 454, 454, 636, 818, 364, 454, 364, 454, // space to /
  636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 454, 454, 818, 818, 818, 545, // 0 to ?
  1000, 684, 686, 698, 771, 632, 575, 775, 751, 421, 455, 693, 557, 843, 748, 787, // @ to O
  603, 787, 695, 684, 616, 732, 684, 989, 685, 615, 685, 454, 454, 454, 818, 636, // P to _
  636, 601, 623, 521, 623, 596, 352, 623, 633, 274, 344, 592, 274, 973, 633, 607, // ` to o
  623, 623, 427, 521, 394, 633, 592, 818, 592, 592, 525, 635, 454, 635, 818, // p to ~
];

const asciiTable = (widths: number[]): Readonly<Record<string, number>> =>
  Object.fromEntries(widths.map((width, i) => [String.fromCharCode(0x20 + i), width]));

export const VERDANA_11PX_HUNDREDTHS = asciiTable(ASCII_WIDTHS_11PX);
export const VERDANA_10PX_HUNDREDTHS = asciiTable(ASCII_WIDTHS_10PX);

const TABLES: Record<FontSize, Readonly<Record<string, number>>> = {
  11: VERDANA_11PX_HUNDREDTHS,
  10: VERDANA_10PX_HUNDREDTHS,
};

/** The width counted for a character outside the table: one em, i.e. the font size in px. */
export function unlistedCharacterHundredths(fontSize: FontSize): number {
  return fontSize * 100;
}

/**
 * The width badge layouts reserve for `text` set in Verdana at `fontSize` px: the measured width
 * in whole pixels, rounded up to an odd number so that the centred text lands on the pixel grid
 * (badge-maker's rule, for every size).
 */
export function textWidth(text: string, fontSize: FontSize = 11): number {
  const table = TABLES[fontSize];
  let hundredths = 0;
  for (const char of text) {
    hundredths += table[char] ?? table[char.normalize('NFD')[0]!] ?? unlistedCharacterHundredths(fontSize);
  }
  const whole = Math.floor(hundredths / 100);
  return whole % 2 === 0 ? whole + 1 : whole;
}
