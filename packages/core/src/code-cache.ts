// V8's code cache for one CommonJS file, for runtimes without Node's module compile cache (Node 20):
// the tools' bins load the vendor libraries (SDKs, zod) from one bundled file each, and
// compiling that JavaScript is most of what loading them costs. The first run compiles and, as the
// process exits, stores V8's compiled form (including every function the run compiled) next to
// Node's compile cache; later runs hand it back to V8. Where Node has its own compile cache (22.1 and
// later), the file is simply required and Node's cache does the same job.
//
// An entry is only used when it checks out: our header names the file, a hash of its content, the
// Node version, the architecture and the V8 flags, and a digest of the payload; V8 then checks the
// payload again and may still reject it (`cachedDataRejected`), which only costs the saving. Entries
// are written to a temp file and renamed into place, in a directory that must be ours (see
// private-dir.ts). `NODE_DISABLE_COMPILE_CACHE` turns this cache off too.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { compileCacheDir } from './compile-cache.js';
import { privateDir } from './private-dir.js';
import { randomHex } from './random.js';

const MAGIC = 'adlc-v8-code-cache 1\n';
const DIGEST_BYTES = 32;
const CODE_CACHE_SUBDIR = 'v8-code-cache';
/** An entry not rewritten for this long is deleted when another is written (an old build's, most likely). */
export const CODE_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** What one cache entry is valid for: the file, its content, and the V8 that compiled it. */
export interface CodeCacheIdentity {
  file: string;
  /** The file's bytes (hashed as bytes: hashing the decoded string costs several times more). */
  content: Buffer;
  nodeVersion: string;
  arch: string;
  v8Flags: string;
}

const sha256 = (data: string | Buffer): Buffer => createHash('sha256').update(data).digest();

/** The entry's key: a change of file, content, Node, architecture or V8 flags is a different entry. */
export function codeCacheKey(id: CodeCacheIdentity): string {
  const parts = [id.file, sha256(id.content).toString('hex'), id.nodeVersion, id.arch, id.v8Flags];
  return sha256(JSON.stringify(parts)).toString('hex');
}

