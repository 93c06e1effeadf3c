/** MX asks the apex MX, then the addresses of the mail hosts. */
import type { RecordingResolver } from '../capture.ts';
import { hostNames, mxRecords } from './facts.ts';

/** Address lookups are made for at most this many MX hosts (lowest preference first). */
export const MAX_MX_HOSTS_CHECKED = 10;

/** Asks for the apex MX, then A and AAAA of every mail host in parallel. Returns the host names. */
export async function retrieveMx(resolver: RecordingResolver, domain: string): Promise<{ hosts: string[] }> {
  const result = await resolver.query(domain, 'MX');
  const hosts = hostNames(mxRecords(result));
  await Promise.all(
    hosts.slice(0, MAX_MX_HOSTS_CHECKED).flatMap((host) => [resolver.query(host, 'A'), resolver.query(host, 'AAAA')]),
  );
  return { hosts };
}
