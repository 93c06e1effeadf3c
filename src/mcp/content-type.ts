/**
 * Whether a Content-Type header names JSON, as the MCP SDK reads it (RFC 9110, the `content-type`
 * package): the media type before the first `;` must be `application/json`, in any case. Its
 * parameters are forgiven when they do not parse, unless they hold a comma; a comma inside a
 * well-formed quoted value is fine.
 */
const isTokenChar = (c: string) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]$/.test(c);
const isQuotedChar = (code: number) =>
  code === 0x0b ||
  code === 0x20 ||
  code === 0x21 ||
  (code >= 0x23 && code <= 0x7e && code !== 0x5c) ||
  (code >= 0x80 && code <= 0xff);
const isEscapedChar = (code: number) => code === 0x0b || (code >= 0x20 && code <= 0xff);

/** Whether `text` is a sequence of `; name=value` parameters, each value a token or a quoted string. */
function parametersParse(text: string): boolean {
  let i = 0;
  const skipSpaces = () => {
    while (text[i] === ' ') i++;
  };
  const token = () => {
    const start = i;
    while (i < text.length && isTokenChar(text[i]!)) i++;
    return i > start;
  };
  const quoted = () => {
    for (i++; i < text.length && text[i] !== '"'; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x5c && isEscapedChar(text.charCodeAt(i + 1))) i++;
      else if (!isQuotedChar(code)) return false;
    }
    return text[i++] === '"';
  };
  while (i < text.length) {
    if (text[i++] !== ';') return false;
    skipSpaces();
    if (!token()) return false;
    skipSpaces();
    if (text[i++] !== '=') return false;
    skipSpaces();
    if (!(text[i] === '"' ? quoted() : token())) return false;
    skipSpaces();
  }
  return true;
}

export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const semicolon = header.indexOf(';');
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (mediaType !== 'application/json') return false;
  const parameters = semicolon === -1 ? '' : header.slice(semicolon);
  return !parameters.includes(',') || parametersParse(parameters);
}
