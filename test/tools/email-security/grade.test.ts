import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bulkSenderReadiness } from '../../../src/tools/email-security/bulk-sender.ts';
import { gradeEmail, type EmailFacts } from '../../../src/tools/email-security/grade.ts';

/** A domain that gets everything right. */
function perfect(): EmailFacts {
  return {
    mx: { state: 'mail', hosts: [{ preference: 10, exchange: 'mx.example.com' }] },
    spf: {
      found: true,
      valid: true,
      permerror: null,
      temperror: false,
      all: '-',
      passesEverySender: null,
      lookups: 3,
      voidLookups: 0,
    },
    dmarc: {
      found: true,
      valid: true,
      multiple: false,
      source: 'domain',
      policy: 'reject',
      subdomainPolicy: null,
      nonExistentPolicy: null,
      testing: false,
      percentage: null,
      aggregateReports: true,
      externalDestinationsAuthorized: true,
    },
    dkim: {
      state: 'found',
      keys: [{ selector: 'google', keyType: 'rsa', bits: 2048, revoked: false, testing: false, valid: true }],
    },
    mtaSts: { record: true, mode: 'enforce', policyValid: true, coversAllMx: true, uncoveredMx: 0 },
    tlsRpt: { present: true, valid: true },
    bimi: { present: true, valid: true },
    dnssec: { signed: true },
  };
}

const tweak = (change: (f: EmailFacts) => void, parked = false) => {
  const f = perfect();
  change(f);
  return gradeEmail(f, parked);
};

test('a domain that does everything right scores 100 and A+', () => {
  assert.deepEqual([gradeEmail(perfect(), false).score, gradeEmail(perfect(), false).grade], [100, 'A+']);
});

test('caps: no DMARC at most D, SPF permerror at most C, +all F, p=none at most D', () => {
  assert.equal(tweak((f) => Object.assign(f.dmarc, { found: false, valid: false, policy: null })).grade, 'D');
  assert.equal(tweak((f) => (f.spf.permerror = { reason: 'too-many-lookups', detail: '12 lookups' })).grade, 'C');
  assert.equal(tweak((f) => (f.spf.all = '+')).grade, 'F');
  const equivalent = tweak((f) => (f.spf.passesEverySender = 'ip4:0.0.0.0/0 (in example.com)'));
  assert.equal(equivalent.grade, 'F');
  assert.ok(equivalent.caps.some((c) => c.includes('ip4:0.0.0.0/0')));
  assert.equal(equivalent.items.find((i) => i.item.startsWith('terminal policy'))?.earned, 0);
  const pNone = tweak((f) => (f.dmarc.policy = 'none'));
  assert.equal(pNone.grade, 'D');
  assert.ok(pNone.caps.some((c) => c.includes('p=none')));
  const neither = tweak((f) => {
    Object.assign(f.dmarc, { found: false, valid: false, policy: null });
    Object.assign(f.spf, { found: false, valid: false, all: null });
  });
  assert.equal(neither.grade, 'F');
});

test('spoofable ranks below misconfigured: p=none never grades above a broken SPF or MTA-STS under p=reject', () => {
  // RFC 7489 §6.3 / RFC 9989: p=none asks receivers to do nothing with mail that fails DMARC, so
  // anyone can send as the exact domain; under p=reject, DMARC with DKIM still blocks that while
  // an SPF permerror (RFC 7208 §2.6.7) or an MTA-STS mismatch (RFC 8461 §5) costs deliverability.
  const spoofable = tweak((f) => (f.dmarc.policy = 'none'));
  const permerror = tweak((f) => (f.spf.permerror = { reason: 'too-many-lookups', detail: '12 lookups' }));
  const stsNone = tweak((f) => {
    f.mx.hosts.push({ preference: 20, exchange: 'backup.example.net' });
    Object.assign(f.mtaSts, { coversAllMx: false, uncoveredMx: 2 });
  });
  for (const misconfigured of [permerror, stsNone]) assert.ok(spoofable.score <= misconfigured.score);
  // Quarantine applied to part of the mail is graded as what it is, not as p=none.
  const partial = tweak((f) => Object.assign(f.dmarc, { policy: 'quarantine', percentage: 50 }));
  assert.ok(partial.score > spoofable.score, `${partial.score} > ${spoofable.score}`);
});

