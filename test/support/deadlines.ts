/**
 * Deadlines in tests. A dependency that is meant to answer (a store, a resolver, a site) gets
 * `PATIENT_MS`, which no busy machine misses, so a test never turns slowness into a failure it
 * did not mean. A test of what happens past a deadline makes the dependency miss it for certain
 * (it never answers, or its answer is held until the test lets it go) and may then use a short one.
 */
export const PATIENT_MS = 10_000;
