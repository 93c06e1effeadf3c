import { after } from 'node:test';

const tasks: (() => unknown)[] = [];

async function runAll(): Promise<void> {
  await Promise.allSettled(tasks.splice(0).map((task) => task()));
}

// Registered when this module is first imported, i.e. at a test file's top level: node:test's
// `after` called inside a hook would instead run as soon as that hook ends. Outside the test
// runner (the bench) the tasks run when the process is about to exit.
if (process.env.NODE_TEST_CONTEXT) after(runAll);
else process.once('beforeExit', () => void runAll());

/** Runs `task` when the test file is done. */
export function atEnd(task: () => unknown): void {
  tasks.push(task);
}