/** An entry's bytes: the magic line, the key, a digest of the payload, then V8's cached data. */
export function encodeCodeCacheEntry(key: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC}${key}\n`), sha256(data), data]);
}

/** V8's cached data from an entry's bytes, or undefined when they are not an intact entry for `key`. */
export function decodeCodeCacheEntry(key: string, bytes: Buffer): Buffer | undefined {
  const header = Buffer.from(`${MAGIC}${key}\n`);
  if (bytes.length <= header.length + DIGEST_BYTES || !bytes.subarray(0, header.length).equals(header)) return undefined;
  const digest = bytes.subarray(header.length, header.length + DIGEST_BYTES);
  const data = bytes.subarray(header.length + DIGEST_BYTES);
  return sha256(data).equals(digest) ? data : undefined;
}

/** Where the entries go: beside Node's compile cache, so one directory holds both and one `rm -r` clears both. */
export function codeCacheDir(env: NodeJS.ProcessEnv, uid: number, tmpdir: string): string {
  return path.join(compileCacheDir(env, uid, tmpdir), CODE_CACHE_SUBDIR);
}

/** How a file is loaded: by Node's own loader (its compile cache, 22.1+, or no cache at all), or through ours. */
export function codeCacheMode(env: NodeJS.ProcessEnv, nodeHasCompileCache: boolean): 'require' | 'v8-cache' {
  return nodeHasCompileCache || env.NODE_DISABLE_COMPILE_CACHE ? 'require' : 'v8-cache';
}

const loaded = new Map<string, unknown>();

/**
 * `require(file)` of a CommonJS file (absolute path), through V8's code cache where Node has no compile
 * cache of its own. Loads each file once per process. A cache that cannot be read or written only costs
 * the saving; an error thrown by the file itself is the caller's, as with require. The file must not
 * call `import()`: V8 loses the hook that serves it from code it takes from the cache (nodejs/node#43663),
 * so core's build turns the vendor bundles' imports of Node built-ins into require().
 */
export function requireWithCodeCache(file: string, env: NodeJS.ProcessEnv = process.env): unknown {
  if (loaded.has(file)) return loaded.get(file);
  const nodeHasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
  const exports = codeCacheMode(env, nodeHasCompileCache) === 'require' ? createRequire(file)(file) : runCached(file, env);
  loaded.set(file, exports);
  return exports;
}

/**
 * What a file's source is wrapped in: the same module shape require gives, a function of exports, require,
 * module. Offsets V8 reports in the script (coverage, profiles) count this prefix.
 */
export const CODE_CACHE_WRAPPER_PREFIX = '(function (exports, require, module, __filename, __dirname) { ';

function runCached(file: string, env: NodeJS.ProcessEnv): unknown {
  const content = fs.readFileSync(file);
  const source = `${CODE_CACHE_WRAPPER_PREFIX}${content.toString('utf8')}\n})`;
  const entry = cacheEntryPath(file, content, env);
  const cachedData = entry ? readEntry(entry) : undefined;
  const script = new vm.Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (entry && (!cachedData || script.cachedDataRejected)) {
    // At exit the cache also holds every function the run compiled, not only the top level.
    process.once('exit', () => writeEntry(entry.path, entry.key, script));
  }
  const mod = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(mod.exports, createRequire(file), mod, file, path.dirname(file));
  return mod.exports;
}

function cacheEntryPath(file: string, content: Buffer, env: NodeJS.ProcessEnv): { path: string; key: string } | undefined {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const dir = privateDir(compileCacheDir(env, uid ?? 0, os.tmpdir()), uid, CODE_CACHE_SUBDIR);
  if (!dir) return undefined;
  const v8Flags = [...process.execArgv, env.NODE_OPTIONS ?? ''].join(' ');
  const key = codeCacheKey({ file, content, nodeVersion: process.version, arch: process.arch, v8Flags });
  return { path: path.join(dir, `${path.basename(file)}-${key.slice(0, 24)}.bin`), key };
}

function readEntry(entry: { path: string; key: string }): Buffer | undefined {
  try {
    return decodeCodeCacheEntry(entry.key, fs.readFileSync(entry.path));
  } catch {
    return undefined;
  }
}

/**
 * The entries and temp files of the cache directory to delete: those older than `maxAgeMs` (each build of a
 * bundle gets entries of its own, so without this the directory only grows). An entry in use is rewritten
 * whenever V8 rejects it, and costs one cold start if it goes.
 */
export function staleCacheFiles(files: ReadonlyArray<{ name: string; mtimeMs: number }>, nowMs: number, maxAgeMs = CODE_CACHE_MAX_AGE_MS): string[] {
  return files.filter((f) => /\.(?:bin|tmp)$/.test(f.name) && nowMs - f.mtimeMs > maxAgeMs).map((f) => f.name);
}

/** Deletes the stale files of the cache directory; best effort (another process may be doing the same). */
function pruneCacheDir(dir: string): void {
  try {
    const files = fs.readdirSync(dir).flatMap((name) => {
      try {
        return [{ name, mtimeMs: fs.statSync(path.join(dir, name)).mtimeMs }];
      } catch {
        return [];
      }
    });
    for (const name of staleCacheFiles(files, Date.now())) fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // An exit handler must not throw: what is not pruned now is pruned at the next write.
  }
}

/**
 * Written to a temp file and renamed, so a reader sees a whole entry or none; no fsync: losing one is
 * harmless. Writing (a miss, so rare) is also when the directory's stale entries go.
 */
function writeEntry(target: string, key: string, script: vm.Script): void {
  const temp = `${target}.${process.pid}-${randomHex(8)}.tmp`;
  try {
    fs.writeFileSync(temp, encodeCodeCacheEntry(key, script.createCachedData()), { mode: 0o600 });
    fs.renameSync(temp, target);
    pruneCacheDir(path.dirname(target));
  } catch {
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // An exit handler must not throw: a stray temp file in a cache directory is harmless.
    }
  }
}
