import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { namedMediaTypes, prefersHtml } from '../../src/http/accept.ts';

describe('namedMediaTypes', () => {
  test('the types named with a quality above zero, lower-cased; wildcards are kept as written', () => {
    assert.deepEqual(
      [...namedMediaTypes('Application/JSON, image/*;q=0.5, text/html;level=1;q=0, application/problem+json ; q=1')],
      ['application/json', 'image/*', 'application/problem+json'],
    );
    assert.deepEqual([...namedMediaTypes(null)], []);
    assert.deepEqual([...namedMediaTypes(' , ;q=1')], []);
  });
});

describe('prefersHtml', () => {
  test('browsers navigating to a page prefer HTML', () => {
    const chromium =
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,' +
      'application/signed-exchange;v=b3;q=0.7';
    assert.equal(prefersHtml(chromium), true);
    assert.equal(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'), true);
    assert.equal(prefersHtml('TEXT/HTML'), true);
    assert.equal(prefersHtml('text/*, application/json;q=0.5'), true, 'a subtype wildcard counts');
  });

  test('no Accept, any type, JSON first, or a tie: JSON', () => {
    for (const accept of [
      null,
      '',
      '*/*',
      'application/json',
      'application/problem+json',
      'application/json, text/html',
      'text/html;q=0.5, application/json',
      'text/html;q=0.9, */*;q=0.9',
      'text/html;q=0, */*',
      'text/html;q=abc',
      'image/webp,*/*',
    ])
      assert.equal(prefersHtml(accept), false, String(accept));
  });

  test('the most specific range decides: text/html;q=0 is not revived by text/*', () => {
    assert.equal(prefersHtml('text/html;q=0, text/*, application/json;q=0.1'), false);
    assert.equal(prefersHtml('text/html, */*;q=0, application/problem+json;q=0.5'), true);
  });

  test('a field of thousands of ranges and parameters is read like any other', () => {
    const hostile = `${'text/html;q=1;'.repeat(2_000)}${',;q='.repeat(2_000)}`;
    assert.equal(prefersHtml(hostile), true);
  });
});
