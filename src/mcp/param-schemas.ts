/**
 * The params of the methods this server answers, and the 2026-07-28 per-request `_meta` envelope,
 * as the MCP schema defines them (checked with param-checks.ts). `_meta` itself and its progress
 * token are checked with every message (json-rpc.ts), so they are not repeated here.
 */
import {
  array,
  boolean,
  both,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  type Check,
  type Member,
} from './param-checks.ts';

export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** The envelope keys a 2026-07-28 request must carry, in the order their absence is reported. */
export const REQUIRED_ENVELOPE_KEYS = [PROTOCOL_VERSION_KEY, CLIENT_CAPABILITIES_KEY];

const jsonObject = record();

const implementation = object({
  name: string,
  title: optional(string),
  icons: optional(
    array(
      object({
        src: string,
        mimeType: optional(string),
        sizes: optional(array(string)),
        theme: optional(oneOf(['light', 'dark'])),
      }),
    ),
  ),
  version: string,
  websiteUrl: optional(string),
  description: optional(string),
});

const capabilitiesOfBothEras = {
  experimental: optional(record(jsonObject)),
  sampling: optional(object({ context: optional(jsonObject), tools: optional(jsonObject) })),
  elicitation: optional(
    both(
      object({
        form: optional(both(object({ applyDefaults: optional(boolean) }), jsonObject)),
        url: optional(jsonObject),
      }),
      jsonObject,
    ),
  ),
  roots: optional(object({ listChanged: optional(boolean) })),
};

const clientCapabilities2025 = object({
  ...capabilitiesOfBothEras,
  tasks: optional(
    object({
      list: optional(jsonObject),
      cancel: optional(jsonObject),
      requests: optional(
        object({
          sampling: optional(object({ createMessage: optional(jsonObject) })),
          elicitation: optional(object({ create: optional(jsonObject) })),
        }),
      ),
    }),
  ),
  extensions: optional(record(jsonObject)),
});

const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** The per-request envelope of a 2026-07-28 request (`params._meta`). */
export const ENVELOPE = object({
  [PROTOCOL_VERSION_KEY]: string,
  'io.modelcontextprotocol/clientInfo': optional(implementation),
  [CLIENT_CAPABILITIES_KEY]: object({ ...capabilitiesOfBothEras, extensions: optional(record(jsonObject)) }),
  'io.modelcontextprotocol/logLevel': optional(oneOf(LOG_LEVELS)),
});

/** A request whose `params` must be `params`. */
const request = (params: Member): Check => object({ params });
const listRequest = request(optional(object({ cursor: optional(string) })));

/** What each method's request must be, by era; a method not listed takes any params. */
export const REQUESTS: Record<'legacy' | 'modern', Record<string, Check>> = {
  legacy: {
    initialize: request(
      object({ protocolVersion: string, capabilities: clientCapabilities2025, clientInfo: implementation }),
    ),
    'tools/list': listRequest,
    'tools/call': request(
      object({ task: optional(object({ ttl: optional(number) })), name: string, arguments: optional(record()) }),
    ),
  },
  modern: {
    'tools/list': listRequest,
    'tools/call': request(optional(object({ name: string, arguments: optional(record()) }))),
  },
};
