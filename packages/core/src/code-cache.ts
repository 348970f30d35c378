// V8's code cache for one CommonJS file, for runtimes without Node's module compile cache (Node 20):
// the tools' bins (their CLI, and the vendor libraries: SDKs, zod) are one bundled file each, and
// compiling that JavaScript is most of what loading them costs. The first run compiles and, as the
// process exits, stores V8's compiled form (including every function the run compiled) next to
// Node's compile cache; later runs hand it back to V8. Where Node has its own compile cache (22.1 and
// later), the file is simply required and Node's cache does the same job.
//
// An entry is only used when it checks out, without loading node:crypto (with the streams it pulls in,
// 10 ms of every start, a fifth of what `--help` may cost): the header names the file, the Node version,
// the architecture and the V8 flags (the file name is a hash of them); the entry holds a copy of the
// source it was compiled from, which must equal the file byte for byte (V8's own check compares only
// lengths); and it holds V8's data twice, and the copies must be equal. Comparing bytes is the one
// native check Node 20 has without node:crypto or zlib, and a damaged block changes one copy only. V8
// then checks the data again and may still reject it (`cachedDataRejected`), which only costs the
// saving. Entries are written to a temp file and renamed into place, in a directory that must be ours
// (see private-dir.ts). `NODE_DISABLE_COMPILE_CACHE` turns this cache off too.
import fs from 'node:fs';
import module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { compileCacheDir, enableCompileCache } from './compile-cache.js';
import { privateDir } from './private-dir.js';
import { randomHex } from './random.js';
import { sha1Hex } from './sha1.js';

const MAGIC = 'adlc-v8-code-cache 2\n';
const CODE_CACHE_SUBDIR = 'v8-code-cache';
/** An entry not rewritten for this long is deleted when another is written (an old install's, most likely). */
export const CODE_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Which entry serves a file: the file, and the V8 that compiles it. Its content is checked inside the entry. */
export interface CodeCacheIdentity {
  file: string;
  /** CodeCacheOptions.variant. */
  variant?: string;
  nodeVersion: string;
  arch: string;
  v8Flags: string;
}

/** The entry's key: another file, variant, Node, architecture or V8 flags is another entry; a rebuilt file replaces its entry. */
export function codeCacheKey(id: CodeCacheIdentity): string {
  return sha1Hex(JSON.stringify([id.file, id.variant ?? '', id.nodeVersion, id.arch, id.v8Flags]));
}

const headerOf = (key: string, sourceLength: number, dataLength: number): Buffer => Buffer.from(`${MAGIC}${key} ${sourceLength} ${dataLength}\n`);

/** An entry's bytes: the magic line, the key and both lengths, the source, then V8's cached data twice. */
export function encodeCodeCacheEntry(key: string, source: Buffer, data: Buffer): Buffer {
  return Buffer.concat([headerOf(key, source.length, data.length), source, data, data]);
}

/**
 * V8's cached data from an entry's bytes, or undefined unless they are an intact entry for `key` compiled
 * from exactly `source`.
 */
