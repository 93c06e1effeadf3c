/**
 * The overall scan quota cannot be drained by one network: the addresses of one IPv4 /24 or one
 * IPv6 /48 share 100 scans an hour, the other networks keep theirs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SPEC_LIMITS } from '../../src/limits.ts';
import { EXECUTE_SH, postJson, startHarness } from '../support/harness.ts';
import { expectProblem } from '../support/problem-assertions.ts';

const { scansPerHourPerClient: perClient, scansPerHourPerNetwork: perNetwork } = SPEC_LIMITS;

for (const [family, addressIn] of [
  ['IPv4 /24', (i: number) => `203.0.113.${i + 1}`],
  ['IPv6 /48', (i: number) => `2001:db8:7:${i.toString(16)}::1`],
] as const) {
  test(`addresses of one ${family} share ${perNetwork} scans an hour; other networks keep scanning`, async () => {
    // The per-minute limit is not what is tested here; the scan quota is as specified.
    const h = await startHarness({ limits: { ...SPEC_LIMITS, anonymousPerMinute: 1e6 } });
    const addresses = perNetwork / perClient;
    for (let a = 0; a < addresses; a++) {
      for (let s = 0; s < perClient; s++) {
        const res = await postJson(h, EXECUTE_SH, { target: `t${a}-${s}.example` }, { ip: addressIn(a) });
        assert.equal(res.status, 200, `address ${a}, scan ${s}`);
      }
    }
    const refused = await postJson(h, EXECUTE_SH, { target: 'fresh.example' }, { ip: addressIn(addresses) });
    const body = await expectProblem(refused, 'rate_limit_exceeded');
    assert.deepEqual(body.violatedPolicies, ['scans-per-hour-per-network']);
    assert.match(body.detail, /network has used its 100 scans/);

    const elsewhere = await postJson(h, EXECUTE_SH, { target: 'fresh.example' }, { ip: '192.0.2.1' });
    assert.equal(elsewhere.status, 200);
    assert.equal(h.scanners['security-headers'].calls.length, perNetwork + 1);
  });
}
