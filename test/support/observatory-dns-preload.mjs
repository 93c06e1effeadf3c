/**
 * Preloaded (`node --import`) into the process that runs the MDN Observatory 1.4.8 oracle
 * (observatory-scan-child.mjs), before any of its modules:
 *   - `dns.lookup` and `dns.promises.lookup` answer the scenario host names from
 *     OBSERVATORY_HOSTS (JSON: name → loopback address) and refuse every other name, so nothing
 *     the oracle does can reach the internet;
 *   - `fs.readFileSync` of the package's `conf/hsts-preload.json` (written by its postinstall,
 *     which cannot run offline) returns OBSERVATORY_HSTS_PRELOAD (JSON, `{}` when unset).
 * Nothing else is changed.
 */
import dns from 'node:dns';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

const hosts = new Map(Object.entries(JSON.parse(process.env.OBSERVATORY_HOSTS ?? '{}')));
const preloadJson = process.env.OBSERVATORY_HSTS_PRELOAD ?? '{}';

/** An address literal answers itself; a scenario name its loopback address; anything else is refused. */
function answer(hostname, options) {
  const name = String(hostname).toLowerCase().replace(/\.$/, '');
  const literal = isIP(name);
  const address = literal !== 0 ? name : hosts.get(name);
  const wanted = typeof options === 'number' ? options : (options?.family ?? 0);
  const family = literal === 6 ? 6 : 4;
  if (address === undefined || (wanted !== 0 && wanted !== family && wanted !== `IPv${family}`)) {
    const error = new Error(`getaddrinfo ENOTFOUND ${hostname} (refused by the oracle's test resolver)`);
    return { error: Object.assign(error, { code: 'ENOTFOUND', errno: -3008, syscall: 'getaddrinfo', hostname }) };
  }
  return { address, family, all: typeof options === 'object' && options?.all === true };
}

dns.lookup = function lookup(hostname, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  const found = answer(hostname, typeof options === 'function' ? {} : options);
  process.nextTick(() => {
    if (found.error) done(found.error);
    else if (found.all) done(null, [{ address: found.address, family: found.family }]);
    else done(null, found.address, found.family);
  });
};

dns.promises.lookup = async function lookup(hostname, options) {
  const found = answer(hostname, options);
  if (found.error) throw found.error;
  const entry = { address: found.address, family: found.family };
  return found.all ? [entry] : entry;
};

const preloadFile = path.join('mdn-http-observatory', 'conf', 'hsts-preload.json');
const readFileSync = fs.readFileSync;
fs.readFileSync = function patchedReadFileSync(file, options) {
  if (typeof file === 'string' && file.endsWith(preloadFile)) {
    const encoding = typeof options === 'string' ? options : options?.encoding;
    return encoding ? preloadJson : Buffer.from(preloadJson);
  }
  return readFileSync.apply(this, arguments);
};
