/**
 * A real npm registry on loopback serving this project's production dependencies, exactly the
 * versions package-lock.json resolved, packed from node_modules: `npm install` of the packed
 * package runs as it would against registry.npmjs.org, with no network. Each package's metadata
 * is its own package.json with the tarball's address and integrity.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atEnd } from './cleanup.ts';

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
}

interface Packed {
  manifest: Record<string, unknown>;
  tarball: Buffer;
  integrity: string;
}

const FIELDS = [
  'name',
  'version',
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'bin',
  'engines',
  'os',
  'cpu',
];

function manifestOf(dir: string): Record<string, unknown> {
  const own = JSON.parse(readFileSync(join('node_modules', dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(FIELDS.filter((f) => own[f] !== undefined).map((f) => [f, own[f]]));
}

/** node_modules/<dir> as an npm tarball: its files under package/, nested node_modules left out. */
function pack(dir: string, workDir: string): Packed {
  const file = join(workDir, `${dir.replaceAll('/', '_')}.tgz`);
  const run = spawnSync(
    'tar',
    ['-czf', file, '--exclude=./node_modules', '--transform=s,^\\.,package,', '-C', join('node_modules', dir), '.'],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`tar of node_modules/${dir} failed: ${run.stderr}`);
  const tarball = readFileSync(file);
  return {
    manifest: manifestOf(dir),
    tarball,
    integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
  };
}

export interface LocalRegistry {
  url: string;
  /** Package names asked for, in order. */
  requests: string[];
}

export async function startLocalRegistry(): Promise<LocalRegistry> {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
  const workDir = mkdtempSync(join(tmpdir(), 'agent-scan-registry-'));
  const packages = new Map<string, Map<string, Packed>>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.dev || entry.devOptional || entry.link) continue;
    const dir = path.slice('node_modules/'.length);
    const packed = pack(dir, workDir);
    const name = String(packed.manifest['name']);
    if (!packages.has(name)) packages.set(name, new Map());
    packages.get(name)!.set(String(packed.manifest['version']), packed);
  }
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://registry').pathname.slice(1));
    const tarball = /^(.+)\/-\/(.+)\.tgz$/.exec(path);
    const name = tarball ? tarball[1]! : path;
    requests.push(path);
    const versions = packages.get(name);
    if (!versions) return response.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    if (tarball) {
      const packed = [...versions.values()].find(
        (p) => `${tarballName(name)}-${String(p.manifest['version'])}` === tarball[2],
      );
      if (!packed) return response.writeHead(404).end();
      return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(packed.tarball);
    }
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const all = [...versions.values()];
    const document = {
      name,
      'dist-tags': { latest: String(all.at(-1)!.manifest['version']) },
      versions: Object.fromEntries(
        all.map((p) => {
          const version = String(p.manifest['version']);
          const url = `${base}/${name}/-/${tarballName(name)}-${version}.tgz`;
          return [
            version,
            { ...p.manifest, dist: { tarball: url, ...(p.integrity ? { integrity: p.integrity } : {}) } },
          ];
        }),
      ),
    };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  atEnd(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, requests };
}

/** A tarball's file name: the package name without its scope. */
const tarballName = (name: string) => name.slice(name.lastIndexOf('/') + 1);