export function decodeCodeCacheEntry(key: string, source: Buffer, bytes: Buffer): Buffer | undefined {
  const newline = bytes.indexOf(10, MAGIC.length);
  if (newline < 0) return undefined;
  const dataLength = Number(bytes.toString('latin1', 0, newline).split(' ').at(-1));
  if (!Number.isSafeInteger(dataLength) || dataLength <= 0) return undefined;
  const header = headerOf(key, source.length, dataLength);
  if (bytes.length !== header.length + source.length + 2 * dataLength || !bytes.subarray(0, header.length).equals(header)) return undefined;
  const dataStart = header.length + source.length;
  if (!bytes.subarray(header.length, dataStart).equals(source)) return undefined;
  const data = bytes.subarray(dataStart, dataStart + dataLength);
  return data.equals(bytes.subarray(dataStart + dataLength)) ? data : undefined;
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

export interface CodeCacheOptions {
  /**
   * What a new entry holds. 'exit' (the default): every function the process compiled, for a library a
   * run loads midway (an SDK), whose functions that run uses again next time. 'start': what the load and
   * the start after it compiled, up to the first wait for I/O, for a CLI: a long run's functions would make
   * every later start deserialize them before it can do anything (consensus-fix starts its test then),
   * while compiling them on first use overlaps the test and the model calls.
   */
  snapshot?: 'exit' | 'start';
  /**
   * Entries of one file that hold what different starts compiled (a CLI's help, its commands): with one
   * entry, the first command run after an install would decide what every later start finds compiled.
   */
  variant?: string;
}

/**
 * `require(file)` of a CommonJS file (absolute path), through V8's code cache where Node has no compile
 * cache of its own. Loads each file once per process. A cache that cannot be read or written only costs
 * the saving; an error thrown by the file itself is the caller's, as with require. The file must not
 * call `import()`: V8 loses the hook that serves it from code it takes from the cache (nodejs/node#43663),
 * so core's build turns the vendor bundles' imports of Node built-ins into require().
 */
export function requireWithCodeCache(file: string, env: NodeJS.ProcessEnv = process.env, options: CodeCacheOptions = {}): unknown {
  if (loaded.has(file)) return loaded.get(file);
  const nodeHasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
  const exports = codeCacheMode(env, nodeHasCompileCache) === 'require' ? createRequire(file)(file) : runCached(file, env, options);
  loaded.set(file, exports);
  return exports;
}

/**
 * What a CommonJS bin's launcher does (tsup.tool.config.ts cjsBin): turn Node's compile cache on (22.1+), then
 * load the bundled CLI beside the bin, `cli-main.cjs`, through requireWithCodeCache (snapshot 'start'), so a
 * start reads V8's compiled code of what starts need instead of parsing the whole CLI. The help and the
 * commands have entries of their own (cliVariant). `binUrl` is the launcher's own URL (import.meta.url).
 */
export function loadBundledCli(binUrl: string, argv: readonly string[] = process.argv.slice(2)): unknown {
  enableCompileCache();
  const file = fileURLToPath(new URL('./cli-main.cjs', binUrl));
  return requireWithCodeCache(file, process.env, { snapshot: 'start', variant: cliVariant(argv) });
}

/** Whether a command line asks for the help or the version (commander answers those before anything runs). */
export function asksForHelpOrVersion(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--help' || arg === '-h' || arg === '--version' || arg === '-V');
}

/** A CLI's cache variant: its help and version (what someone new runs first), or a command. */
export function cliVariant(argv: readonly string[]): 'help' | 'run' {
  return argv.length === 0 || asksForHelpOrVersion(argv) ? 'help' : 'run';
}

/**
 * What a file's source is wrapped in: the same module shape require gives, a function of exports, require,
 * module. Offsets V8 reports in the script (coverage, profiles) count this prefix.
 */
export const CODE_CACHE_WRAPPER_PREFIX = '(function (exports, require, module, __filename, __dirname) { ';

function runCached(file: string, env: NodeJS.ProcessEnv, options: CodeCacheOptions): unknown {
  const content = fs.readFileSync(file);
  const source = `${CODE_CACHE_WRAPPER_PREFIX}${content.toString('utf8')}\n})`;
  const entry = cacheEntryPath(file, env, options.variant);
  const cachedData = entry ? readEntry(entry, content) : undefined;
  const script = new vm.Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (entry && (!cachedData || script.cachedDataRejected)) {
    // V8's data holds every function compiled by the time it is taken: at exit, all the process ran; for
    // 'start', what the file's load and the start after it ran, up to the first wait (or the exit).
    let data: Buffer | undefined;
    if (options.snapshot === 'start') setImmediate(() => (data ??= script.createCachedData())).unref();
    process.once('exit', () => writeEntry(entry.path, entry.key, content, data ?? script.createCachedData()));
  }
  const mod = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(mod.exports, createRequire(file), mod, file, path.dirname(file));
  return mod.exports;
}

function cacheEntryPath(file: string, env: NodeJS.ProcessEnv, variant: string | undefined): { path: string; key: string } | undefined {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const dir = privateDir(compileCacheDir(env, uid ?? 0, os.tmpdir()), uid, CODE_CACHE_SUBDIR);
  if (!dir) return undefined;
  const v8Flags = [...process.execArgv, env.NODE_OPTIONS ?? ''].join(' ');
  const key = codeCacheKey({ file, ...(variant ? { variant } : {}), nodeVersion: process.version, arch: process.arch, v8Flags });
  return { path: path.join(dir, `${path.basename(file)}-${key.slice(0, 24)}.bin`), key };
}

function readEntry(entry: { path: string; key: string }, source: Buffer): Buffer | undefined {
  try {
    return decodeCodeCacheEntry(entry.key, source, fs.readFileSync(entry.path));
  } catch {
    return undefined;
  }
}

/**
 * The entries and temp files of the cache directory to delete: those older than `maxAgeMs` (each install of
 * a bundle, and each Node version, gets entries of its own, so without this the directory only grows). An
 * entry in use is rewritten whenever it does not check out, and costs one cold start if it goes.
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
function writeEntry(target: string, key: string, source: Buffer, data: Buffer): void {
  const temp = `${target}.${process.pid}-${randomHex(8)}.tmp`;
  try {
    fs.writeFileSync(temp, encodeCodeCacheEntry(key, source, data), { mode: 0o600 });
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
