/**
 * What the results region shows while a scan runs: the target, the time elapsed, what the scan
 * goes through, and a Cancel button. The answer comes in one piece, so the steps are listed as
 * what the scan does, not ticked off as they happen.
 */
import { el } from './dom.ts';
import { formatWait } from './problems.ts';

/** The steps each tool's scan goes through (docs/capture.md, docs/email-capture.md). */
const STEPS: Readonly<Record<string, readonly string[]>> = {
  'security-headers': [
    'Fetch the site over http:// and https://, following redirects',
    'Read the headers, cookies and the page\u2019s scripts',
    'Grade the 12 tests',
  ],
  'email-security': [
    'Look up DMARC and SPF (following includes)',
    'Look for DKIM keys under known selectors',
    'Check the MX hosts, MTA-STS and TLS-RPT',
    'Check BIMI and DNSSEC, then grade',
  ],
};

export interface Progress {
  node: HTMLElement;
  stop(): void;
}

export function scanProgress(tool: string | null, target: string, cancel: () => void): Progress {
  const started = Date.now();
  const elapsed = el('span', 'elapsed', '0 s');
  elapsed.setAttribute('role', 'timer');
  const button = el('button', 'cancel', 'Cancel');
  button.type = 'button';
  button.addEventListener('click', cancel);
  const steps = (tool !== null && Object.prototype.hasOwnProperty.call(STEPS, tool) ? STEPS[tool] : undefined) ?? [];
  const node = el('div', 'progress', [
    el('p', 'progress-line', ['Scanning ', el('strong', null, target), '\u2026 ', elapsed]),
    steps.length > 0
      ? el(
          'ol',
          'steps',
          steps.map((step) => el('li', null, step)),
        )
      : null,
    el('p', 'meta', 'Most scans take a few seconds; none takes more than 30.'),
    button,
  ]);
  const timer = setInterval(() => {
    elapsed.textContent = formatWait(Math.floor((Date.now() - started) / 1000));
  }, 1000);
  return { node, stop: () => clearInterval(timer) };
}
