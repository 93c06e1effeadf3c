/**
 * DMARC retrieval: the RFC 9989 tree walk (one name after another: each step decides the
 * next), then the authorization records of external report destinations (the first ones), in parallel.
 */
import type { RecordingResolver } from '../capture.ts';
import { authorizationNames, reportDestinations } from './destinations.ts';
import { discoverPolicy, dmarcName, nextWalkName, walkStep, type WalkStep } from './tree-walk.ts';

export async function retrieveDmarc(resolver: RecordingResolver, domain: string): Promise<void> {
  const steps: WalkStep[] = [];
  for (let name = nextWalkName(domain, steps); name !== null; name = nextWalkName(domain, steps)) {
    steps.push(walkStep(name, await resolver.query(dmarcName(name), 'TXT')));
  }
  const discovery = discoverPolicy(domain, steps);
  const step = discovery.policyStep;
  if (!step?.record) return;
  const destinations = reportDestinations(step.record, step.name, discovery.organizationalDomain);
  await Promise.all(authorizationNames(destinations).map((name) => resolver.query(name, 'TXT')));
}
