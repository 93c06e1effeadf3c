/**
 * /openapi.json rendered when the bundle is built (scripts/build.ts puts the text here), with
 * placeholders for the two URLs it depends on: a first request then costs a string replacement
 * instead of converting every schema. Run from source, there is none and the document is built on
 * first use; the build test holds the two to the same bytes.
 */
const PREBUILT_DOCUMENT: string | null = null;

/** Stand-ins no deployment can have (RFC 6761 .invalid), replaced by the real URLs. */
export const URL_PLACEHOLDERS = {
  baseUrl: 'https://base-url.agent-scan.invalid',
  accountUrl: 'https://account-url.agent-scan.invalid/keys',
} as const;

/** The prebuilt text with the deployment's URLs, or null when the bundle has none. */
export function prebuiltDocument(baseUrl: string, accountUrl: string): string | null {
  if (PREBUILT_DOCUMENT === null) return null;
  // The URLs sit inside JSON strings: escaped as JSON.
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  // Split and joined, not replaceAll: a replacement string would read `$&`, `$'` … in a URL.
  return PREBUILT_DOCUMENT.split(URL_PLACEHOLDERS.baseUrl)
    .join(inJson(baseUrl))
    .split(URL_PLACEHOLDERS.accountUrl)
    .join(inJson(accountUrl));
}
