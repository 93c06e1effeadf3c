import { ApiError } from '../http/problem.ts';
import type { Handler } from '../context.ts';

/** `POST /api/v1/developer/keys` no longer creates keys: they come from the account portal. */
export const keysMovedToPortal: Handler = (_request, ctx) => {
  const portal = ctx.services.config.accountUrl;
  throw new ApiError('gone', {
    detail: `This endpoint no longer creates API keys. Create a free developer key on the account portal: ${portal}`,
    hint:
      `Sign in at ${portal}, give the key a name, and copy it (it is shown once). ` +
      'Keys are optional: every tool also works anonymously.',
    headers: { link: `<${portal}>; rel="alternate"; type="text/html"` },
    extra: { accountUrl: portal },
  });
};
