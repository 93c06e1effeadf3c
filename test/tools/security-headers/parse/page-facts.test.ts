/** What the Observatory model reads from the graded response's body, and when. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HeaderView } from '../../../../src/tools/security-headers/parse/headers.ts';
import { clientBody, readPage } from '../../../../src/tools/security-headers/parse/page-facts.ts';

const META = '<meta http-equiv="content-security-policy" content="default-src \'none\'">';
const SCRIPT = '<script src="https://cdn.example.net/a.js"></script>';
const page = (contentType: string | null, body: string | null = `${META}${SCRIPT}`) =>
  readPage(new HeaderView(contentType === null ? [] : [['content-type', contentType]]), body);

describe('the body as the client hands it over', () => {
  test('text that is not JSON stays as it is', () => {
    assert.equal(clientBody('<p>hi</p>'), '<p>hi</p>');
    assert.equal(clientBody('  '), '  ');
  });
  test('a JSON string is read as its text; other truthy JSON values are no text at all', () => {
    assert.equal(clientBody('"<script src=x></script>"'), '<script src=x></script>');
    for (const body of ['{"a":1}', '{}', '[1]', '[[]]', '[""]', '{"length":3}', '123', '-1', 'true', ' 7 '])
      assert.equal(clientBody(body), null, body);
  });
  test('falsy JSON values, an empty array and an empty body read as empty', () => {
    for (const body of ['null', '0', 'false', '[]', ' [ ] ', '', null])
      assert.equal(clientBody(body), '', String(body));
  });
});

describe('when scripts and meta tags are read', () => {
  test('an HTML media type, exactly spelled: both', () => {
    for (const type of ['text/html', 'text/html; charset=utf-8', 'application/xhtml+xml']) {
      const facts = page(type);
      assert.equal(facts.scriptsRead, true, type);
      assert.deepEqual(facts.metaCsp, ["default-src 'none'"], type);
      assert.equal(facts.scripts?.length, 1);
    }
  });
  test('no media type: scripts but not meta tags', () => {
    for (const type of [null, '', '; charset=utf-8']) {
      const facts = page(type);
      assert.equal(facts.scriptsRead, true, String(type));
      assert.deepEqual(facts.metaCsp, [], String(type));
    }
  });
  test('another type, or an HTML type in odd case or spacing: neither', () => {
    for (const type of ['application/json', 'Text/HTML', 'text/html ; charset=utf-8', ' text/html']) {
      const facts = page(type);
      assert.equal(facts.scriptsRead, false, type);
      assert.deepEqual(facts.metaCsp, [], type);
      assert.equal(facts.unrecognisedHtmlType, type !== 'application/json', type);
    }
  });
  test('only the first Content-Type counts', () => {
    const facts = readPage(
      new HeaderView([
        ['content-type', 'application/json'],
        ['content-type', 'text/html'],
      ]),
      SCRIPT,
    );
    assert.equal(facts.scriptsRead, false);
  });
  test('a JSON body served as HTML cannot be parsed for scripts, and has no meta tags', () => {
    const facts = page('text/html', '{"page":"<meta>"}');
    assert.equal(facts.scripts, null);
    assert.deepEqual(facts.metaCsp, []);
  });
});
