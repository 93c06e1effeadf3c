/**
 * Loaded before the unit layer (`npm run test:unit`): unit tests open no socket, listen on no port
 * and start no process or worker. A test that does belongs in `*.integration.test.ts` or
 * `*.browser.test.ts`.
 */
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import workerThreads from 'node:worker_threads';

function refuse(what: string) {
  return () => {
    throw new Error(`a unit test may not ${what}: name the file *.integration.test.ts`);
  };
}

net.Socket.prototype.connect = refuse('open a socket');
net.Server.prototype.listen = refuse('listen on a port');
dgram.Socket.prototype.bind = refuse('bind a UDP socket');
dgram.Socket.prototype.send = refuse('send on a UDP socket');
// Name lookups leave the process by the resolver library's own sockets (c-ares) or the system's.
const refuseDns = refuse('look up a name');
for (const resolver of [dns.Resolver.prototype, dns.promises.Resolver.prototype] as object[])
  for (const name of Object.getOwnPropertyNames(resolver))
    if (/^(resolve|reverse)/.test(name)) Object.defineProperty(resolver, name, { value: refuseDns });
for (const module of [dns, dns.promises] as object[])
  for (const name of Object.keys(module))
    if (/^(lookup|resolve|reverse)/.test(name)) Object.defineProperty(module, name, { value: refuseDns });
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.defineProperty(childProcess, name, { value: refuse('start a process') });
}
const refuseWorker = refuse('start a worker thread');
Object.defineProperty(workerThreads, 'Worker', {
  value: class RefusedWorker {
    constructor() {
      refuseWorker();
    }
  },
});
// ESM named imports (`import { spawn } from 'node:child_process'`) read their own bindings: update them.
syncBuiltinESMExports();
