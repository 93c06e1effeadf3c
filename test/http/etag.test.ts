import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { renderBadge } from '../../src/badge/render.ts';
import { ifNoneMatchMatches, strongEtag } from '../../src/http/etag.ts';

describe('strongEtag', () => {
  test('is the quoted hex SHA-256 of the UTF-8 bytes, strong (no W/)', async () => {
    const svg = renderBadge('A+', 'default');
    assert.equal(await strongEtag(svg), `"${createHash('sha256').update(svg, 'utf8').digest('hex')}"`);
    assert.equal(
      await strongEtag('bücher'),
      `"${createHash('sha256').update(Buffer.from('bücher', 'utf8')).digest('hex')}"`,
    );
  });

  test('differs between badges and is stable for one badge', async () => {
    const tags = new Set<string>();
    for (const style of ['default', 'compact', 'mini'] as const) {
      for (const grade of ['A+', 'A', 'F', null]) tags.add(await strongEtag(renderBadge(grade, style)));
    }
    assert.equal(tags.size, 12);
    assert.equal(await strongEtag(renderBadge('B', 'mini')), await strongEtag(renderBadge('B', 'mini')));
  });
});

describe('ifNoneMatchMatches', () => {
  const tag = '"abc123"';
  const cases: [field: string | null, matches: boolean][] = [
    [null, false],
    ['', false],
    ['"abc123"', true],
    ['W/"abc123"', true],
    ['"other", "abc123"', true],
    ['"other",W/"abc123" , "x"', true],
    ['*', true],
    [' * ', true],
    ['"abc1234"', false],
    ['"abc12"', false],
    ['abc123', false],
    ['"other"', false],
    ['W/"other", "x,y"', false],
    ['"x,y", "abc123"', true],
  ];
  for (const [field, matches] of cases) {
    test(`${JSON.stringify(field)} ${matches ? 'matches' : 'does not match'}`, () => {
      assert.equal(ifNoneMatchMatches(field, tag), matches);
    });
  }

  test('a tag with a comma in it is matched whole (a list is not split inside quotes)', () => {
    assert.equal(ifNoneMatchMatches('"x,y"', '"x,y"'), true);
    assert.equal(ifNoneMatchMatches('"a", W/"x,y"', '"x,y"'), true);
    assert.equal(ifNoneMatchMatches('"x"', '"x,y"'), false);
  });
});
