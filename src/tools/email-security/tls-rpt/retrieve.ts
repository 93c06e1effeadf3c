/** TLS-RPT asks one question: the TXT records at `_smtp._tls.<domain>` (RFC 8460 §3). */
import type { RecordingResolver } from '../capture.ts';

export const tlsRptName = (domain: string) => `_smtp._tls.${domain}`;

export async function retrieveTlsRpt(resolver: RecordingResolver, domain: string): Promise<void> {
  await resolver.query(tlsRptName(domain), 'TXT');
}
