/**
 * Cross-Origin-Resource-Policy, -Opener-Policy and -Embedder-Policy: one value each, looked up in
 * a table. CORP compares the joined value; COOP and COEP parse an RFC 8941 token (case-sensitive,
 * parameters such as report-to ignored) and are invalid when sent twice.
 */
import type { Check } from './check-context.ts';
import { parseItem } from '../parse/structured-fields.ts';

const CORP_VALUES: Record<string, string> = {
  'same-origin': 'corp-implemented-with-same-origin',
  'same-site': 'corp-implemented-with-same-site',
  'cross-origin': 'corp-implemented-with-cross-origin',
};

const COOP_VALUES: Record<string, string> = {
  'same-origin': 'coop-implemented-with-same-origin',
  'same-origin-allow-popups': 'coop-implemented-with-same-origin-allow-popups',
  'noopener-allow-popups': 'coop-implemented-with-noopener-allow-popups',
  'unsafe-none': 'coop-implemented-with-unsafe-none',
};

const COEP_VALUES: Record<string, string> = {
  'require-corp': 'coep-implemented-with-require-corp',
  credentialless: 'coep-implemented-with-credentialless',
  'unsafe-none': 'coep-implemented-with-unsafe-none',
};

const lookup = (table: Record<string, string>, key: string | null): string | undefined =>
  key !== null && Object.hasOwn(table, key) ? table[key] : undefined;

export const crossOriginResourcePolicyCheck: Check = (context) => {
  const value = context.auto.headers.combined('cross-origin-resource-policy');
  const headers = context.auto.headers.pick('cross-origin-resource-policy');
  // An empty value (sent once) is no policy, as in the Observatory.
  if (!value) return { result: 'corp-not-implemented', data: { value: null }, headers };
  return {
    result: lookup(CORP_VALUES, value.slice(0, 256).trim().toLowerCase()) ?? 'corp-header-invalid',
    data: { value },
    headers,
  };
};

/** A structured-field token policy test: not set, invalid, or the table's result for the token. */
function tokenPolicyCheck(header: string, prefix: 'coop' | 'coep', table: Record<string, string>): Check {
  return (context) => {
    const values = context.auto.headers.values(header);
    const headers = context.auto.headers.pick(header);
    // An empty header is no policy at all.
    if (values.length === 0 || (values.length === 1 && values[0]!.trim() === ''))
      return { result: `${prefix}-not-implemented`, data: { value: null }, headers };
    const item = values.length === 1 ? parseItem(values[0]!.slice(0, 1024).trim()) : null;
    const token = item?.value.type === 'token' ? item.value.value : null;
    const result = lookup(table, token) ?? `${prefix}-header-invalid`;
    return {
      result,
      data: {
        value: values.join(', '),
        token,
        ...(values.length > 1 ? { problem: 'the header is sent more than once' } : {}),
      },
      headers,
    };
  };
}

export const crossOriginOpenerPolicyCheck = tokenPolicyCheck('cross-origin-opener-policy', 'coop', COOP_VALUES);
export const crossOriginEmbedderPolicyCheck = tokenPolicyCheck('cross-origin-embedder-policy', 'coep', COEP_VALUES);
