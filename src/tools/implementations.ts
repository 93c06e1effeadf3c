/**
 * The heavy half of every tool in src/tools/registry.ts: its scanner (retrieval, parsing, grading)
 * and the shapes of its result. Only what runs a scan or describes results imports this file, and
 * they do so on first use, so a cold start never parses it (docs/runtimes.md, "Chunks").
 */
import { emailSecurityImplementation } from './email-security/implementation.ts';
import { securityHeadersImplementation } from './security-headers/implementation.ts';
import type { ToolName } from './registry.ts';
import type { ToolImplementation } from './tool-entry.ts';

export const TOOL_IMPLEMENTATIONS = {
  'security-headers': securityHeadersImplementation,
  'email-security': emailSecurityImplementation,
} satisfies Record<ToolName, ToolImplementation>;
