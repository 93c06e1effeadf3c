import * as tldts from 'tldts';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_LABEL_LENGTH, readBadgeRequest, type BadgeQuery } from '../../src/badge/query.ts';

type Query = Record<string, string | string[]>;
const read = (query: Query, domain = 'example.com') => readBadgeRequest(domain, query, tldts);

function accepted(query: Query, domain?: string): BadgeQuery {
  const result = read(query, domain);
  assert.ok(result.ok, JSON.stringify(query));
  return result.query;
}

function refused(query: Query, domain?: string) {
  const result = read(query, domain);
  assert.ok(!result.ok, JSON.stringify(query));
  return result;
}

describe('readBadgeRequest: what is accepted', () => {
  test('nothing given: the website-security badge as SVG, default style, label "security"', () => {
    assert.deepEqual(accepted({}), {
      domain: 'example.com',
      tool: 'website-security',
      style: 'default',
      format: 'svg',
      label: 'security',
    });
  });

  const cases: [Query, Partial<BadgeQuery>][] = [
    [{ style: 'compact' }, { style: 'compact' }],
    [{ style: 'mini' }, { style: 'mini' }],
    [{ style: 'flat' }, { style: 'default' }],
    [{ style: 'flat-square' }, { style: 'compact' }],
    [{ tool: 'website-security' }, { tool: 'website-security', label: 'security' }],
    [{ tool: 'security-headers' }, { tool: 'security-headers', label: 'security headers' }],
    [{ tool: 'email-security' }, { tool: 'email-security', label: 'email security' }],
    [{ format: 'shields' }, { format: 'shields' }],
    [{ label: 'build' }, { label: 'build' }],
    [
      { tool: 'email-security', label: 'DMARC & co' },
      { tool: 'email-security', label: 'DMARC & co' },
    ],
    [{ label: '安全' }, { label: '安全' }],
    [{ label: 'x'.repeat(MAX_LABEL_LENGTH) }, { label: 'x'.repeat(MAX_LABEL_LENGTH) }],
    [{ label: '😀'.repeat(MAX_LABEL_LENGTH) }, { label: '😀'.repeat(MAX_LABEL_LENGTH) }],
    [{ label: '<script>' }, { label: '<script>' }],
    [{ v: '2', cacheSeconds: '1', other: ['a', 'b'] }, {}],
  ];
  for (const [query, expected] of cases) {
    test(JSON.stringify(query), () => {
      const result = accepted(query);
      for (const [key, value] of Object.entries(expected)) assert.equal(result[key as keyof BadgeQuery], value, key);
    });
  }

  test('the domain is normalised as everywhere else', () => {
    assert.equal(accepted({}, 'https://www.Example.com/page').domain, 'example.com');
  });
});

describe('readBadgeRequest: what is refused, with the error badge’s text and the problem’s detail', () => {
  const cases: [Query, string | undefined, string, RegExp][] = [
    [
      { style: 'plastic' },
      undefined,
      'invalid style',
      /Unknown badge style "plastic".*default, compact, mini, flat, flat-square/,
    ],
    [{ style: '' }, undefined, 'invalid style', /one of default, compact, mini/],
    [{ style: 'MINI' }, undefined, 'invalid style', /"MINI"/],
    [{ style: ['mini', 'compact'] }, undefined, 'invalid style', /given 2 times/],
    [{ style: '<b>' }, undefined, 'invalid style', /^Unknown badge style; /],
    [{ tool: 'react2shell' }, undefined, 'invalid tool', /website-security, security-headers, email-security/],
    [{ tool: 'Security-Headers' }, undefined, 'invalid tool', /must be one of/],
    [{ tool: ['email-security', 'email-security'] }, undefined, 'invalid tool', /given 2 times/],
    [{ format: 'svg' }, undefined, 'invalid format', /must be shields, or absent/],
    [{ format: 'json' }, undefined, 'invalid format', /"json"/],
    [{ label: '' }, undefined, 'invalid label', /1 to 40 characters; it has 0/],
    [{ label: 'x'.repeat(MAX_LABEL_LENGTH + 1) }, undefined, 'invalid label', /it has 41/],
    [{ label: ['a', 'b'] }, undefined, 'invalid label', /given 2 times/],
    [{ label: 'a\nb' }, undefined, 'invalid label', /control/],
    [{ label: 'a\u0000' }, undefined, 'invalid label', /control/],
    [{ label: '\u202egnp' }, undefined, 'invalid label', /formatting/],
    [{ label: 'a\u2028b' }, undefined, 'invalid label', /control/],
    [{ label: '\ud800' }, undefined, 'invalid label', /control/],
    [{}, '127.0.0.1', 'invalid domain', /IP address/],
    [{}, 'localhost', 'invalid domain', /no dot/],
    [{}, '', 'invalid domain', /./],
  ];
  for (const [query, domain, badge, detail] of cases) {
    test(`${JSON.stringify(query)} ${domain ?? ''}`, () => {
      const { error } = refused(query, domain);
      assert.equal(error.badge, badge);
      assert.match(error.problem.detail, detail);
      assert.match(error.problem.hint ?? '', /\/api\/badge\/example\.com/);
    });
  }

  test('the problem lists the accepted values of a choice', () => {
    assert.deepEqual(refused({ style: 'x' }).error.problem.extra, {
      allowedStyles: ['default', 'compact', 'mini', 'flat', 'flat-square'],
    });
    assert.deepEqual(refused({ tool: 'x' }).error.problem.extra, {
      allowedTools: ['website-security', 'security-headers', 'email-security'],
    });
    assert.deepEqual(refused({ format: 'x' }).error.problem.extra, { allowedFormats: ['shields'] });
  });

  test('the first wrong parameter is reported: format, style, tool, label, then domain', () => {
    const all = { format: 'x', style: 'x', tool: 'x', label: '' };
    assert.equal(refused(all, 'localhost').error.badge, 'invalid format');
    assert.equal(refused({ ...all, format: 'shields' }, 'localhost').error.badge, 'invalid style');
    assert.equal(refused({ tool: 'x', label: '' }, 'localhost').error.badge, 'invalid tool');
    assert.equal(refused({ label: '' }, 'localhost').error.badge, 'invalid label');
  });

  test('the error badge is drawn with the parameters that were right, defaults for the rest', () => {
    assert.deepEqual(refused({ format: 'shields', style: 'mini', label: 'build' }, 'localhost').look, {
      format: 'shields',
      style: 'mini',
      label: 'build',
    });
    assert.deepEqual(refused({ tool: 'email-security', label: '' }).look, {
      format: 'svg',
      style: 'default',
      label: 'email security',
    });
    assert.deepEqual(refused({ tool: 'nope', style: 'nope', format: 'nope' }).look, {
      format: 'svg',
      style: 'default',
      label: 'security',
    });
  });

  test('no detail repeats what the caller sent beyond a plain word', () => {
    for (const query of [{ style: '"><script>' }, { tool: 'a b' }, { format: '<x>' }, { label: '<\u0000>' }]) {
      assert.doesNotMatch(refused(query).error.problem.detail, /[<>]|script|a b/);
    }
  });
});
