/**
 * Browser code, part 5: the form. Reads the tool, execute path and score range from the form's
 * data attributes, posts `{target, selectors?}` as JSON to the same origin, and renders the
 * answer. The short summary goes to the live status region; details go to the results region.
 */
export const SCRIPT_MAIN = String.raw`
function verdict(data, range) {
  const result = obj(data.result) || {};
  const grade = text(data.grade) || '?';
  const letter = /^[A-F]/.test(grade) ? grade.charAt(0).toLowerCase() : 'x';
  const score = typeof data.gradeScore === 'number' ? data.gradeScore + ' (range ' + range.min + '\u2013' + range.max + ')' : text(data.gradeScore);
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

function initToolPage(form) {
  const tool = form.getAttribute('data-tool');
  const endpoint = form.getAttribute('data-execute');
  const range = { min: form.getAttribute('data-score-min'), max: form.getAttribute('data-score-max'), note: form.getAttribute('data-score-note') };
  const targetInput = doc.getElementById('target');
  const selectorsInput = doc.getElementById('selectors');
  const button = form.querySelector('button[type="submit"]');
  const status = doc.getElementById('scan-status');
  const results = doc.getElementById('results');
  let timer = null;

  const ui = {
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

  function stopTimer() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  function show(nodes) {
    results.replaceChildren(el('h2', null, 'Results'));
    add(results, nodes);
  }

  function render(response, data, raw) {
    if (!obj(data)) {
      ui.say('Unexpected answer from the API (HTTP ' + response.status + ').');
      show(el('section', 'problem', [el('h3', null, 'Unexpected answer (' + response.status + ')'), el('pre', null, raw.slice(0, 2000))]));
      return;
    }
    if (response.ok && data.success === true) {
      const details = obj(obj(data.result) ? data.result.details : null) || {};
      const parts = [verdict(data, range)];
      if (tool === 'security-headers') parts.push(renderSecurityHeaders(details));
      if (tool === 'email-security') parts.push(renderEmailSecurity(details));
      parts.push(rawJson(data));
      ui.say('Grade ' + text(data.grade) + ', score ' + text(data.gradeScore) + '. ' + text(obj(data.result) ? data.result.message : ''));
      show(parts);
      return;
    }
    show([problemCard(response, data, ui), rawJson(data)]);
  }

  async function run() {
    stopTimer();
    const target = targetInput.value.trim();
    if (target === '') {
      ui.say('Enter a target to scan.');
      targetInput.focus();
      return;
    }
    const body = { target: target };
    if (selectorsInput) {
      const selectors = selectorsInput.value.split(',').map((s) => s.trim()).filter((s) => s !== '');
      if (selectors.length > 0) body.selectors = selectors;
    }
    button.disabled = true;
    results.setAttribute('aria-busy', 'true');
    results.replaceChildren();
    ui.say('Scanning ' + target + '\u2026 this can take up to 30 seconds.');
    let response;
    let raw = '';
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
      show(el('section', 'problem', [el('h3', null, 'Network error'), el('p', null, text(error && error.message))]));
      return;
    } finally {
      button.disabled = false;
      results.removeAttribute('aria-busy');
    }
    let data = null;
    try {
      data = JSON.parse(raw);
    } catch (error) {
      data = null;
    }
    render(response, data, raw);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
}

const scanForm = doc.getElementById('scan-form');
if (scanForm) initToolPage(scanForm);
`;
