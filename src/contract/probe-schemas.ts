/** The bodies of the probes (src/api/health.ts), for the OpenAPI document and the tests. */
import * as v from 'valibot';
import { problemEntries } from './problem-schemas.ts';

const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description));

const check = (what: string) =>
  described(
    v.object({
      status: described(v.picklist(['up', 'down']), 'up: it answered; down: not.'),
      latencyMs: v.pipe(v.number(), v.integer(), v.minValue(0)),
      checkedAt: v.pipe(v.string(), v.isoTimestamp()),
    }),
    what,
  );

export const ChecksSchema = described(
  v.object({
    store: check('A small write that expires.'),
    resolver: check('One DNS question to DOH_URL.'),
  }),
  "A failure's cause is logged, never shown.",
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
    retryAfterSec: v.pipe(v.number(), v.integer(), v.minValue(1)),
    checks: ChecksSchema,
  }),
  v.title('NotReady'),
  v.description(
    '503 of /readyz: a problem naming the dependency that is down, with `checks`; ' +
      'ask again after `retryAfterSec` seconds.',
  ),
);
