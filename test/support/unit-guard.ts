/**
 * Loaded before the unit layer (`npm run test:unit`): unit tests open no socket, listen on no port
 * and start no process. A test that does belongs in `*.integration.test.ts` or `*.browser.test.ts`.
 */
import childProcess from 'node:child_process';
import net from 'node:net';

function refuse(what: string) {
  return () => {
    throw new Error(`a unit test may not ${what}: name the file *.integration.test.ts`);
  };
}

net.Socket.prototype.connect = refuse('open a socket');
net.Server.prototype.listen = refuse('listen on a port');
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.defineProperty(childProcess, name, { value: refuse('start a process') });
}
