/** BIMI asks one question: the TXT records at `default._bimi.<domain>`. */
import type { RecordingResolver } from '../capture.ts';

export const bimiName = (domain: string) => `default._bimi.${domain}`;

export async function retrieveBimi(resolver: RecordingResolver, domain: string): Promise<void> {
  await resolver.query(bimiName(domain), 'TXT');
}
