/**
 * The HTML facts read as the Observatory's current algorithm reads them: htmlparser2 12.0.0 (the
 * version its main branch locks) with the options it parses with, and its rules for meta tags
 * (restated here from its documented behaviour). Seeded generated pages built from markup that
 * moves the parser's open-element stack; every difference is a failure.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { extractHtmlFacts, type HtmlFacts } from '../../../../src/tools/security-headers/parse/html-facts.ts';
import * as grammars from '../../../support/fuzz-grammars.ts';
import { FUZZ_SEED } from '../../../support/fuzz.ts';

type Attributes = Record<string, string>;

function startTags(html: string, wanted: string): Attributes[] {
  const found: Attributes[] = [];
  const parser = new Parser(
    { onopentag: (name, attributes) => void (name === wanted && found.push(attributes)) },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const has = (attributes: Attributes, name: string): boolean => Object.hasOwn(attributes, name);
const get = (attributes: Attributes, name: string): string | null => (has(attributes, name) ? attributes[name]! : null);

/** A meta with http-equiv and content is only http-equiv; otherwise name=referrer, last non-empty wins. */
function observatoryFacts(html: string): HtmlFacts {
  const facts: HtmlFacts = { metaCsp: [], metaReferrer: null, scripts: [] };
  for (const meta of startTags(html, 'meta')) {
    const content = get(meta, 'content');
    if (has(meta, 'http-equiv') && content !== null) {
      if (content && get(meta, 'http-equiv')!.toLowerCase().trim() === 'content-security-policy') {
        facts.metaCsp.push(content);
      }
    } else if (get(meta, 'name')?.toLowerCase().trim() === 'referrer' && content) {
      facts.metaReferrer = content;
    }
  }
  facts.scripts = startTags(html, 'script').map((script) => ({
    src: get(script, 'src'),
    integrity: get(script, 'integrity'),
    crossorigin: get(script, 'crossorigin'),
  }));
  return facts;
}

const page = fc
  .array(fc.constantFrom(...grammars.HTML_TOKENS, ...grammars.HTML_TREE_TOKENS), { maxLength: 40 })
  .map((tokens) => tokens.join(''));

test('every generated page yields the facts htmlparser2 yields', () => {
  fc.assert(
    fc.property(page, (html) => assert.deepEqual(extractHtmlFacts(html), observatoryFacts(html))),
    { seed: FUZZ_SEED, numRuns: 20_000 },
  );
});

test('pages whose element stack decides where raw text is read', () => {
  const cases: [string, string][] = [
    ['an end tag closes the svg opened inside it', '<div><svg></div><title><meta name=referrer content=a></title>'],
    ['foreignObject is an integration point only inside svg', '<math><foreignObject><title><script src=x></title>'],
    [
      'svg names keep their case for matching end tags',
      '<svg><clipPath><foreignObject><clippath></clippath><title><script src=y>',
    ],
    ['a second form is ignored', '<form><svg><form></form><style><script src=z></style>'],
    ['implied closes pop the stack before svg content', '<p><svg><p></svg><textarea><script src=w></textarea>'],
    ['self-closing only in foreign content', '<svg><desc/><script>x</script><script src=v>'],
  ];
  for (const [name, html] of cases) assert.deepEqual(extractHtmlFacts(html), observatoryFacts(html), name);
});
