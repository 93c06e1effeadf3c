/**
 * A tiny HTML builder: the `html` tag escapes every interpolated value unless it is already
 * `Html` (built by this tag, or marked with `trusted`). Arrays are joined. No page builds markup
 * any other way, so text from the error table, tool definitions or the request cannot become
 * markup by accident.
 */
import { escapeHtml } from '../http/markup-escape.ts';

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Marks a string as markup. Only for constants written in this folder, never for data. */
export function trusted(markup: string): Html {
  return new Html(markup);
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * Data for the page script, as a JSON data block (never executed, so the CSP needs no hash). Every
 * `<`, `>` and `&` is a \u escape, so no value can close the element or open a comment in it.
 */
export function jsonDataBlock(id: string, value: unknown): Html {
  const json = JSON.stringify(value).replace(
    SCRIPT_UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return new Html(`<script type="application/json" id="${escapeHtml(id)}">${json}</script>`);
}
