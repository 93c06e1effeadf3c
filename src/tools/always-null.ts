/**
 * A member that is always null in one shape of an answer and has a value in another (`grade` of a
 * scan that could not assess its target; `finalUrl` when nothing answered). Its schema is the
 * member's nullable type, with a check that only null passes: valibot accepts null alone, and the
 * JSON Schema (which leaves checks out) says `T | null`. A member typed only `null` is dropped from
 * the response types of generated clients (openapi-fetch 0.17), so `error.grade` would not compile.
 */
import * as v from 'valibot';

export const alwaysNull = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(
    v.nullable(schema),
    v.check((value) => value === null, description),
    v.description(description),
  );