// RFC 8461 §5: in enforce mode senders "MUST NOT deliver the message to hosts that fail MX matching";
// §5.1: a candidate that fails validation is passed over for the next one. Hosts a policy leaves out
// are skipped while the covered ones still take the mail; only a policy covering none loses it.
test('MTA-STS enforce covering some MX hosts costs redundancy, not mail: no cap (RFC 8461 §5, §5.1)', () => {
  const partial = tweak((f) => {
    f.mx.hosts.push({ preference: 20, exchange: 'backup.example.net' });
    Object.assign(f.mtaSts, { coversAllMx: false, uncoveredMx: 1 });
  });
  assert.deepEqual(partial.caps, []);
  // 3 of the 4 MTA-STS points: mail stays protected, with less redundancy.
  assert.equal(partial.items.find((i) => i.item === 'MTA-STS policy in enforce mode')?.earned, 3);
  assert.equal(partial.score, 99);
  assert.equal(partial.grade, 'A', 'not A+: a medium finding stands');
  const testing = tweak((f) => Object.assign(f.mtaSts, { mode: 'testing', coversAllMx: false, uncoveredMx: 1 }));
  assert.deepEqual(testing.caps, []);
});

test('MTA-STS enforce covering no MX host: senders defer and finally bounce mail, at most D (RFC 8461 §5)', () => {
  const none = tweak((f) => {
    f.mx.hosts.push({ preference: 20, exchange: 'backup.example.net' });
    Object.assign(f.mtaSts, { coversAllMx: false, uncoveredMx: 2 });
  });
  assert.equal(none.grade, 'D');
  assert.equal(none.items.find((i) => i.item === 'MTA-STS policy in enforce mode')?.earned, 0);
  assert.deepEqual(none.caps, [
    'MTA-STS enforce matches no MX host (MTA-STS senders defer and finally bounce mail): at most D',
  ]);
});

test('pct below 100 counts one step weaker, like t=y (RFC 7489 receivers apply the weaker policy to the rest)', () => {
  const partial = tweak((f) => (f.dmarc.percentage = 10));
  const testing = tweak((f) => (f.dmarc.testing = true));
  assert.equal(partial.score, testing.score);
  assert.ok(partial.score < 100);
  assert.equal(tweak((f) => (f.dmarc.percentage = 100)).score, 100);
  const quarantineInPart = tweak((f) => Object.assign(f.dmarc, { policy: 'quarantine', percentage: 10 }));
  assert.ok(
    quarantineInPart.caps.some((c) => c.includes('one step weaker (none)')),
    'capped like p=none',
  );
  assert.equal(quarantineInPart.grade, 'B');
});

test('caps[] lists only the caps that lowered the grade', () => {
  const both = tweak((f) => {
    Object.assign(f.dmarc, { found: false, valid: false, policy: null });
    f.spf.permerror = { reason: 'too-many-lookups', detail: '12 lookups' };
  });
  assert.equal(both.grade, 'D');
  // Without DMARC the points are already below C's top: the SPF cap changes nothing and is not listed.
  const noDmarcPoints = tweak((f) => Object.assign(f.dmarc, { found: false, valid: false, policy: null }));
  assert.ok(both.caps.every((c) => noDmarcPoints.caps.includes(c) || c.includes('SPF')));
  assert.ok(both.caps.some((c) => c.includes('no valid DMARC')));
});

test('weaker settings cost points without caps', () => {
  assert.equal(tweak((f) => (f.spf.all = '~')).score, 98);
  assert.equal(tweak((f) => (f.dkim.keys[0]!.bits = 1024)).score, 93);
  assert.equal(tweak((f) => (f.dmarc.policy = 'quarantine')).score, 96);
  assert.equal(tweak((f) => (f.dmarc.testing = true)).score, 96, 't=y counts one step weaker');
  assert.equal(tweak((f) => (f.dmarc.subdomainPolicy = 'none')).score, 97);
  assert.equal(tweak((f) => (f.dnssec.signed = false)).score, 98);
});

