/**
 * Specification of the `badge` member of a scan's answer: the target's `?tool=` badge as a URL and
 * as Markdown, and whether this scan's grade is what it shows.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { badgeLinkOf } from '../../src/scan/badge-link.ts';

const BASE = 'https://scan.test';

test("a scan of the site's start feeds its badge; the Markdown links the badge to that target's page", () => {
  assert.deepEqual(
    badgeLinkOf('security-headers', 'https://www.example.com/', { domain: 'example.com', feeds: true }, BASE),
    {
      feeds: true,
      url: 'https://scan.test/api/badge/example.com?tool=security-headers',
      markdown:
        '[![security headers](https://scan.test/api/badge/example.com?tool=security-headers)]' +
        '(https://scan.test/tools/security-headers?target=https%3A%2F%2Fwww.example.com%2F)',
      why: null,
    },
  );
});

test('another page offers the same badge, linked to the start, and says why it does not feed it', () => {
  const why = 'Only a scan of https://example.com/ feeds the badge of example.com.';
  const link = badgeLinkOf(
    'security-headers',
    'https://example.com/login',
    { domain: 'example.com', feeds: false, why },
    BASE,
  );
  assert.equal(link.feeds, false);
  assert.equal(link.why, why);
  assert.equal(link.url, 'https://scan.test/api/badge/example.com?tool=security-headers');
  assert.match(
    link.markdown ?? '',
    /\(https:\/\/scan\.test\/tools\/security-headers\?target=https%3A%2F%2Fexample\.com%2F\)$/,
  );
});

test('an email domain feeds its own badge; a target without a badge has neither URL nor Markdown', () => {
  const email = badgeLinkOf('email-security', 'example.org', { domain: 'example.org', feeds: true }, BASE);
  assert.equal(
    email.markdown,
    '[![email security](https://scan.test/api/badge/example.org?tool=email-security)]' +
      '(https://scan.test/tools/email-security?target=example.org)',
  );
  const why = 'An IP address has no badge.';
  assert.deepEqual(badgeLinkOf('security-headers', 'http://192.0.2.1/', { domain: null, feeds: false, why }, BASE), {
    feeds: false,
    url: null,
    markdown: null,
    why,
  });
});
