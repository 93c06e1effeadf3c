/**
 * The tool-page script's entry: the form. Reads the tool, execute path and score range from the
 * form's data attributes, posts `{target, selectors?}` as JSON to the same origin, and renders the
 * answer. The short summary goes to the live status region; details go to the results region.
 */
import { add, badge, type Child, el, facts, type Json, obj, rawJson, text, token } from './dom.ts';
import { renderEmailSecurity } from './email-security.ts';
import { formatWait, problemCard, type ProblemUi } from './problems.ts';
import { renderSecurityHeaders } from './security-headers.ts';

interface ScoreRange {
  min: string | null;
  max: string | null;
  note: string | null;
}

function verdict(data: Json, range: ScoreRange): HTMLElement {
  const result = obj(data.result) ?? {};
  const grade = text(data.grade) || '?';
  const letter = /^[A-F]/.test(grade) ? grade.charAt(0).toLowerCase() : 'x';
  const score =
    typeof data.gradeScore === 'number'
      ? data.gradeScore + ' (range ' + range.min + '\u2013' + range.max + ')'
      : text(data.gradeScore);
  const status = text(result.status);
  return el('section', 'verdict', [
    el('p', 'grade grade-' + letter, [el('span', 'visually-hidden', 'Grade '), grade]),
    el('div', 'summary', [
      facts([
        ['Target', text(data.target)],
        ['Score', score],
        ['Status', status ? badge(status, 'st-' + token(status)) : null],
      ]),
      range.note ? el('p', 'meta', range.note) : null,
      result.message ? el('p', 'message', text(result.message)) : null,
    ]),
  ]);
}

function initToolPage(form: HTMLFormElement): void {
  const tool = form.getAttribute('data-tool');
  const endpoint = form.getAttribute('data-execute');
  const range: ScoreRange = {
    min: form.getAttribute('data-score-min'),
    max: form.getAttribute('data-score-max'),
    note: form.getAttribute('data-score-note'),
  };
  const targetInput = document.getElementById('target');
  const selectorsInput = document.getElementById('selectors');
  const button = form.querySelector('button[type="submit"]');
  const status = document.getElementById('scan-status');
  const results = document.getElementById('results');
  if (
    endpoint === null ||
    !(targetInput instanceof HTMLInputElement) ||
    !(button instanceof HTMLButtonElement) ||
    !status ||
    !results
  )
    return;
  let timer: number | null = null;
  // Arrow functions, not declarations: TypeScript keeps the checks above only in closures that are not hoisted.
  const stopTimer = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  const ui: ProblemUi = {
    say(message) {
      status.textContent = message;
    },
    countdown(seconds) {
      const until = Date.now() + seconds * 1000;
      const counter = el('span', 'countdown', formatWait(seconds));
      counter.setAttribute('role', 'timer');
      const line = el('p', null, ['Try again in ', counter, ' (at ' + new Date(until).toLocaleTimeString() + ').']);
      stopTimer();
      timer = setInterval(() => {
        const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
        counter.textContent = formatWait(left);
        if (left === 0) {
          stopTimer();
          line.replaceChildren('You can try again now.');
          ui.say('You can try again now.');
        }
      }, 1000);
      return line;
    },
  };

  const show = (nodes: Child): void => {
    results.replaceChildren(el('h2', null, 'Results'));
    add(results, nodes);
  };

  const render = (response: Response, data: Json | null, raw: string): void => {
    if (!data) {
      ui.say('Unexpected answer from the API (HTTP ' + response.status + ').');
      show(
        el('section', 'problem', [
          el('h3', null, 'Unexpected answer (' + response.status + ')'),
          el('pre', null, raw.slice(0, 2000)),
        ]),
      );
      return;
    }
    if (response.ok && data.success === true) {
      const result = obj(data.result);
      const details = obj(result ? result.details : null) ?? {};
      const parts: Child[] = [verdict(data, range)];
      if (tool === 'security-headers') parts.push(renderSecurityHeaders(details));
      if (tool === 'email-security') parts.push(renderEmailSecurity(details));
      parts.push(rawJson(data));
      ui.say(
        'Grade ' + text(data.grade) + ', score ' + text(data.gradeScore) + '. ' + text(result ? result.message : ''),
      );
      show(parts);
      return;
    }
    show([problemCard(response, data, ui), rawJson(data)]);
  };

  const run = async (): Promise<void> => {
    stopTimer();
    const target = targetInput.value.trim();
    if (target === '') {
      ui.say('Enter a target to scan.');
      targetInput.focus();
      return;
    }
    const body: { target: string; selectors?: string[] } = { target };
    if (selectorsInput instanceof HTMLInputElement) {
      const selectors = selectorsInput.value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      if (selectors.length > 0) body.selectors = selectors;
    }
    button.disabled = true;
    results.setAttribute('aria-busy', 'true');
    results.replaceChildren();
    ui.say('Scanning ' + target + '\u2026 this can take up to 30 seconds.');
    let response: Response;
    let raw: string;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, application/problem+json' },
        body: JSON.stringify(body),
        cache: 'no-store',
      });
      raw = await response.text();
    } catch (error) {
      ui.say('The API could not be reached. Check your connection and try again.');
      show(
        el('section', 'problem', [
          el('h3', null, 'Network error'),
          el('p', null, text(error instanceof Error ? error.message : null)),
        ]),
      );
      return;
    } finally {
      button.disabled = false;
      results.removeAttribute('aria-busy');
    }
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      data = null;
    }
    render(response, obj(data), raw);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
}

const scanForm = document.getElementById('scan-form');
if (scanForm instanceof HTMLFormElement) initToolPage(scanForm);
