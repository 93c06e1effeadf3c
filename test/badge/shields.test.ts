import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorContent, gradeContent } from '../../src/badge/content.ts';
import { SHIELDS_CACHE_SECONDS, SHIELDS_CONTENT_TYPE, shieldsEndpoint } from '../../src/badge/shields.ts';

describe('shields.io endpoint JSON', () => {
  test('schemaVersion 1, the label, the grade, the SVG’s colour name and five minutes of cache', () => {
    assert.equal(
      shieldsEndpoint(gradeContent('A+', 'security headers'), 'default'),
      '{"schemaVersion":1,"label":"security headers","message":"A+","color":"brightgreen","cacheSeconds":300}',
    );
    assert.equal(SHIELDS_CACHE_SECONDS, 300);
    assert.equal(SHIELDS_CONTENT_TYPE, 'application/json');
  });

  const cases: [string, Parameters<typeof shieldsEndpoint>, Record<string, unknown>][] = [
    ['? is lightgrey', [gradeContent(null, 'email security'), 'default'], { message: '?', color: 'lightgrey' }],
    ['F is red', [gradeContent('F'), 'default'], { label: 'security', message: 'F', color: 'red' }],
    [
      'compact asks for flat-square (its look; shields has one size)',
      [gradeContent('B'), 'compact'],
      { color: 'yellowgreen', style: 'flat-square' },
    ],
    ['mini has an empty label', [gradeContent('C-'), 'mini'], { label: '', message: 'C-' }],
    [
      'an error is flagged isError',
      [errorContent('invalid domain'), 'default', true],
      { message: 'invalid domain', color: 'red', isError: true },
    ],
  ];
  for (const [name, args, expected] of cases) {
    test(name, () => {
      const body = JSON.parse(shieldsEndpoint(...args));
      assert.equal(body.schemaVersion, 1);
      for (const [key, value] of Object.entries(expected)) assert.equal(body[key], value, key);
      if (!('style' in expected)) assert.ok(!('style' in body), 'no style unless compact');
      if (!('isError' in expected)) assert.ok(!('isError' in body), 'no isError on a grade');
    });
  }

  test('a label of the caller’s own is passed through as JSON text', () => {
    const body = JSON.parse(shieldsEndpoint(gradeContent('A', '"</script>\\'), 'default'));
    assert.equal(body.label, '"</script>\\');
  });
});
