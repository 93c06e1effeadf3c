import { emailSecurityDefinition } from './email-security/definition.ts';
import { securityHeadersDefinition } from './security-headers/definition.ts';
import type { ToolDefinition, ToolName } from './tool.ts';

/** The non-intrusive tools that may run through the execute endpoints, in catalog order. */
export const ALLOWLISTED_TOOLS: readonly ToolDefinition[] = [securityHeadersDefinition, emailSecurityDefinition];

export function findTool(name: string): ToolDefinition | undefined {
  return ALLOWLISTED_TOOLS.find((t) => t.name === name);
}

export function isToolName(name: string): name is ToolName {
  return findTool(name) !== undefined;
}

/** Tools of the same product that this API does not run, and where they run instead. */
export const TOOLS_ELSEWHERE = [
  { name: 'website-security', runsIn: 'browser', reason: 'runs in a browser on the tool page, after email verification' },
  { name: 'react2shell', runsIn: 'account-portal', reason: 'runs through the account portal with a signed-in command-line client' },
  { name: 'fortibleed-check', runsIn: 'account-portal', reason: 'runs through the account portal with a signed-in command-line client' },
] as const;
