/** DNSSEC asks the apex SOA; any other apex answer the scan recorded counts too (analyze.ts). */
import type { RecordingResolver } from '../capture.ts';

export async function retrieveDnssec(resolver: RecordingResolver, domain: string): Promise<void> {
  await resolver.query(domain, 'SOA');
}
