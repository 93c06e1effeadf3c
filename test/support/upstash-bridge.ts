/**
 * A local stand-in for the Upstash REST API in front of a real redis-server: `POST /` (one
 * command), `/pipeline`, `/multi-exec`, Bearer auth, `Upstash-Encoding: base64`, Redis errors
 * passed through verbatim. Commands reach Redis unchanged, scripts included.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { atEnd } from './cleanup.ts';
import { Redis } from 'ioredis';

export interface UpstashBridge {
  url: string;
  token: string;
  /** HTTP requests received, by path: what the round-trip budget tests count. */
  requests: { path: string; commands: string[] }[];
  redis: Redis;
  /** While set, requests are accepted but never answered, like a hung store. */
  setHanging(hanging: boolean): void;
  /**
   * From now on, requests with a matching command are held before they reach Redis (`arrival`),
   * or run at once with their reply held (`reply`), as a congested network does, until `release`
   * lets them go; it resolves once every held request has run and been answered. Held until the
   * test says so, a request is late for any deadline, however busy the machine.
   */
  hold(matches: (command: string[]) => boolean, stage: 'arrival' | 'reply'): { release(): Promise<void> };
  /** Resolves once the bridge is connected to Redis (again, after a restart). */
  redisReady(): Promise<void>;
  close(): Promise<void>;
}

/** Matches the commands that run `script` (EVAL with its text, or EVALSHA with its SHA1). */
export function runsScript(script: string): (command: string[]) => boolean {
  const sha = createHash('sha1').update(script).digest('hex');
  return ([name = '', first]) => {
    const upper = name.toUpperCase();
    return (upper === 'EVALSHA' && first === sha) || (upper === 'EVAL' && first === script);
  };
}

type Reply = { result: unknown } | { error: string };

function encode(value: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(value)) return base64 ? value.toString('base64') : value.toString('utf8');
  if (Array.isArray(value)) return value.map((v) => encode(v, base64));
  // ioredis reshapes some replies (HGETALL) into objects; Redis sent a flat list of pairs.
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [encode(Buffer.from(k), base64), encode(v, base64)]);
  return value ?? null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startUpstashBridge(redisPort: number, token = 'test-token'): Promise<UpstashBridge> {
  const redis = new Redis({
    port: redisPort,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => 200,
  });
  redis.on('error', () => {});
  await redis.connect().catch(() => {});
  const requests: UpstashBridge['requests'] = [];
  let hanging = false;
  let held: { matches: (command: string[]) => boolean; stage: 'arrival' | 'reply'; gate: Promise<void> } | null = null;
  const handled = new Set<Promise<void>>();

  async function run(command: string[]): Promise<Reply> {
    const [name, ...args] = command.map(String);
    try {
      return { result: await redis.callBuffer(name!, args) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function runAtomically(commands: string[][]): Promise<Reply[]> {
    const multi = redis.multi();
    for (const command of commands) {
      const [name, ...args] = command.map(String);
      multi.callBuffer(name!, ...args);
    }
    try {
      const results = (await multi.exec()) ?? [];
      return results.map(([error, result]) => (error ? { error: error.message } : { result }));
    } catch (error) {
      return commands.map(() => ({ error: error instanceof Error ? error.message : String(error) }));
    }
  }

  // A failure of the bridge itself stays an unhandled rejection: loud, as a bug in a test double should be.
  const server: Server = createServer((request, response) => {
    const handling = handle(request, response);
    handled.add(handling);
    void handling.finally(() => handled.delete(handling));
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '/').split('?')[0]!;
    if (hanging) return;
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: 'Unauthorized' });
    if (request.method !== 'POST') return send(405, { error: 'Method not allowed' });
    const base64 = request.headers['upstash-encoding'] === 'base64';
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return send(400, { error: 'ERR failed to parse request body' });
    }
    const commands = (path === '/' ? [body] : body) as string[][];
    requests.push({ path, commands: commands.map((c) => String(c[0]).toUpperCase()) });
    const hold = held !== null && commands.some((c) => held!.matches(c.map(String))) ? held : null;
    if (hold?.stage === 'arrival') await hold.gate;
    if (hold?.stage === 'reply') {
      const reply = send;
      send = (status, answer) => void hold.gate.then(() => reply(status, answer));
    }
    if (redis.status !== 'ready') return send(503, { error: 'ERR redis unavailable' });
    const encodeReply = (reply: Reply) => ('result' in reply ? { result: encode(reply.result, base64) } : reply);
    if (path === '/') {
      const reply = await run(commands[0]!);
      return send('error' in reply ? 400 : 200, encodeReply(reply));
    }
    if (path === '/pipeline') return send(200, (await Promise.all(commands.map(run))).map(encodeReply));
    if (path === '/multi-exec') return send(200, (await runAtomically(commands)).map(encodeReply));
    return send(404, { error: `ERR unknown endpoint ${path}` });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const bridge: UpstashBridge = {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    redis,
    setHanging: (value) => void (hanging = value),
    hold(matches, stage) {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const hold = { matches, stage, gate };
      held = hold;
      return {
        async release() {
          if (held === hold) held = null;
          open();
          // A held reply is sent after its request's handler has returned: let it go out too.
          while (handled.size > 0) await Promise.allSettled([...handled]);
          await new Promise((resolve) => setImmediate(resolve));
        },
      };
    },
    async redisReady() {
      if (redis.status !== 'ready') await once(redis, 'ready');
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
    },
  };
  atEnd(() => bridge.close());
  return bridge;
}
