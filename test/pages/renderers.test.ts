/** The pure page renderers: tool pages, skills, error pages, llms.txt, landing page, html tag. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import vm from 'node:vm';
import * as v from 'valibot';
import { parse as parseYaml } from 'yaml';
import { ERROR_CODES, ERRORS, errorSlug } from '../../src/http/errors.ts';
import { SITE_STYLESHEET, TOOL_PAGE_SCRIPT } from '../../src/pages/assets.ts';
import { contentHash } from '../../src/pages/content-hash.ts';
import { ERROR_DOCS } from '../../src/pages/error-docs.ts';
import { errorCodeForSlug, exampleProblem, renderErrorIndex, renderErrorPage } from '../../src/pages/error-pages.ts';
import { escapeHtml } from '../../src/http/markup-escape.ts';
import { html, trusted } from '../../src/pages/html.ts';
import { renderLandingPage } from '../../src/pages/landing.ts';
import { renderLlmsTxt } from '../../src/pages/llms-txt.ts';
import { siteFor } from '../../src/pages/site.ts';
import { renderSkill } from '../../src/pages/skill.ts';
import { renderToolPage } from '../../src/pages/tool-page.ts';
import { AnyProblemSchema } from '../../src/contract/problem-schemas.ts';
import { ALLOWLISTED_TOOLS } from '../../src/tools/registry.ts';

const BASE = 'https://scan.test';
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** What every HTML page must satisfy under its CSP: no inline script, style or handler; accessible basics. */
function assertCspSafeDocument(page: string): void {
  assert.match(page, /^<!doctype html>\n<html lang="en">/);
  assert.match(page, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  assert.match(page, /<title>[^<]+<\/title>/);
  assert.equal((page.match(/<h1>/g) ?? []).length, 1, 'one h1');
  assert.match(page, /<main id="main">/);
  for (const script of page.match(/<script\b[^>]*>/g) ?? [])
    assert.match(
      script,
      /^<script src="\/assets\/tool-page\.js\?v=[0-9a-z]+" defer>$/,
      'only the versioned same-origin script',
    );
  assert.doesNotMatch(page, /<style\b/i);
  assert.doesNotMatch(page, /\sstyle=/i);
  assert.doesNotMatch(page, /\son[a-z]+=/i, 'no inline event handler');
  assert.doesNotMatch(page, /(?:src|href)="(?:https?:)?\/\/(?!scan\.test|account\.)/, 'no third-party resource');
  assert.match(page, /<link rel="stylesheet" href="\/assets\/site\.css\?v=[0-9a-z]+">/);
}

describe('html tag', () => {
  test('escapes interpolations, keeps Html, joins arrays, drops null and false', () => {
    const array = ['a', html`<br>`];
    const out = html`<p title="${'"x" & <y>'}">${'<b>'}${trusted('<i>ok</i>')}${array}${null}${false}${0}</p>`;
    assert.equal(out.text, '<p title="&quot;x&quot; &amp; &lt;y&gt;">&lt;b&gt;<i>ok</i>a<br>0</p>');
    assert.equal(escapeHtml(`'`), '&#39;');
  });
});

describe('tool pages', () => {
  test('address people: how to read a result speaks of the words the table uses, not of fields and headers', () => {
    for (const tool of ALLOWLISTED_TOOLS) {
      const page = renderToolPage(tool, BASE);
      const about = /<summary>How to read the result<\/summary>([\s\S]*?)<\/details>/.exec(page)?.[1] ?? '';
      for (const word of ['FAIL', 'WARN', 'NOTE', 'PASS']) assert.ok(about.includes(`<dt>${word}</dt>`), word);
      assert.doesNotMatch(page, /Retry-After|result\.details|tests\[\]|pass: false|send a JSON object/i, tool.name);
    }
  });

  for (const tool of ALLOWLISTED_TOOLS) {
    test(`${tool.name}: a labelled form wired to its execute path, a live status region, the range and scale`, () => {
      const page = renderToolPage(tool, BASE);
      assertCspSafeDocument(page);
      assert.match(
        page,
        new RegExp(`data-tool="${tool.name}" data-execute="/api/v1/agent/tools/${tool.name}/execute"`),
      );
      assert.match(page, /data-score-baseline="100"/);
      assert.match(
        page,
        /<label for="target">[^<]+<\/label>\n<input type="text" id="target" name="target" required maxlength="2048"/,
      );
      assert.match(page, /<p id="scan-status" class="scan-status" role="status" aria-live="polite"><\/p>/);
      assert.match(page, /<section id="results" class="results" aria-label="Scan results"/);
      assert.ok(page.includes(tool.gradeScale.join(', ')));
      assert.ok(page.includes(`POST ${BASE}/api/v1/agent/tools/${tool.name}/execute`));
      assert.ok(page.includes(`href="/agent-skills/${tool.name}.md"`));
      const hasSelectors = page.includes('<label for="selectors">');
      assert.equal(hasSelectors, tool.name === 'email-security');
    });
  }

  test('a base URL with a path prefixes every same-origin link, asset and the execute path', () => {
    const page = renderToolPage(ALLOWLISTED_TOOLS[0], 'https://example.org/scan');
    assert.match(page, /data-execute="\/scan\/api\/v1\/agent\/tools\/security-headers\/execute"/);
    assert.match(page, /<link rel="stylesheet" href="\/scan\/assets\/site\.css\?v=/);
    assert.match(page, /<script src="\/scan\/assets\/tool-page\.js\?v=/);
    assert.doesNotMatch(page, /href="\/(?!scan\/)/);
  });

  test('configuration values are escaped', () => {
    const page = renderToolPage(ALLOWLISTED_TOOLS[0], BASE, {
      accountUrl: 'https://account.test/"><script>alert(1)</script>',
    });
    assert.ok(!page.includes('<script>alert(1)'));
    assert.ok(page.includes('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'));
  });
});

describe('agent skills', () => {
  for (const tool of ALLOWLISTED_TOOLS) {
    test(`${tool.name}: Agent Skills front matter, how to call, auth, limits, result, every error`, () => {
      const skill = renderSkill(tool, BASE);
      const match = /^---\n([\s\S]+?)\n---\n/.exec(skill);
      assert.ok(match, 'front matter');
      const meta = parseYaml(match[1]!) as Record<string, unknown>;
      assert.equal(meta.name, tool.name);
      assert.match(String(meta.name), /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      const description = String(meta.description);
      assert.ok(description.length > 100 && description.length <= 1024, `description length ${description.length}`);
      assert.match(description, /Use when/);
      assert.ok(String(meta.compatibility).length <= 500);
      assert.deepEqual(
        Object.values(meta.metadata as object).every((x) => typeof x === 'string'),
        true,
        'metadata is string → string',
      );

      const body = skill.slice(match[0].length);
      assert.ok(body.split('\n').length < 500, 'under 500 lines');
      for (const heading of [
        '## When to use it',
        '## When not to use it',
        '## How to call it',
        '## Authentication',
        '## Limits',
        '## How to read the result',
        '## Errors',
      ]) {
        assert.ok(body.includes(`\n${heading}\n`), heading);
      }
      const execute = `${BASE}/api/v1/agent/tools/${tool.name}/execute`;
      assert.ok(body.includes(`curl -sS -X POST '${execute}'`));
      assert.ok(body.includes(`await fetch('${execute}'`));
      for (const text of [
        'Authorization: Bearer <key>',
        'X-Api-Key: <key>',
        '`tools:read`',
        '`tools:execute`',
        '`badges:read`',
        'https://account.agent-scan.example/keys',
      ])
        assert.ok(body.includes(text), text);
      for (const text of [
        '| 10 per client IP | 30 per key |',
        '20 per client IP and 20 per target (at most 5 of them by one client); 1,000 overall',
      ])
        assert.ok(body.includes(text), text);
      assert.ok(body.includes(tool.gradeScale.join(', ')));
      assert.ok(body.includes(`\`gradeScore\`: ${tool.scoreRange.min} to ${tool.scoreRange.max}.`));
      for (const status of ['passed', 'warnings', 'failed', 'error'])
        assert.ok(body.includes(`| \`${status}\` |`), status);
      for (const code of ERROR_CODES) {
        assert.ok(body.includes(`**${ERRORS[code].status} \`${code}\`**`), code);
        assert.ok(body.includes(`(${BASE}/developers/errors/${errorSlug(code)})`), code);
      }
    });
  }

  test('the limits shown are the service’s limits', () => {
    const limits = {
      anonymousPerMinute: 5,
      keyPerMinute: 50,
      scansPerHourPerClient: 7,
      scansPerHourPerTarget: 8,
      scansPerHourPerClientPerTarget: 3,
      scansPerHourPerNetwork: 9,
      scansPerHourOverall: 12345,
      badgePerMinute: 1,
      pagesPerMinute: 4,
      mcpProtocolPerMinute: 2,
    };
    const skill = renderSkill(ALLOWLISTED_TOOLS[0], BASE, { limits });
    assert.ok(skill.includes('| 5 per client IP | 50 per key |'));
    assert.ok(skill.includes('7 per client IP and 8 per target (at most 3 of them by one client); 12,345 overall'));
    // The curl example, in the skill and on the tool page.
    assert.ok(skill.includes('# with a developer key (50 requests/min instead of 5)'));
    assert.ok(
      renderToolPage(ALLOWLISTED_TOOLS[0], BASE, { limits }).includes(
        '# with a developer key (50 requests/min instead of 5)',
      ),
    );
  });
});

describe('error pages', () => {
  test('every code has a longer explanation and a slug that maps back to it', () => {
    assert.deepEqual(Object.keys(ERROR_DOCS).sort(), [...ERROR_CODES].sort());
    for (const code of ERROR_CODES) assert.equal(errorCodeForSlug(errorSlug(code)), code);
    assert.equal(errorCodeForSlug('rate_limit_exceeded'), undefined, 'the code itself is not a slug');
    assert.equal(errorCodeForSlug('nope'), undefined);
  });

  for (const code of ERROR_CODES) {
    test(`${code}: meaning, causes, actions, the table's hint and a valid example problem`, () => {
      const page = renderErrorPage(code, BASE);
      assertCspSafeDocument(page);
      assert.doesNotMatch(page, /<script/);
      assert.ok(page.includes(`<h1>${escapeHtml(ERRORS[code].title)} `));
      assert.ok(page.includes(escapeHtml(ERRORS[code].hint)));
      assert.ok(page.includes(escapeHtml(ERROR_DOCS[code].meaning)));
      for (const line of [...ERROR_DOCS[code].causes, ...ERROR_DOCS[code].actions])
        assert.ok(page.includes(escapeHtml(line)), line);

      const pre = /<pre><code>([\s\S]+?)<\/code><\/pre>/.exec(page);
      assert.ok(pre);
      const text = unescape(pre[1]!);
      assert.ok(
        text.startsWith(
          `HTTP/1.1 ${ERRORS[code].status} ${ERRORS[code].title}\nContent-Type: application/problem+json\n`,
        ),
      );
      const body = JSON.parse(text.slice(text.indexOf('\n\n') + 2));
      v.parse(AnyProblemSchema, body);
      assert.equal(body.code, code);
      assert.equal(body.status, ERRORS[code].status);
      assert.equal(body.type, `${BASE}/developers/errors/${errorSlug(code)}`);
      if (code === 'rate_limit_exceeded' || code === 'service_unavailable')
        assert.ok(text.includes(`Retry-After: ${body.retryAfterSec}\n`));
    });
  }

  test('the example of 410 names the configured account portal', () => {
    const example = exampleProblem('gone', siteFor(BASE, { accountUrl: 'https://portal.test/keys' }));
    assert.equal(example.body.accountUrl, 'https://portal.test/keys');
    assert.match(String(example.body.detail), /https:\/\/portal\.test\/keys/);
  });

  test('the index links every code', () => {
    const page = renderErrorIndex(BASE);
    assertCspSafeDocument(page);
    for (const code of ERROR_CODES)
      assert.ok(
        page.includes(`<a href="/developers/errors/${errorSlug(code)}"><code class="error-code">${code}</code></a>`),
        code,
      );
  });
});

describe('llms.txt', () => {
  test('H1, blockquote, free text, then H2 sections of link lists', () => {
    const text = renderLlmsTxt(BASE);
    const lines = text.split('\n');
    assert.equal(lines[0], '# Agent Scan API');
    assert.equal(lines[1], '');
    assert.match(lines[2]!, /^> \S/);
    const firstSection = lines.findIndex((l) => l.startsWith('## '));
    assert.ok(firstSection > 3);
    assert.ok(
      lines.slice(3, firstSection).every((l) => !l.startsWith('#')),
      'free text has no headings',
    );
    const sections = lines.filter((l) => l.startsWith('#')).slice(1);
    assert.deepEqual(sections, ['## API', '## Agent skills', '## Tool pages', '## Errors', '## Optional']);
    for (const line of lines.slice(firstSection)) {
      if (line === '' || line.startsWith('## ')) continue;
      assert.match(line, /^- (?:\[[^\]]+\]\(https?:\/\/[^)\s]+\)(?:: .+)?|Not on this API: .+)$/, line);
    }
    const urls = [`${BASE}/api/v1/agent/tools`, `${BASE}/openapi.json`, `${BASE}/developers/errors`];
    for (const tool of ALLOWLISTED_TOOLS)
      urls.push(`${BASE}/agent-skills/${tool.name}.md`, `${BASE}/tools/${tool.name}`);
    for (const code of ERROR_CODES) urls.push(`${BASE}/developers/errors/${errorSlug(code)}`);
    for (const url of urls) assert.ok(text.includes(`](${url})`), url);
  });
});

describe('landing page', () => {
  test('links the tool pages, skills, catalog, OpenAPI, llms.txt and error docs', () => {
    const page = renderLandingPage(BASE);
    assertCspSafeDocument(page);
    assert.doesNotMatch(page, /<script/);
    const hrefs = ['/api/v1/agent/tools', '/openapi.json', '/llms.txt', '/developers/errors'];
    for (const tool of ALLOWLISTED_TOOLS) hrefs.push(`/tools/${tool.name}`, `/agent-skills/${tool.name}.md`);
    for (const href of hrefs) assert.ok(page.includes(`href="${href}"`), href);
    // The badge a scan here feeds comes first; the operator's default is explained after it.
    const badges = [/\/api\/badge\/example\.com\?tool=security-headers/, /Without <code>\?tool=<\/code>/];
    const at = badges.map((badge) => page.search(badge));
    assert.ok(at[0]! > 0 && at[1]! > at[0]!, String(at));
  });
});

describe('assets', () => {
  test('the script parses, builds DOM only (no HTML parsing, eval or inline styles) and loads nothing', () => {
    const js = TOOL_PAGE_SCRIPT.body;
    assert.doesNotThrow(() => new vm.Script(js));
    for (const forbidden of [
      /innerHTML/,
      /outerHTML/,
      /insertAdjacentHTML/,
      /document\.write/,
      /\beval\s*\(/,
      /new Function/,
      /setAttribute\(\s*['"](?:on|style|src)/i,
      /\.style\./,
      /import\s*\(/,
      /createContextualFragment/,
      /DOMParser/,
    ]) {
      assert.doesNotMatch(js, forbidden, String(forbidden));
    }
    assert.match(js, /^\/\*[^*]*\*\/\n\(\(\) => \{\n'use strict';/);
  });

  test('the stylesheet loads nothing from elsewhere', () => {
    assert.doesNotMatch(SITE_STYLESHEET.body, /@import|url\(|@font-face/);
  });

  test('content hashes differ for different content and are URL-safe', () => {
    assert.notEqual(contentHash('a'), contentHash('b'));
    assert.equal(contentHash('same'), contentHash('same'));
    assert.match(TOOL_PAGE_SCRIPT.hash, /^[0-9a-z]+$/);
    assert.notEqual(TOOL_PAGE_SCRIPT.hash, SITE_STYLESHEET.hash);
  });
});
