// Node's on-disk compile cache (`module.enableCompileCache`, Node 22.1 and later) for the CLIs: most of a
// run's start-up is compiling the lazily loaded libraries (the SDKs, zod, execa), and the cache keeps
// that work between runs. Node keys each entry by its version and the source's hash and ignores entries
// that do not check out, so one directory is safe to share between versions, to corrupt and to delete.
// It lives outside the project tree, in a directory only we can write to. On older Node this does
// nothing (code-cache.ts does the same job there for the vendor bundles).
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { privateDir } from './private-dir.js';

type EnableCompileCache = (dir: string) => { status: number; directory?: string };

/** Where the cache goes: `$XDG_CACHE_HOME/adlc/compile-cache`, else one directory per user in the temp dir. */
export function compileCacheDir(env: NodeJS.ProcessEnv, uid: number, tmpdir: string): string {
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) return path.join(env.XDG_CACHE_HOME, 'adlc', 'compile-cache');
  return path.join(tmpdir, `adlc-compile-cache-${uid}`);
}

/**
 * Turns the cache on unless the runtime lacks it, `NODE_DISABLE_COMPILE_CACHE` is set,
 * `NODE_COMPILE_CACHE` already chose a directory (Node then enabled it itself), or the directory is not
 * ours alone (private-dir.ts). Never throws: a cache that cannot be used only costs the saving.
 * Returns the directory in use, if any.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const enable = (module as unknown as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (typeof enable !== 'function' || env.NODE_DISABLE_COMPILE_CACHE || env.NODE_COMPILE_CACHE) return undefined;
  try {
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    const dir = privateDir(compileCacheDir(env, uid ?? 0, os.tmpdir()), uid);
    return dir === undefined ? undefined : enable(dir).directory;
  } catch {
    return undefined;
  }
}
