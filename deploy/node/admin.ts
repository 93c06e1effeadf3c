/** `npm run admin -- …`: the operator CLI (admin-main.ts) as a process, against the environment's store. */
import { runAdmin } from './admin-main.ts';

const code = await runAdmin(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
// Written before exiting, even to a pipe; the store client's idle connections are not waited for.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
