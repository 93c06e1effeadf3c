/**
 * The results region of a tool page opened for a target (`/tools/{tool}?target=`) or a stored
 * scan (`/scans/{scanId}`). The verdict and the scan time are rendered here, so they read without
 * JavaScript; the whole envelope goes to the page script as a JSON data block, and the script
 * renders it completely, as it renders the answer of a scan run from the page.
 */
import type { StoredScan } from '../store/port.ts';
import type { ToolEntry } from '../tools/tool-entry.ts';
import { curlScanOf } from './examples.ts';
import { html, jsonDataBlock, type Html } from './html.ts';
import type { Site } from './site.ts';

export interface StoredView {
  scan: StoredScan;
  /** The scan's REST envelope (`storedScanBody`), with URLs from the request's base URL. */
  body: Record<string, unknown>;
  /** Seconds since the scan finished, by the server's clock. */
  ageSec: number;
}

/** What a tool page shows beyond its blank form. */
export interface PageScan {
  /** The form's values. */
  target: string;
  selectors: readonly string[];
  /** The scan shown, or null when none is stored for the target. */
  stored: StoredView | null;
  /** True when the store could not be read, so whether a scan is stored is not known. */
  unavailable?: boolean;
}

/** The id of the data block the page script reads (src/pages/browser/tool-page.ts). */
const SCAN_DATA_ID = 'scan-data';

export function ageText(seconds: number): string {
  if (seconds < 60) return 'just now';
  const [n, unit] =
    seconds < 3600
      ? [Math.floor(seconds / 60), 'minute']
      : seconds < 86_400
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 86_400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** "2026-05-01 12:00 UTC", without Intl (not every edge runtime has its data). */
export const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What a score is shown out of: 100 for both tools, the one scale a page shows (the Observatory's
 * model adds bonus points above 100, so a security-headers score can read 160 / 100).
 */
export const scoreBaseline = (tool: ToolEntry) => Math.min(tool.scoreRange.max, 100);

/** The result message without its "Grade A+ (160/100): " lead, which the card shows already. */
function verdictSentence(message: string): string {
  const rest = message.replace(/^Grade [A-F][+-]? \(-?\d{1,4}\/\d{1,4}\): /, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function verdict(tool: ToolEntry, scan: StoredScan): Html {
  const grade = scan.grade ?? '?';
  const letter = /^[A-F]/.test(grade) ? grade.charAt(0).toLowerCase() : 'x';
  return html`<section class="verdict">
<p class="grade grade-${letter}"><span class="visually-hidden">Grade </span>${grade}</p>
<div class="summary">
<dl class="facts"><dt>Target</dt><dd>${scan.target}</dd>
<dt>Score</dt><dd>${scan.gradeScore} / ${scoreBaseline(tool)}</dd></dl>
<p class="message">${verdictSentence(scan.result.message)}</p>
<p class="meta">${tool.scoreRange.note}</p>
</div>
</section>`;
}

/**
 * The badge a result feeds, ready to paste (its Markdown, from the envelope's `badge`), or why the
 * target feeds none; nothing for a tool without badges.
 */
function badgeOffer(body: Record<string, unknown>): Html | null {
  const badge = body['badge'] as {
    feeds?: boolean;
    url?: string | null;
    markdown?: string | null;
    why?: string | null;
  };
  if (!badge || typeof badge !== 'object') return null;
  if (!badge.feeds || !badge.url || !badge.markdown)
    return badge.why ? html`<p class="badge-offer">No badge: ${badge.why}</p>` : null;
  // The preview loads from this page's origin (its CSP allows no other), whatever BASE_URL says.
  const preview = new URL(badge.url);
  return html`<section class="badge-offer"><h3>Badge for this result</h3>
<p><img src="${preview.pathname + preview.search}" alt="The badge this result feeds"></p>
<p>Paste this Markdown into a README; the badge shows the newest grade of this target:</p>
<pre><code>${badge.markdown}</code></pre></section>`;
}

function notAssessed(scan: StoredScan): Html {
  return html`<section class="problem">
<h3>No grade</h3>
<p>The scan of <code>${scan.target}</code> ran but could not grade it: ${scan.result.message}</p>
</section>`;
}

/** A target from the query string as a page shows it: cut to 80 characters and isolated from the text's direction. */
function shownTarget(target: string): Html {
  const chars = Array.from(target);
  const cut = chars.length > 80 ? chars.slice(0, 80).join('') + '\u2026' : target;
  return html`<bdi><code>${cut}</code></bdi>`;
}

function withoutScript(tool: ToolEntry, site: Site, scan: PageScan, what: string): Html {
  return html`<noscript><p>${what} needs JavaScript. Without it, run the scan through the API:</p>
<pre><code>${curlScanOf(tool, site, scan.target, scan.selectors)}</code></pre></noscript>`;
}

/** The content of the results region. */
export function resultRegion(tool: ToolEntry, site: Site, scan: PageScan): Html {
  const { stored } = scan;
  if (!stored) {
    const why = scan.unavailable
      ? html`Stored results cannot be read right now, so none is shown for ${shownTarget(scan.target)}.`
      : html`No result from the last 30 days is stored for ${shownTarget(scan.target)}.`;
    return html`<h2>Results</h2>
<p class="no-result">${why}</p>
<p data-js-only hidden>Press Scan to scan it now.</p>
${withoutScript(tool, site, scan, 'Scanning')}`;
  }
  const { scannedAt, assessed } = stored.scan;
  return html`<h2>Results</h2>
<p class="scanned"><span>${[
    html`Scanned <time datetime="${new Date(scannedAt).toISOString()}">${ageText(stored.ageSec)}</time> `,
    html`(${utcMinute(scannedAt)}).`,
  ]}</span></p>
${assessed ? verdict(tool, stored.scan) : notAssessed(stored.scan)}
${assessed ? badgeOffer(stored.body) : null}
${withoutScript(tool, site, scan, 'Scanning again')}`;
}

/** The data block for the page script: the form's values and the answer to show (its shape in browser/result.ts). */
export function scanDataBlock(scan: PageScan): Html | null {
  const { stored } = scan;
  if (!stored) return null;
  return jsonDataBlock(SCAN_DATA_ID, {
    target: scan.target,
    selectors: scan.selectors.join(', '),
    status: stored.scan.assessed ? 200 : 422,
    ageSec: stored.ageSec,
    body: stored.body,
  });
}
