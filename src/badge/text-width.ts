/**
 * Text widths for the badge, in the font metric every shields-style badge is laid out with:
 * Verdana at 11 px, advance widths in hundredths of a pixel (the anafanafo 2.0.0 table that
 * badge-maker 6 measures with; test/badge/render.test.ts checks every entry against it).
 *
 * Printable ASCII is listed, which covers every text the badge writes itself. A `label` the
 * caller chose may hold anything else: a letter with a diacritic counts as its base letter (é as
 * e), any other character as one em (11 px, the width of a CJK ideograph). The SVG draws each text
 * with `textLength`, so a guess squeezes or stretches the glyphs a little but never lets them spill
 * out of their half.
 */
/** Space (U+0020) to tilde (U+007E), in code point order. */
// prettier-ignore
const ASCII_WIDTHS = [
  387, 433, 505, 900, 699, 1184, 799, 295, 500, 500, 699, 900, 400, 500, 400, 500, // space to /
  699, 699, 699, 699, 699, 699, 699, 699, 699, 699, 500, 500, 900, 900, 900, 600, // 0 to ?
  1100, 752, 754, 768, 848, 696, 632, 853, 827, 463, 500, 762, 612, 927, 823, 866, // @ to O
  663, 866, 765, 752, 678, 805, 752, 1088, 754, 677, 754, 500, 500, 500, 900, 699, // P to _
  699, 661, 685, 573, 685, 655, 387, 685, 696, 302, 379, 651, 302, 1070, 696, 668, // ` to o
  685, 685, 469, 573, 433, 696, 651, 900, 651, 651, 578, 698, 500, 698, 900, // p to ~
];

export const VERDANA_11PX_HUNDREDTHS: Readonly<Record<string, number>> = Object.fromEntries(
  ASCII_WIDTHS.map((width, i) => [String.fromCharCode(0x20 + i), width]),
);

/** The width counted for a character outside the table: one em at 11 px. */
export const UNLISTED_CHARACTER_HUNDREDTHS = 1100;

/**
 * The width badge layouts reserve for `text`: the measured width in whole pixels, rounded up to
 * an odd number so that the centred text lands on the pixel grid.
 */
export function textWidth(text: string): number {
  let hundredths = 0;
  for (const char of text) {
    hundredths +=
      VERDANA_11PX_HUNDREDTHS[char] ??
      VERDANA_11PX_HUNDREDTHS[char.normalize('NFD')[0]!] ??
      UNLISTED_CHARACTER_HUNDREDTHS;
  }
  const whole = Math.floor(hundredths / 100);
  return whole % 2 === 0 ? whole + 1 : whole;
}
