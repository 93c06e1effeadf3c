/**
 * Text a target chose, cut for a message or a finding's evidence. The facts keep such text whole;
 * a message that quotes it (a syntax error naming the bad term, evidence citing the record) must
 * not repeat a 60,000-character record several times over.
 */
export function excerpt(text: string, max = 300): string {
  if (text.length <= max) return text;
  // Never end on the first half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}
