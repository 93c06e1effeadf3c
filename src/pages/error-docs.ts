/**
 * The longer explanation of every error code, for /developers/errors/{slug} and the skills. The
 * status, title and hint come from the one error table (src/http/errors.ts); this table adds what
 * the code means, why it happens, what to do and an example. Typed by `ErrorCode`, so a new code
 * without an entry here does not compile. Each tool's own causes come from its guide.
 */
import type { ErrorCode } from '../http/errors.ts';
import type { ProblemOptions } from '../http/problem.ts';
import { BODY_DEADLINE_MS } from '../limits.ts';
import { ALLOWLISTED_TOOLS } from '../tools/registry.ts';
import type { ToolGuide } from '../tools/tool-guide.ts';

export interface ErrorDoc {
  /** One sentence: what the code means. */
  meaning: string;
  /** Why it happens. */
  causes: string[];
  /** What to do, in order. */
  actions: string[];
  /** Whether retrying the same request can succeed, in a few words. */
  retry: string;
  /** The example problem: the request that caused it, and the options the service would use. */
  example: { request: string; options: ProblemOptions | ((accountUrl: string) => ProblemOptions) };
}

/** Every tool's causes of one kind, each led by the tool's name. */
function toolCauses(of: (guide: ToolGuide) => string[]): string[] {
  return ALLOWLISTED_TOOLS.flatMap((tool) => of(tool.guide).map((cause) => `${tool.name}: ${cause}`));
}

