import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spfIncludedDomains, spfRecordIn, spfSendsNothing } from '../../../src/tools/email-security/sender-hints.ts';

test('the one SPF record among the apex texts, or none', () => {
  assert.equal(spfRecordIn(['google-site-verification=x', 'v=spf1 -all']), 'v=spf1 -all');
  assert.equal(spfRecordIn(['v=spf1 -all', 'V=SPF1 ~all']), null, 'two records: none applies');
  assert.equal(spfRecordIn(['v=spf10 -all', ' v=spf1 -all']), null, 'near misses are not records');
});

test('include and redirect targets, normalised, macros and malformed terms skipped', () => {
  assert.deepEqual(
    spfIncludedDomains('v=spf1 include:_spf.Google.com ~include:SendGrid.net. mx redirect=spf.example.net'),
    ['_spf.google.com', 'sendgrid.net', 'spf.example.net'],
  );
  assert.deepEqual(
    spfIncludedDomains('v=spf1 include:%{d}.spf.example.net exists:%{i}.x.example include:nodot -all'),
    [],
  );
  assert.deepEqual(
    spfIncludedDomains('v=spf1 INCLUDE:mailgun.org bad/term -all'),
    ['mailgun.org'],
    'a syntax error elsewhere does not hide the include',
  );
});

test('only exactly "v=spf1 -all" sends nothing', () => {
  assert.equal(spfSendsNothing(' V=SPF1   -all '), true);
  assert.equal(spfSendsNothing('v=spf1 ~all'), false);
  assert.equal(spfSendsNothing(null), false);
});
