import { ScanDependencyError } from './tool.ts';

/** How long to wait before retrying when the DNS resolver could not be reached. */
const RESOLVER_RETRY_AFTER_SEC = 30;

/** The 503 a scanner throws when the service's own DNS resolver gave no DNS response (`why`). */
export function resolverOutage(why: string): ScanDependencyError {
  return new ScanDependencyError(
    'the DNS resolver',
    `The DNS-over-HTTPS resolver this service uses gave no DNS response (${why}).`,
    RESOLVER_RETRY_AFTER_SEC,
  );
}
