import type { AppConfig } from './config.ts';
import { RATE_LIMIT_HEADER_NAMES } from './http/rate-limit-headers.ts';
import { ERROR_CODES, ERRORS, errorTypeUrl } from './http/errors.ts';
import { KEY_CACHE_TTL_MS, MAX_BODY_BYTES, MAX_TARGET_LENGTH, type Limits } from './limits.ts';
import { mcpCatalogEntry } from './mcp-connection.ts';
import { executePath, openApiPath, PATHS, skillPath, toolPagePath } from './paths.ts';
import { TOOL_INPUT_SCHEMAS } from './schemas.ts';
import { ALL_SCOPES } from './scopes.ts';
import { ALLOWLISTED_TOOLS, TOOLS_ELSEWHERE } from './tools/registry.ts';

/** The tool catalog of `GET /api/v1/agent/tools`: everything an agent needs to call the API correctly. */
export function buildCatalog(
  baseUrl: string,
  config: AppConfig,
  limits: Limits,
  scannersAvailable: (tool: string) => boolean,
) {
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
      inputSchema: TOOL_INPUT_SCHEMAS[tool.name],
      uiUrl: baseUrl + toolPagePath(tool.name),
      skillUrl: baseUrl + skillPath(tool.name),
      grade: {
        scale: tool.gradeScale,
        best: tool.gradeScale[0],
        worst: tool.gradeScale[tool.gradeScale.length - 1],
        scoreRange: tool.scoreRange,
        notAssessed:
          'When a scan runs but cannot assess the target the response is 422, ' +
          'with grade and gradeScore null and result explaining why.',
      },
    })),
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
        scopes: ALL_SCOPES,
        scopeRequirements: {
          [`GET ${PATHS.catalog}`]: 'tools:read',
          [`POST ${openApiPath(PATHS.execute)}`]: 'tools:execute',
          [`GET ${openApiPath(PATHS.badge)}`]: 'badges:read',
          [`POST ${PATHS.mcp} (tools/call)`]: 'tools:execute',
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
        headers: [...RATE_LIMIT_HEADER_NAMES],
      },
      scanQuota: {
        windowSec: 3600,
        perClient: limits.scansPerHourPerClient,
        perTarget: limits.scansPerHourPerTarget,
        overall: limits.scansPerHourOverall,
        perNetwork: { limit: limits.scansPerHourPerNetwork, per: 'client network (IPv4 /24, IPv6 /48)' },
        sameWithOrWithoutKey: true,
        sharedWithBrowserTools: true,
        description:
          'Each scan counts once per client address, once per client network, once per target host ' +
          'and once overall; a scan refused by any of them counts in none. ' +
          'A spent quota may take up to an hour to free up.',
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
