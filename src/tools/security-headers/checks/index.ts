/** The 12 tests of the model, in the Observatory's order. */
import type { TestName } from '../analysis.ts';
import type { TestRunner } from '../context.ts';
import { contentSecurityPolicyTest } from './content-security-policy.ts';
import { cookiesTest } from './cookies.ts';
import {
  crossOriginEmbedderPolicyTest,
  crossOriginOpenerPolicyTest,
  crossOriginResourcePolicyTest,
} from './cross-origin-policies.ts';
import { crossOriginResourceSharingTest } from './cross-origin-resource-sharing.ts';
import { redirectionTest } from './redirection.ts';
import { referrerPolicyTest } from './referrer-policy.ts';
import { strictTransportSecurityTest } from './strict-transport-security.ts';
import { subresourceIntegrityTest } from './subresource-integrity.ts';
import { xContentTypeOptionsTest } from './x-content-type-options.ts';
import { xFrameOptionsTest } from './x-frame-options.ts';

export const TEST_RUNNERS: Record<TestName, TestRunner> = {
  'content-security-policy': contentSecurityPolicyTest,
  cookies: cookiesTest,
  'cross-origin-resource-sharing': crossOriginResourceSharingTest,
  redirection: redirectionTest,
  'referrer-policy': referrerPolicyTest,
  'strict-transport-security': strictTransportSecurityTest,
  'subresource-integrity': subresourceIntegrityTest,
  'x-content-type-options': xContentTypeOptionsTest,
  'x-frame-options': xFrameOptionsTest,
  'cross-origin-resource-policy': crossOriginResourcePolicyTest,
  'cross-origin-opener-policy': crossOriginOpenerPolicyTest,
  'cross-origin-embedder-policy': crossOriginEmbedderPolicyTest,
};
