/**
 * The tool-page script's entry: the form. Reads the tool, execute path, score range and scan-page
 * path from the form's data attributes, posts `{target, selectors?}` as JSON to the same origin,
 * and renders the answer. The short summary goes to the live status region; details go to the
 * results region. A page opened for a stored scan carries it in a JSON data block, rendered the
 * same way; after a scan the URL becomes the scan's page, and going back restores what was shown.
 */
import { add, type Child, el, type Json, obj, text } from './dom.ts';
import { formatWait, type ProblemUi } from './problems.ts';
import { scanProgress } from './progress.ts';
import { asShown, resultView, type ResultContext, type ScoreRange, type Shown } from './result.ts';

/** The server's data block (src/pages/stored-result.ts), or null. */
function storedShown(): Shown | null {
  const block = document.getElementById('scan-data');
  if (!block) return null;
  try {
    return asShown(JSON.parse(block.textContent ?? ''));
  } catch {
    return null;
  }
}

function initToolPage(form: HTMLFormElement): void {
  const tool = form.getAttribute('data-tool');
  const endpoint = form.getAttribute('data-execute');
  const scanPage = form.getAttribute('data-scan-page');
  const range: ScoreRange = {
    baseline: form.getAttribute('data-score-baseline'),
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
  let running: { abort: () => void } | null = null;
  // Arrow functions, not declarations: TypeScript keeps the checks above only in closures that are not hoisted.
  const stopTimer = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  const ui: ProblemUi = {
    say(message) {
      status.classList.remove('visually-hidden');
      status.textContent = message;
    },
    done(message) {
      status.classList.add('visually-hidden');
      status.textContent = message;
    },
    scanInstead(target) {
      targetInput.value = target;
      void run();
    },
    countdown(seconds) {
      const until = Date.now() + seconds * 1000;
      const counter = el('span', 'countdown', formatWait(seconds));
      counter.setAttribute('role', 'timer');
      const at = new Date(until).toISOString().slice(11, 16) + ' UTC';
      const line = el('p', null, ['Try again in ', counter, ' (at ' + at + ').']);
      stopTimer();
      timer = setInterval(() => {
        const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
        counter.textContent = formatWait(left);
        if (left === 0) {
          stopTimer();
          line.replaceChildren('You can try again now.');
          ui.done('You can try again now.');
        }
      }, 1000);
      return line;
    },
  };

  const show = (nodes: Child): void => {
    results.replaceChildren(el('h2', null, 'Results'));
    add(results, nodes);
  };

  const selectorsText = (): string => (selectorsInput instanceof HTMLInputElement ? selectorsInput.value : '');
  const quiet: ProblemUi = { ...ui, say() {}, done() {} };
  const resultContext = (say: boolean): ResultContext => ({
    tool,
    range,
    ui: say ? ui : quiet,
    rescan: (shown) => {
      targetInput.value = shown.target;
      if (selectorsInput instanceof HTMLInputElement) selectorsInput.value = shown.selectors;
      void run();
    },
  });
  const showAnswer = (shown: Shown, body: Json, headers: Headers, say: boolean): void =>
    show(resultView(shown, body, headers, resultContext(say)));

  const render = (response: Response, data: Json | null, raw: string, shown: Shown): void => {
    if (!data) {
      ui.done('Unexpected answer from the service (HTTP ' + response.status + ').');
      show(
        el('section', 'problem', [
          el('h3', null, 'Unexpected answer (' + response.status + ')'),
          el('pre', null, raw.slice(0, 2000)),
        ]),
      );
      return;
    }
    showAnswer(shown, data, response.headers, true);
    // Every scan that ran has a page of its own; other answers (400, 429, …) leave the URL alone.
    if (typeof data.scanId === 'string' && scanPage !== null) {
      history.pushState(shown, '', scanPage + encodeURIComponent(data.scanId));
    }
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
    running?.abort();
    const controller = new AbortController();
    // What was shown before, put back when the scan is cancelled.
    const before = Array.from(results.childNodes);
    const progress = scanProgress(tool, target, () => controller.abort());
    running = controller;
    button.disabled = true;
    results.setAttribute('aria-busy', 'true');
    results.replaceChildren(el('h2', null, 'Results'), progress.node);
    ui.done('Scanning ' + target + '\u2026');
    let response: Response;
    let raw: string;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, application/problem+json' },
        body: JSON.stringify(body),
        cache: 'no-store',
        signal: controller.signal,
      });
      raw = await response.text();
    } catch (error) {
      if (controller.signal.aborted) {
        // Cancelled by its button; a newer scan or going back replaces it without a word.
        if (running !== controller) return;
        results.replaceChildren(...before);
        ui.say('Scan cancelled. A scan the service had already started still counts toward your hourly scans.');
        return;
      }
      ui.done('The service could not be reached.');
      show(
        el('section', 'problem', [
          el('h3', null, 'The service could not be reached'),
          el('p', 'cause', 'Check your connection and try again.'),
          el('p', 'meta', 'Network error: ' + text(error instanceof Error ? error.message : null)),
        ]),
      );
      return;
    } finally {
      progress.stop();
      if (running === controller || running === null) {
        running = null;
        button.disabled = false;
        results.removeAttribute('aria-busy');
      }
    }
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      data = null;
    }
    const answer = obj(data);
    const age = Number(response.headers.get('age'));
    const shown: Shown = {
      target,
      selectors: selectorsText(),
      status: response.status,
      ageSec: age > 0 ? age : 0,
      body: answer,
    };
    render(response, answer, raw, shown);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });

  for (const node of Array.from(document.querySelectorAll('[data-js-only]'))) node.removeAttribute('hidden');
  // What the server rendered without a stored answer ("nothing stored for …"), to restore on going back.
  const served = Array.from(results.childNodes, (node) => node.cloneNode(true));
  const restore = (shown: Shown, say: boolean): void => {
    stopTimer();
    const superseded = running;
    running = null;
    superseded?.abort();
    targetInput.value = shown.target;
    if (selectorsInput instanceof HTMLInputElement) selectorsInput.value = shown.selectors;
    if (shown.body) showAnswer(shown, shown.body, new Headers(), say);
    else results.replaceChildren(...served.map((node) => node.cloneNode(true)));
  };
  const initial = storedShown() ?? {
    target: targetInput.value,
    selectors: selectorsText(),
    status: 0,
    ageSec: 0,
    body: null,
  };
  history.replaceState(initial, '');
  if (initial.body) restore(initial, false);
  window.addEventListener('popstate', (event) => {
    const shown = asShown(event.state);
    // Entries the page did not make (a jump to #main) keep what is shown.
    if (shown) restore(shown, true);
  });
}

const scanForm = document.getElementById('scan-form');
if (scanForm instanceof HTMLFormElement) initToolPage(scanForm);
