import type { AppConfig } from '../config.ts';
import type { Catalog } from './catalog-schema.ts';
import { RATE_LIMIT_HEADER_NAMES } from '../http/rate-limit-headers.ts';
import { ERROR_CODES, ERRORS, errorTypeUrl } from '../http/errors.ts';
import { KEY_CACHE_TTL_MS, MAX_BODY_BYTES, MAX_TARGET_LENGTH, SCAN_QUOTA_POLICIES, type Limits } from '../limits.ts';
import { mcpCatalogEntry } from './mcp-connection.ts';
import { executePath, openApiPath, PATHS, scanHistoryPath, skillPath, toolPagePath } from '../paths.ts';
import { MAX_AGE_SEC_LIMIT, SCAN_KEPT_DAYS, toolInputSchemas } from './request-schemas.ts';
import { ALL_SCOPES } from '../scopes.ts';
import { SCANS_KEPT_PER_TARGET } from '../store/port.ts';
import { ALLOWLISTED_TOOLS, TOOLS_ELSEWHERE } from '../tools/registry.ts';
import { SUGGESTED_MAX_AGE_SEC } from '../tools/tool-guide.ts';

/** The kept scans: how to reuse one instead of scanning, and where to read them back. */
function storedScans(baseUrl: string): Catalog['storedScans'] {
  return {
    retention: { days: SCAN_KEPT_DAYS, maxPerToolAndTarget: SCANS_KEPT_PER_TARGET },
    reuse: {
      parameter: 'maxAgeSec',
      min: 0,
      max: MAX_AGE_SEC_LIMIT,
      default: 0,
      suggested: SUGGESTED_MAX_AGE_SEC,
      description:
        `Send "maxAgeSec" (e.g. ${SUGGESTED_MAX_AGE_SEC}) in the execute body instead of scanning again: ` +
        'a stored result of the same tool and normalised target younger than that many seconds answers ' +
        'with "cached": true, its original scanId and scannedAt, and an Age header, and spends no scan quota. ' +
        'For email-security it is reused only when its scan covered every DKIM selector asked for.',
    },
    scanUrl: baseUrl + openApiPath(PATHS.scan),
    historyUrl: `${baseUrl + openApiPath(PATHS.scanHistory)}?target={target}`,
    permalink: baseUrl + openApiPath(PATHS.scanPage),
    requiredScope: 'tools:read',
    description:
      'Every execute answer that ran a scan (200 or 422) carries scanId, scannedAt, assessed, cached, scanUrl ' +
      'and permalink. GET scanUrl answers the stored envelope (200, also when the scan could not assess its ' +
      'target; 404 when unknown or expired); GET historyUrl lists the scans of a tool and target, newest first. ' +
      'Both count against the per-minute limit, never the scan quota.',
  };
}

