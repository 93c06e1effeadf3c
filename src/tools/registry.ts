/**
 * The one list of tools. A tool is its folder (src/tools/<tool>/, whose index.ts exports its
 * entry) and one line here: the catalog, schemas, OpenAPI, MCP tools, scanners and pages read
 * this list.
 */
import { emailSecurity } from './email-security/index.ts';
import { securityHeaders } from './security-headers/index.ts';
import type { ToolEntry } from './tool-entry.ts';

/** The non-intrusive tools that may run through the execute endpoints, in catalog order. */
export const ALLOWLISTED_TOOLS = [securityHeaders, emailSecurity] as const;

export type ToolName = (typeof ALLOWLISTED_TOOLS)[number]['name'];

export function findTool(name: string): ToolEntry<ToolName> | undefined {
  return ALLOWLISTED_TOOLS.find((t) => t.name === name);
}

/** Tools of the same product that this API does not run, and where they run instead. */
export const TOOLS_ELSEWHERE = [
  {
    name: 'website-security',
    runsIn: 'browser',
    reason: 'runs in a browser on the tool page, after email verification',
  },
  {
    name: 'react2shell',
    runsIn: 'account-portal',
    reason: 'runs through the account portal with a signed-in command-line client',
  },
  {
    name: 'fortibleed-check',
    runsIn: 'account-portal',
    reason: 'runs through the account portal with a signed-in command-line client',
  },
] as const;
