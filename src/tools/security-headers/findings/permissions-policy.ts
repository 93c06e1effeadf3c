/**
 * Permissions-Policy read as an RFC 8941 dictionary: feature → allowlist, where `()` disables the
 * feature, `self` and origin strings allow those, and `*` allows every origin.
 */
import type { Detected } from './catalogue.ts';
import type { HeaderView } from '../parse/headers.ts';
import { parseDictionary, type Member } from '../parse/structured-fields.ts';

/** Features whose use by any embedded origin deserves a warning. */
const POWERFUL_FEATURES = new Set([
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'bluetooth',
  'display-capture',
  'midi',
  'clipboard-read',
  'publickey-credentials-get',
  'xr-spatial-tracking',
  'local-fonts',
  'idle-detection',
  'screen-wake-lock',
]);

export type Allowlist = { kind: 'none' } | { kind: 'self' } | { kind: 'all' } | { kind: 'origins'; origins: string[] };

/** The allowlist a dictionary member stands for. */
function allowlistOf(member: Member): Allowlist {
  const items = member.kind === 'inner-list' ? member.items : [member];
  const entries = items.map((item) =>
    item.value.type === 'token' || item.value.type === 'string' ? String(item.value.value) : '',
  );
  if (entries.includes('*')) return { kind: 'all' };
  const origins = entries.filter((e) => e !== 'self' && e !== '');
  if (origins.length > 0) return { kind: 'origins', origins };
  return entries.includes('self') ? { kind: 'self' } : { kind: 'none' };
}

export function permissionsPolicyFindings(headers: HeaderView): Detected[] {
  const values = headers.values('permissions-policy');
  if (values.length === 0) return [{ id: 'permissions-policy-missing', evidence: ['no Permissions-Policy header'] }];
  const raw = values.join(', ');
  const dictionary = parseDictionary(raw);
  if (!dictionary)
    return [{ id: 'permissions-policy-invalid', evidence: [`permissions-policy: ${raw.slice(0, 300)}`] }];
  const features = [...dictionary].map(([feature, member]) => ({ feature, allowlist: allowlistOf(member) }));
  const count = (kind: Allowlist['kind']): number => features.filter((f) => f.allowlist.kind === kind).length;
  const found: Detected[] = [];
  const broad = features.filter((f) => f.allowlist.kind === 'all' && POWERFUL_FEATURES.has(f.feature));
  if (broad.length > 0) found.push({ id: 'permissions-policy-broad', evidence: broad.map((f) => `${f.feature}=*`) });
  found.push({
    id: 'permissions-policy-set',
    evidence: [
      `${features.length} features: ${count('none')} disabled, ${count('self')} limited to the site, ` +
        `${count('origins')} allowed to named origins, ${count('all')} allowed to every origin`,
    ],
  });
  return found;
}