export const ERROR_DOCS: Record<ErrorCode, ErrorDoc> = {
  bad_request: {
    meaning:
      'The request body could not be used: it is not JSON, has no usable "target", ' +
      'or the target is not valid for this tool. No scan ran and nothing was counted.',
    causes: [
      'The body is not valid JSON, or is not a JSON object.',
      '"target" is missing, empty, not a string, or longer than 2,048 characters.',
      ...toolCauses((guide) => guide.invalidInputCauses),
      'POST /mcp: the body is not one JSON-RPC message (not JSON, or a batch), ' +
        'or asks for subscriptions/listen, which this stateless server does not offer.',
    ],
    actions: [
      'Read "detail" and "error.hint": they name the field and what was wrong.',
      'Fix the body, e.g. {"target": "example.com"}, and send it again.',
    ],
    retry: 'Only after fixing the request.',
    example: {
      request: 'POST /api/v1/agent/tools/email-security/execute {"target":"www.example.com"}',
      options: { detail: '"target" must be an apex (registrable) domain, not a subdomain.', hint: 'use example.com' },
    },
  },
  unauthorized: {
    meaning:
      'An API key was sent but it is not valid: malformed, unknown, revoked or expired. ' +
      'The request is not served anonymously instead.',
    causes: [
      'A typo or a truncated key (the last six characters are a checksum, so most typos are caught without a lookup).',
      'The key was revoked on the account portal (revocation takes effect within about a minute).',
      'The key expired.',
      'Both Authorization and X-Api-Key were sent with different keys, an empty header was sent, ' +
        'or Authorization used a scheme other than Bearer.',
    ],
    actions: [
      'Check the key: it starts with the developer-key prefix ' +
        'and is sent as "Authorization: Bearer <key>" or "X-Api-Key: <key>".',
      'Create a new key on the account portal if it was revoked or expired.',
      'Or send no key at all: every endpoint works anonymously at the lower rate limit.',
    ],
    retry: 'Not with the same key.',
    example: {
      request: 'GET /api/v1/agent/tools with X-Api-Key: asc_live_wrong',
      options: {
        detail:
          'The API key is malformed: ' +
          'it does not have the developer-key format (prefix, 36 letters and digits, valid checksum), ' +
          'or the Authorization header is not "Bearer <key>".',
        headers: { 'www-authenticate': 'Bearer realm="agent-scan", error="invalid_token"' },
      },
    },
  },
  forbidden: {
    meaning: 'The API key is valid but lacks the scope this endpoint needs.',
    causes: [
      'GET /api/v1/agent/tools needs tools:read; the execute endpoints need tools:execute.',
      'Keys created on the account portal have all three scopes; a key with fewer was issued some other way.',
    ],
    actions: [
      'Create a new key on the account portal (it gets tools:read, tools:execute and badges:read).',
      'Or call the endpoint without a key, at the anonymous rate limit.',
    ],
    retry: 'Not with the same key.',
    example: {
      request: 'POST /api/v1/agent/tools/security-headers/execute with a key lacking tools:execute',
      options: {
        detail: 'This API key lacks the "tools:execute" scope that this endpoint requires.',
        headers: { 'www-authenticate': 'Bearer realm="agent-scan", error="insufficient_scope", scope="tools:execute"' },
      },
    },
  },
  not_found: {
    meaning: 'Nothing exists at this path, or the tool named in the path is not on this API.',
    causes: [
      'A typo in the path or the tool name.',
      'The tool is one of website-security, react2shell or fortibleed-check: ' +
        'they run in a browser with email verification, or through the account portal, ' +
        'not on this API (the problem says where).',
    ],
    actions: [
      'GET /api/v1/agent/tools lists the tools this API runs, each with its executeUrl.',
      'Use the path exactly as the catalog gives it.',
    ],
    retry: 'No.',
    example: {
      request: 'POST /api/v1/agent/tools/react2shell/execute',
      options: {
        detail:
          'The react2shell tool is not available on this API: ' +
          'it runs through the account portal with a signed-in command-line client.',
        extra: { tool: 'react2shell', runsIn: 'account-portal' },
      },
    },
  },
  method_not_allowed: {
    meaning: 'The path exists, but not with this HTTP method.',
    causes: ['A GET to an execute endpoint (they take POST), or a POST to the catalog (it takes GET).'],
    actions: ['Use a method from the Allow response header.'],
    retry: 'Only with another method.',
    example: {
      request: 'GET /api/v1/agent/tools/security-headers/execute',
      options: {
        detail: 'GET is not allowed here; this path accepts POST, OPTIONS.',
        headers: { allow: 'POST, OPTIONS' },
      },
    },
  },
  not_acceptable: {
    meaning: 'The MCP endpoint cannot answer in a format the request accepts.',
    causes: [
      'A POST to /mcp whose Accept header names neither application/json nor text/event-stream ' +
        '(MCP clients send both).',
    ],
    actions: ['Send "Accept: application/json, text/event-stream", or use an MCP client library, which does.'],
    retry: 'Only with the Accept header fixed.',
    example: {
      request: 'POST /mcp with Accept: text/html',
      options: { detail: 'Not Acceptable: Client must accept both application/json and text/event-stream' },
    },
  },
  request_timeout: {
    meaning:
      'The request did not arrive in time: its body, or on the Node server its headers, came too slowly. ' +
      'No scan ran. The connection is closed after this answer.',
    causes: [
      `The body did not arrive in full within ${BODY_DEADLINE_MS / 1000} seconds of the service starting to read it: ` +
        'a stalled upload, or a client sending a body byte by byte.',
      'A Content-Length larger than the body actually sent, so the service waits for bytes that never come.',
      'On the Node server: the request line and headers took more than 10 seconds to arrive.',
    ],
    actions: [
      'Send the whole request at once: a scan request is a few dozen bytes.',
      'Let the HTTP client compute Content-Length from the body instead of setting it by hand.',
      'Retry on a new connection.',
    ],
    retry: 'Yes, on a new connection, with the request sent in full.',
    example: {
      request: 'POST /api/v1/agent/tools/security-headers/execute with Content-Length: 24 and no body sent',
      options: {
        detail: `The request body did not arrive in full within ${BODY_DEADLINE_MS / 1000} s.`,
        headers: { connection: 'close' },
      },
    },
  },
  gone: {
    meaning: 'This API no longer creates developer keys; the endpoint is kept only to say where to go.',
    causes: ['A client calls POST /api/v1/developer/keys, which used to create keys.'],
    actions: [
      'Create the key on the account portal: sign in, give it a name, copy it (it is shown once).',
      'Keys are free and belong to a user account.',
    ],
    retry: 'Never.',
    example: {
      request: 'POST /api/v1/developer/keys',
      options: (accountUrl) => ({
        detail:
          'This endpoint no longer creates API keys. ' +
          `Create a free developer key on the account portal: ${accountUrl}`,
        hint:
          `Sign in at ${accountUrl}, give the key a name, and copy it (it is shown once). ` +
          'Keys are optional: every tool also works anonymously.',
        extra: { accountUrl },
      }),
    },
  },
  payload_too_large: {
    meaning: 'The request body is larger than 8 KiB. The connection is closed after this answer.',
    causes: ['Something other than {"target": …} was sent, such as a whole page or a file.'],
    actions: [
      `Send only {"target": "…"} (plus "selectors" for ${ALLOWLISTED_TOOLS.filter((t) => t.acceptsSelectors)
        .map((t) => t.name)
        .join(', ')}); a scan request needs a few dozen bytes.`,
    ],
    retry: 'Only with a smaller body.',
    example: {
      request: 'POST /api/v1/agent/tools/security-headers/execute with a 9,000-byte body',
      options: {
        detail: 'The request body declares 9000 bytes; at most 8192 bytes are allowed.',
        headers: { connection: 'close' },
      },
    },
  },
  unsupported_media_type: {
    meaning: 'The MCP endpoint only reads JSON-RPC messages sent as application/json.',
    causes: ['A POST to /mcp without "Content-Type: application/json".'],
    actions: ['Send the message with "Content-Type: application/json", or use an MCP client library, which does.'],
    retry: 'Only with the Content-Type fixed.',
    example: {
      request: 'POST /mcp with Content-Type: text/plain',
      options: { detail: 'Unsupported Media Type: Content-Type must be application/json' },
    },
  },
  unprocessable_entity: {
    meaning:
      'The scan ran, but the target could not be assessed, so there is no grade: ' +
      'grade and gradeScore are null and result explains why. The scan counted against the quota.',
    causes: [...toolCauses((guide) => guide.notAssessedCauses), 'The scan did not finish within 30 seconds (timeout).'],
    actions: [
      'Read result.message and result.details.reason.',
      'For a site that was down or slow, or a DNS failure, retry later; ' +
        'for a bot challenge, the site cannot be graded from here.',
      `Check the target: ${ALLOWLISTED_TOOLS.map((t) => `for ${t.name} ${t.guide.targetAdvice}`).join('; ')}.`,
    ],
    retry: 'Sometimes, later: it counts against the hourly scan quota each time.',
    example: {
      request: 'POST /api/v1/agent/tools/security-headers/execute {"target":"example.com"}',
      options: {
        detail:
          'The scan ran but could not assess https://example.com/: ' +
          'The site answered with a bot or WAF challenge (cloudflare) instead of its own page; ' +
          'a challenge page is never graded.',
        extra: {
          apiVersion: '1',
          toolName: 'security-headers',
          target: 'https://example.com/',
          grade: null,
          gradeScore: null,
          result: {
            status: 'error',
            message:
              'The site answered with a bot or WAF challenge (cloudflare) instead of its own page; ' +
              'a challenge page is never graded.',
            details: {
              reason: 'bot-challenge',
              vendor: 'cloudflare',
              evidence: ['cf-mitigated: challenge', 'status 403'],
            },
          },
        },
      },
    },
  },
  rate_limit_exceeded: {
    meaning: 'A limit is used up: the per-minute request limit, or the hourly scan quota. Nothing ran.',
    causes: [
      'More than 10 requests in a minute from one client address without a key, or more than 30 with one key.',
      'The hourly scan quota: 20 scans per client address, 20 per target (whoever asks; at most 5 of them ' +
        'by one client address), 1,000 for the whole service. It is the same with or without a key and is ' +
        'shared with the browser tools.',
      'violatedPolicies names what refused the request: ' +
        'per-minute, scans-per-hour-per-client, scans-per-hour-per-network (100 per IPv4 /24 or IPv6 /48), ' +
        'scans-per-hour-per-client-per-target, scans-per-hour-per-target or scans-per-hour-overall.',
    ],
    actions: [
      'Wait the number of seconds in the Retry-After header (also retryAfterSec) before retrying; ' +
        'for the scan quota this can be up to an hour.',
      'For the per-minute limit, a free developer key raises it from 10 to 30 requests per minute; ' +
        'it does not raise the scan quota.',
      'Do not retry in a loop: refused requests still count against the per-minute limit.',
    ],
    retry: 'Yes, after Retry-After seconds.',
    example: {
      request: 'the eleventh POST /api/v1/agent/tools/security-headers/execute in a minute, without a key',
      options: {
        detail: '10 requests per minute are allowed for this client address; retry in 42 s.',
        hint: 'Wait Retry-After seconds, or send a free developer key to raise the limit to 30 requests per minute.',
        retryAfterSec: 42,
        extra: { violatedPolicies: ['per-minute'] },
      },
    },
  },
  internal_error: {
    meaning: 'An unexpected error in the service. It has been logged; the body never carries details.',
    causes: ['A bug.'],
    actions: [
      'Retry once later.',
      'If it persists, report it with the time of the request and the endpoint (never your key).',
    ],
    retry: 'Perhaps, later.',
    example: { request: 'any request', options: { detail: 'An unexpected error occurred; it has been logged.' } },
  },
  service_unavailable: {
    meaning:
      'The scan store (which keeps the quota counters and scan records) or the scanner is temporarily unavailable. ' +
      'No scan ran and nothing was counted.',
    causes: [
      'The shared store did not answer in time, so the scan quota could not be checked.',
      'An API key was sent and the key store could not verify it.',
      'This deployment has no scanner for the tool.',
    ],
    actions: [
      'Retry after the Retry-After delay (30 seconds).',
      'If it lasts, the service is degraded: try again later.',
    ],
    retry: 'Yes, after Retry-After seconds (30).',
    example: {
      request: 'POST /api/v1/agent/tools/email-security/execute while the store is down',
      options: {
        detail:
          'The scan store is temporarily unavailable, so the scan quota cannot be checked. ' +
          'No scan ran and nothing was counted.',
        retryAfterSec: 30,
      },
    },
  },
};
