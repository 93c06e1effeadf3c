import { spawn, type ChildProcess } from 'node:child_process';
import { atEnd } from './cleanup.ts';
import { freePort } from './free-port.ts';
import { onPath } from './system-needs.ts';

export interface RedisServer {
  port: number;
  /** Stops the server (SIGKILL: as abrupt as a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (no persistence). */
  start(): Promise<void>;
}

/** Fails loudly, never skips: the Redis suites are part of `npm test`, which checks for it first. */
function assertInstalled(): void {
  if (onPath('redis-server') === null) {
    throw new Error('redis-server is not on PATH; the store tests need it (npm test says how to install it).');
  }
}

/** A real redis-server on a free loopback port, without persistence, stopped when the file's tests end. */
export async function startRedis(): Promise<RedisServer> {
  assertInstalled();
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = proc;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start on port ${port}:\n${output}`)),
        30_000,
      );
      proc.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.stderr.on('data', (chunk) => (output += chunk));
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
    proc.removeAllListeners('exit');
  }

  async function stop(): Promise<void> {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
    child = null;
  }

  await start();
  // Once, for whichever process is running then: a restart is still the server started here.
  atEnd(stop);
  return { port, start, stop };
}
