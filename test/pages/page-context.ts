/**
 * Calls a page handler directly, without the router: a request context like the app builds, and
 * a thrown ApiError turned into its problem response as the app's error handler would.
 */
import type { IRequest } from 'itty-router';
import type { Handler } from '../../src/context.ts';
import { ApiError, problemResponse } from '../../src/http/problem.ts';
import { requestContext, testServices } from '../support/request-context.ts';

export { BASE } from '../support/request-context.ts';

export async function callHandler(
  handler: Handler,
  url: string,
  init: RequestInit = {},
  env: Record<string, string> = {},
): Promise<Response> {
  const ctx = requestContext(url, { services: testServices({ env }) });
  const request = new Request(url, init) as unknown as IRequest;
  try {
    const response = await handler(request, ctx);
    if (!response) throw new Error('the handler passed the request on');
    return response;
  } catch (error) {
    if (error instanceof ApiError) return problemResponse(ctx, error.code, error.options);
    throw error;
  }
}
