import type { Limits } from '../../src/limits.ts';

/** Limits no benchmark reaches: the figures measure the work, not the refusals. */
export const UNLIMITED: Limits = {
  anonymousPerMinute: 1e9,
  keyPerMinute: 1e9,
  scansPerHourPerClient: 1e9,
  scansPerHourPerTarget: 1e9,
  scansPerHourPerClientPerTarget: 1e9,
  scansPerHourPerNetwork: 1e9,
  scansPerHourOverall: 1e9,
  badgePerMinute: 1e9,
  pagesPerMinute: 1e9,
  mcpProtocolPerMinute: 1e9,
};