/** The tool catalog of `GET /api/v1/agent/tools`: everything an agent needs to call the API correctly. */
export function buildCatalog(
  baseUrl: string,
  config: AppConfig,
  limits: Limits,
  scannersAvailable: (tool: string) => boolean,
): Catalog {
  return {
    success: true,
    apiVersion: '1',
    name: 'Agent Scan API',
    description:
      'Non-intrusive security checks for agents and developers: ' +
      'HTTP security headers of a site, and email authentication records of a domain.',
    openapiUrl: baseUrl + PATHS.openapi,
    mcp: mcpCatalogEntry(baseUrl, config.apiKeyPrefix),
    tools: ALLOWLISTED_TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      available: scannersAvailable(tool.name),
      nonIntrusive: true,
      method: 'POST',
      executeUrl: baseUrl + executePath(tool.name),
      mcpToolName: tool.mcp.name,
      requiredScope: 'tools:execute',
      inputSchema: toolInputSchemas()[tool.name],
      historyUrl: `${baseUrl + scanHistoryPath(tool.name)}?target={target}`,
      uiUrl: baseUrl + toolPagePath(tool.name),
      skillUrl: baseUrl + skillPath(tool.name),
      grade: {
        scale: [...tool.gradeScale],
        best: tool.gradeScale[0]!,
        worst: tool.gradeScale[tool.gradeScale.length - 1]!,
        scoreRange: tool.scoreRange,
        notAssessed:
          'When a scan runs but cannot assess the target the response is 422, ' +
          'with grade and gradeScore null and result explaining why.',
      },
    })),
    storedScans: storedScans(baseUrl),
    unavailableTools: TOOLS_ELSEWHERE.map((t) => ({
      name: t.name,
      availableOnThisApi: false,
      runsIn: t.runsIn,
      reason: `Not available on this API: ${t.reason}.`,
      url: config.accountUrl,
    })),
    authentication: {
      anonymous: { allowed: true, description: 'Every endpoint works without a key, at the anonymous rate limit.' },
      apiKey: {
        optional: true,
        headers: ['Authorization: Bearer <API_KEY>', 'X-Api-Key: <API_KEY>'],
        prefix: config.apiKeyPrefix,
        format: `${config.apiKeyPrefix} followed by 36 letters and digits (the last 6 are a checksum)`,
        scopes: [...ALL_SCOPES],
        scopeRequirements: {
          [`GET ${PATHS.catalog}`]: 'tools:read',
          [`POST ${openApiPath(PATHS.execute)}`]: 'tools:execute',
          [`GET ${openApiPath(PATHS.scan)}`]: 'tools:read',
          [`GET ${openApiPath(PATHS.scanHistory)}`]: 'tools:read',
          [`GET ${openApiPath(PATHS.badge)}`]: 'badges:read',
          [`POST ${PATHS.mcp} (tools/call)`]:
            'tools:execute for the scan tools, tools:read for get_scan and scan_history',
        },
        invalidKey: 'An invalid, expired or revoked key is refused with 401; there is no fallback to anonymous access.',
        revocation:
          `Verified keys are cached for up to ${KEY_CACHE_TTL_MS / 1000} s, ` +
          'so a revoked key may keep working for about a minute.',
        obtain:
          'Keys are free. ' +
          'Create one on the account portal (sign in, give it a name, copy the key: it is shown once). ' +
          'This API does not create keys.',
        accountUrl: config.accountUrl,
      },
    },
    rateLimit: {
      perMinute: {
        anonymous: { limit: limits.anonymousPerMinute, windowSec: 60, per: 'client IP address (IPv6: per /64)' },
        apiKey: { limit: limits.keyPerMinute, windowSec: 60, per: 'API key' },
        algorithm: 'sliding window',
        badge: { limit: limits.badgePerMinute, windowSec: 60, per: 'client IP address', policy: 'badge-per-minute' },
        pages: {
          limit: limits.pagesPerMinute,
          windowSec: 60,
          per: 'client IP address',
          policy: 'pages-per-minute',
          description:
            'Pages, assets and documents (/openapi.json, llms.txt, the skills) draw on this budget, ' +
            'with or without a key; a browser refused gets a page that says how long to wait.',
        },
        mcpProtocol: {
          limit: limits.mcpProtocolPerMinute,
          windowSec: 60,
          per: 'API key, or client IP address without a key',
          policy: 'mcp-protocol-per-minute',
          description:
            'MCP messages that do no work (initialize, notifications, ping, tools/list) draw on this budget. ' +
            'MCP tool calls draw on the per-minute limit above, shared with REST.',
        },
        headers: [...RATE_LIMIT_HEADER_NAMES],
      },
      scanQuota: {
        windowSec: 3600,
        perClient: limits.scansPerHourPerClient,
        perTarget: limits.scansPerHourPerTarget,
        perClientPerTarget: limits.scansPerHourPerClientPerTarget,
        overall: limits.scansPerHourOverall,
        perNetwork: { limit: limits.scansPerHourPerNetwork, per: 'client network (IPv4 /24, IPv6 /48)' },
        sameWithOrWithoutKey: true,
        sharedWithBrowserTools: true,
        policies: [...SCAN_QUOTA_POLICIES],
        description:
          'Each scan counts once per client address, once per client network, once per target host, ' +
          'once per client address and target host, and once overall; a scan refused by any of them counts in none. ' +
          `One client address may run at most ${limits.scansPerHourPerClientPerTarget} of a target's ` +
          `${limits.scansPerHourPerTarget} scans an hour, so that no one client can lock a target's owner out. ` +
          'A spent quota may take up to an hour to free up. ' +
          'A result reused through maxAgeSec spends none; reading stored scans spends none.',
        headers:
          'On an execute answer that ran a scan, RateLimit-Policy and RateLimit list the per-minute policy and ' +
          `the quota window closest to running out (e.g. "per-minute";q=${limits.anonymousPerMinute};w=60, ` +
          `"scans-per-hour-per-client";q=${limits.scansPerHourPerClient};w=3600); ` +
          'the single-value RateLimit-* and X-RateLimit-* headers stay per-minute. ' +
          'A quota 429 describes the refusing window in all of them, so RateLimit-Reset equals Retry-After. ' +
          'A cached answer lists only the per-minute policy.',
      },
      onExceeded: '429 rate_limit_exceeded with Retry-After and retryAfterSec; no scan runs.',
    },
    limits: { maxBodyBytes: MAX_BODY_BYTES, maxTargetLength: MAX_TARGET_LENGTH },
    errors: ERROR_CODES.map((code) => ({
      code,
      status: ERRORS[code].status,
      title: ERRORS[code].title,
      type: errorTypeUrl(baseUrl, code),
    })),
  };
}
