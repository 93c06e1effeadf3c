/**
 * The check list: one check per test of the Observatory model (12), each in the file named after
 * its test, in the Observatory's order. A check reads the context and returns a result id, its data
 * and the raw headers it read; the score table (grade/score-table.ts) gives each result id its modifier.
 */
import type { TestName } from '../analysis.ts';
import type { Check } from './check-context.ts';
import { contentSecurityPolicyCheck } from './content-security-policy.ts';
import { cookiesCheck } from './cookies.ts';
import {
  crossOriginEmbedderPolicyCheck,
  crossOriginOpenerPolicyCheck,
  crossOriginResourcePolicyCheck,
} from './cross-origin-policies.ts';
import { crossOriginResourceSharingCheck } from './cross-origin-resource-sharing.ts';
import { redirectionCheck } from './redirection.ts';
import { referrerPolicyCheck } from './referrer-policy.ts';
import { strictTransportSecurityCheck } from './strict-transport-security.ts';
import { subresourceIntegrityCheck } from './subresource-integrity.ts';
import { xContentTypeOptionsCheck } from './x-content-type-options.ts';
import { xFrameOptionsCheck } from './x-frame-options.ts';

export const CHECKS: Record<TestName, Check> = {
  'content-security-policy': contentSecurityPolicyCheck,
  cookies: cookiesCheck,
  'cross-origin-resource-sharing': crossOriginResourceSharingCheck,
  redirection: redirectionCheck,
  'referrer-policy': referrerPolicyCheck,
  'strict-transport-security': strictTransportSecurityCheck,
  'subresource-integrity': subresourceIntegrityCheck,
  'x-content-type-options': xContentTypeOptionsCheck,
  'x-frame-options': xFrameOptionsCheck,
  'cross-origin-resource-policy': crossOriginResourcePolicyCheck,
  'cross-origin-opener-policy': crossOriginOpenerPolicyCheck,
  'cross-origin-embedder-policy': crossOriginEmbedderPolicyCheck,
};
