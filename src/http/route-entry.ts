/**
 * One endpoint of the route table (src/app.ts): the router, the 405 answers, the surface of a
 * request and the OpenAPI document (with the operation of the same name) all read it.
 */
import type { Handler } from '../context.ts';
import type { Surface } from './surface.ts';

interface RouteBase {
  /** The budget the request draws on and how its refusals are written. */
  surface: Surface;
  /** Checks of the path's own parameters, before any method's answer: an unknown tool is 404, not 405. */
  params?: Handler[];
}

/**
 * The method a route answers, with its chain: guards (scopes, the MCP Origin), then the handler.
 * HEAD follows GET, OPTIONS is the CORS preflight, and any other method answers 405.
 */
export type Route = RouteBase & ({ GET: Handler[]; POST?: never } | { POST: Handler[]; GET?: never });

export const methodOf = (route: Route): 'GET' | 'POST' => (route.GET ? 'GET' : 'POST');
