import { after } from 'node:test';

const tasks: (() => unknown)[] = [];
const checks: (() => Promise<void>)[] = [];

/**
 * Ends a test file: closes what it started, newest first (a server before the store it uses, so
 * the work it finishes on closing still finds the store), every task whatever the others do; then
 * runs the checks of what it did, which fail the file by throwing.
 */
export async function endTestFile(): Promise<void> {
  for (const task of tasks.splice(0).reverse())
    await Promise.resolve()
      .then(task)
      .catch(() => {});
  await Promise.all(checks.splice(0).map((check) => check()));
}

// A file run alone by node's test runner (`node --import tsx --test FILE`) ends with this hook,
// registered when this module is first imported, i.e. at the file's top level: node:test's `after`
// called inside a hook would instead run as soon as that hook ends. The layer runner
// (test/support/run-files.ts) runs many files in one process and ends each itself. Outside both
// (the bench) the program calls `endTestFile` itself: a child process it started (a redis-server)
// keeps the process alive, so waiting for it to be about to exit would wait forever.
if (process.env.NODE_TEST_CONTEXT) after(endTestFile);

/** Whether a file left tasks or checks behind: its own failing `after` hook skipped `endTestFile`. */
export const unfinished = (): boolean => tasks.length > 0 || checks.length > 0;

/** Runs `task` when the test file is done. */
export function atEnd(task: () => unknown): void {
  tasks.push(task);
}

/** Runs `check` when the test file is done and everything it started is closed; a throw fails the file. */
export function checkAtEnd(check: () => Promise<void>): void {
  checks.push(check);
}
