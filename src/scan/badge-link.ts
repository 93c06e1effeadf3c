/**
 * The `badge` member of a scan's answer: the `?tool=` badge its target belongs to, as a URL and as
 * Markdown linking it to the target on the tool page, and whether this scan's grade is what the
 * badge shows (docs/badge.md: only a scan of what the badge names feeds it).
 */
import { loadPublicSuffixList } from '../net/site-domain.ts';
import { badgePath, toolPagePath } from '../paths.ts';
import type { StoredScan } from '../store/port.ts';
import { BADGE_LABELS } from '../tools/badge-labels.ts';
import { findTool } from '../tools/registry.ts';
import type { BadgeFeed } from '../tools/tool.ts';

export interface BadgeLink {
  feeds: boolean;
  url: string | null;
  markdown: string | null;
  why: string | null;
}

export function badgeLinkOf(tool: string, target: string, feed: BadgeFeed, baseUrl: string): BadgeLink {
  const why = feed.feeds ? null : feed.why;
  if (feed.domain === null || !(tool in BADGE_LABELS)) return { feeds: false, url: null, markdown: null, why };
  const url = `${baseUrl}${badgePath(feed.domain)}?tool=${tool}`;
  // The badge links to what it shows: this target when it feeds the badge, else the site's start.
  const shown = feed.feeds ? target : tool === 'security-headers' ? `https://${feed.domain}/` : feed.domain;
  const page = `${baseUrl}${toolPagePath(tool)}?target=${encodeURIComponent(shown)}`;
  const label = BADGE_LABELS[tool as keyof typeof BADGE_LABELS];
  return { feeds: feed.feeds, url, markdown: `[![${label}](${url})](${page})`, why };
}

/** The badge feed of a kept scan's target, read again as its tool reads a target. */
export async function keptScanBadge(scan: StoredScan): Promise<BadgeFeed> {
  const parsed = findTool(scan.tool)?.parseTarget(scan.target, await loadPublicSuffixList());
  return parsed?.ok ? parsed.badge : { domain: null, feeds: false, why: 'This target has no badge.' };
}
