/** The bodies of the probes (src/api/health.ts), for the OpenAPI document and the tests. */
import * as v from 'valibot';
import { problemEntries } from './problem-schemas.ts';

const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));

const check = (what: string) =>
  described(
    v.object({
      status: described(v.picklist(['up', 'down']), 'Whether the dependency answered.'),
      latencyMs: described(v.pipe(v.number(), v.integer(), v.minValue(0)), 'How long the check took, in ms.'),
      checkedAt: described(v.pipe(v.string(), v.isoTimestamp()), 'When the check ran (RFC 3339, UTC).'),
    }),
    what,
  );

export const ChecksSchema = described(
  v.object({
    store: check('One round trip to the store: a small write that expires.'),
    resolver: check('One DNS question to the DNS-over-HTTPS resolver (DOH_URL).'),
  }),
  'Each dependency checked, with its state and timing (the cause of a failure is logged, never shown).',
);

export const AliveSchema = v.pipe(
  v.object({ status: v.literal('ok') }),
  v.title('Alive'),
  v.examples([{ status: 'ok' }]),
);

export const ReadySchema = v.pipe(v.object({ status: v.literal('ready'), checks: ChecksSchema }), v.title('Ready'));

export const NotReadySchema = v.pipe(
  v.object({
    ...problemEntries,
    retryAfterSec: described(v.pipe(v.number(), v.integer(), v.minValue(1)), 'Seconds before asking again.'),
    checks: ChecksSchema,
  }),
  v.title('NotReady'),
  v.description('503 of /readyz: the problem document, naming the dependency that is not answering, and the checks.'),
);
