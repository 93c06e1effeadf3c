import type { GradedTool } from '../store/port.ts';

/**
 * The left text of each grade's badge (src/badge/), which scan answers also write in the Markdown
 * they offer; `website-security` (the default) keeps the original "security".
 */
export const BADGE_LABELS = {
  'website-security': 'security',
  'security-headers': 'security headers',
  'email-security': 'email security',
} as const satisfies Record<GradedTool, string>;