test('DKIM that cannot be known is not punished as missing: not applicable or error drops out', () => {
  const unknown = tweak((f) => (f.dkim = { state: 'error', keys: [] }));
  assert.equal(unknown.score, 100);
  assert.ok(!unknown.items.some((i) => i.category === 'dkim'));
  assert.equal(tweak((f) => (f.dkim = { state: 'likely-present', keys: [] })).score, 87);
  assert.equal(tweak((f) => (f.dkim = { state: 'not-found', keys: [] })).score, 80);
});

test('a parked domain (null MX, -all, p=reject) earns the top grade without DKIM or MTA-STS', () => {
  const parked = tweak((f) => {
    f.mx = { state: 'null-mx', hosts: [] };
    f.dkim = { state: 'not-applicable', keys: [] };
    f.mtaSts = { record: false, mode: null, policyValid: false, coversAllMx: null, uncoveredMx: 0 };
    f.tlsRpt = { present: false, valid: false };
    f.bimi = { present: false, valid: false };
  }, true);
  assert.equal(parked.parked, true);
  assert.deepEqual([parked.score, parked.grade], [100, 'A+']);
});

test('parked is what the caller says, not guessed from the DKIM state', () => {
  const noMx = (f: EmailFacts) => {
    f.mx = { state: 'none', hosts: [] };
    f.tlsRpt = { present: false, valid: false };
  };
  const parked = tweak(noMx, true);
  assert.equal(parked.parked, true);
  assert.ok(
    !parked.items.some((i) => i.item.startsWith('TLS-RPT')),
    'transport extras dropped for a parked domain, even with a DKIM key',
  );
  const sending = tweak(noMx, false);
  assert.equal(sending.parked, false);
  assert.ok(sending.items.some((i) => i.item.startsWith('TLS-RPT') && i.earned === 0));
});

test('bulk-sender readiness needs SPF, DKIM and DMARC of any policy', () => {
  assert.equal(bulkSenderReadiness(perfect()).ready, true);
  const parked = bulkSenderReadiness({ ...perfect(), dkim: { state: 'not-applicable', keys: [] } }, true);
  assert.deepEqual([parked.ready, parked.missing], ['not-applicable', []]);
  const revoked = perfect();
  revoked.dkim.keys[0]!.revoked = true;
  assert.match(bulkSenderReadiness(revoked).missing.join(), /usable DKIM key/);
  const pNone = perfect();
  pNone.dmarc.policy = 'none';
  assert.equal(bulkSenderReadiness(pNone).ready, true);
  const noDkim = perfect();
  noDkim.dkim = { state: 'likely-present', keys: [] };
  assert.equal(bulkSenderReadiness(noDkim).ready, 'unknown');
  const noDmarc = perfect();
  noDmarc.dmarc.found = false;
  const r = bulkSenderReadiness(noDmarc);
  assert.equal(r.ready, false);
  assert.match(r.missing.join(' '), /DMARC/);
});

test('np=reject earns its point beside a weaker sp; no np follows sp (RFC 9989 §4.7: np defaults to sp)', () => {
  const subdomains = (g: { items: { item: string; earned: number }[] }) =>
    g.items.find((i) => i.item === 'subdomains as strict as the domain')?.earned;
  const weakSp = tweak((f) => Object.assign(f.dmarc, { subdomainPolicy: 'none', nonExistentPolicy: null }));
  const weakSpStrictNp = tweak((f) => Object.assign(f.dmarc, { subdomainPolicy: 'none', nonExistentPolicy: 'reject' }));
  assert.equal(subdomains(weakSp), 0);
  assert.equal(subdomains(weakSpStrictNp), 1);
  assert.ok(weakSpStrictNp.score >= weakSp.score);
});
