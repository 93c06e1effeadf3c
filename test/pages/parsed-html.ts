/** The elements of a page as an HTML parser sees them (htmlparser2), each with its text. */
import { DomUtils, parseDocument } from 'htmlparser2';

export interface ParsedElement {
  name: string;
  attribs: Record<string, string>;
  /** Everything inside, as text (a script element's raw content). */
  text: string;
}

export function elementsOf(page: string): ParsedElement[] {
  return DomUtils.findAll(() => true, parseDocument(page).children).map((e) => ({
    name: e.name,
    attribs: e.attribs,
    text: DomUtils.textContent(e),
  }));
}
