/**
 * The tool-page script served at /assets/tool-page.js: the browser parts joined into one strict
 * IIFE (no globals, no module loading, no third-party code).
 */
import { SCRIPT_DOM } from './script-dom.ts';
import { SCRIPT_EMAIL_SECURITY } from './script-email-security.ts';
import { SCRIPT_MAIN } from './script-main.ts';
import { SCRIPT_PROBLEMS } from './script-problems.ts';
import { SCRIPT_SECURITY_HEADERS } from './script-security-headers.ts';

export const TOOL_PAGE_JS = `/* Agent Scan API tool page. Renders results with DOM nodes and text only. */
(() => {
'use strict';
${[SCRIPT_DOM, SCRIPT_SECURITY_HEADERS, SCRIPT_EMAIL_SECURITY, SCRIPT_PROBLEMS, SCRIPT_MAIN].map((part) => part.trim()).join('\n\n')}
})();
`;
