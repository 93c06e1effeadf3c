/**
 * The pages for people and the documents for agents (src/pages/routes.ts) in the OpenAPI
 * document: what each path serves and how it is cached. They draw on their own budget per client
 * address (pages-per-minute); a key that is sent is still checked.
 */
import { noKey, PAGE_REFUSALS, ref, shared } from './shared.ts';
import { ALLOWLISTED_TOOLS } from '../../tools/registry.ts';

const TEXT = { schema: { type: 'string' } };
const HTML = { 'text/html': TEXT };

function document(
  operationId: string,
  summary: string,
  description: string,
  content: Record<string, typeof TEXT>,
  parameter?: { name: string; description?: string; example: string },
) {
  return {
    operationId,
    summary,
    description,
    tags: ['pages'],
    security: noKey,
    ...(parameter
      ? {
          parameters: [
            {
              name: parameter.name,
              in: 'path',
              required: true,
              ...(parameter.description ? { description: parameter.description } : {}),
              schema: { type: 'string' },
              example: parameter.example,
            },
          ],
        }
      : {}),
    responses: {
      '200': { description: summary, headers: { ETag: ref('ETag') }, content },
      '304': {
        description: 'Not modified.',
        headers: { ETag: ref('ETag') },
      },
      ...(parameter ? { '404': shared('PageNotFound') } : {}),
      ...PAGE_REFUSALS,
    },
  };
}

const TOOL_NAMES = ALLOWLISTED_TOOLS.map((t) => t.name).join(' or ');

/** Each page's operation, by its name in src/paths.ts. */
export const PAGE_OPERATIONS = {
  home: document('home-page', 'The landing page', 'For people.', HTML),
  llms: document('llms-txt', 'llms.txt', 'See llmstxt.org.', {
    'text/plain': TEXT,
  }),
  toolPage: document('tool-page', 'A tool page', 'Scans in the browser.', HTML, {
    name: 'tool',
    description: `${TOOL_NAMES}.`,
    example: ALLOWLISTED_TOOLS[0].name,
  }),
  scanPage: document('scan-page', 'A stored scan as a page', "A scan's `permalink`.", HTML, {
    name: 'scanId',
    example: '3q2-7wAAAAC6vbrQ8J-Hxw',
  }),
  skill: document(
    'agent-skill',
    'An agent skill file',
    'Markdown.',
    { 'text/markdown': TEXT },
    {
      name: 'skill',
      example: `${ALLOWLISTED_TOOLS[0].name}.md`,
    },
  ),
  errors: document('error-index', 'Every error code', 'Status and meaning.', HTML),
  error: document('error-page', 'One error code', 'A problem `type` links here.', HTML, {
    name: 'slug',
    example: 'rate-limit-exceeded',
  }),
  script: document('tool-page-script', 'The tool pages’ script', 'Immutable with ?v=.', {
    'text/javascript': TEXT,
  }),
  stylesheet: document('site-stylesheet', 'The pages’ stylesheet', 'Immutable with ?v=.', {
    'text/css': TEXT,
  }),
};
