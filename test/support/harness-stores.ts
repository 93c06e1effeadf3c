/**
 * The two stores a behaviour that keeps state is checked on, as startHarness takes them: the
 * embedded one (undefined: the harness's own), and the Upstash client on a real redis-server behind
 * the REST bridge, a fresh key prefix per harness and on the harness's clock.
 */
import type { Store } from '../../src/store/port.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import type { ManualClock } from './clock.ts';
import { PATIENT_MS } from './deadlines.ts';
import type { UpstashBridge } from './upstash-bridge.ts';

export type HarnessStore = ((clock: ManualClock) => Store) | undefined;

/** `bridge` is read when a harness starts, so a file may start its bridge in `before`. */
export function harnessStores(bridge: () => UpstashBridge, prefix: string): [string, HarnessStore][] {
  let harnesses = 0;
  return [
    ['memory store', undefined],
    [
      'Upstash store (redis-server behind the REST bridge)',
      (clock) =>
        new UpstashStore({
          url: bridge().url,
          token: bridge().token,
          prefix: `${prefix}${++harnesses}`,
          now: clock.now,
          timeoutMs: PATIENT_MS,
        }),
    ],
  ];
}
