// Which files the gate applies to (config `files`): by default the source code of the languages the
// kernel knows, by extension; everything else (docs, text, images, lockfiles, CI and other config) is
// edited freely unless `files` names it. Test files and the kernel's own files keep their own rules
// (globs.ts) whatever `files` says.

import * as fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '@adlc/core';
import type { KernelConfig } from './config.js';
import { globRegex } from './globs.js';

/** JS/TS and their variants, Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, Swift, C and C++. */
export const SOURCE_EXTENSIONS = [
  'js', 'jsx', 'mjs', 'cjs', 'ts', 'tsx', 'mts', 'cts', 'vue', 'svelte',
  'py', 'pyi', 'go', 'rs', 'java', 'kt', 'kts', 'cs', 'rb', 'php', 'swift',
  'c', 'h', 'cc', 'cpp', 'cxx', 'hh', 'hpp', 'hxx', 'ipp', 'inl', 'm', 'mm',
] as const;

export const DEFAULT_GATED_FILES: readonly string[] = [`**/*.{${SOURCE_EXTENSIONS.join(',')}}`];
const SOURCE_FILE = new RegExp(`\\.(?:${SOURCE_EXTENSIONS.join('|')})$`);

export interface GatedFiles {
  /** The globs in force (`!` marks an exclusion). */
  files: string[];
  from: 'default' | 'config';
}

export function gatedFiles(config: KernelConfig): GatedFiles {
  return config.files ? { files: [...config.files], from: 'config' } : { files: [...DEFAULT_GATED_FILES], from: 'default' };
}

/** Whether an edit of `rel` (not a test file, not the kernel's own) needs a claim. */
export function isGated(rel: string, config: KernelConfig, scratch: string | null): boolean {
  if (!config.files) return SOURCE_FILE.test(rel);
  const { include, exclude } = compiledGlobs(config.files, scratch);
  const included = include === null ? SOURCE_FILE.test(rel) : include.some((re) => re.test(rel));
  return included && !exclude.some((re) => re.test(rel));
}

interface Compiled {
  /** null: no positive glob was given, so the exclusions apply to the default. */
  include: RegExp[] | null;
  exclude: RegExp[];
}

type Stored = { globs: string[]; include: string[] | null; exclude: string[] };
const memo = new Map<string, Compiled>();

/**
 * The globs as regexes. The hook runs on every tool call and loading picomatch costs a large part of its
 * latency budget, so the regexes picomatch makes are kept in the scratch dir and picomatch is loaded
 * again only when the globs in the config change.
 */
function compiledGlobs(globs: readonly string[], scratch: string | null): Compiled {
  const key = JSON.stringify(globs);
  const known = memo.get(key);
  if (known) return known;
  const cacheFile = scratch ? path.join(scratch, 'files-globs.json') : null;
  let stored = cacheFile ? readStored(cacheFile) : null;
  if (!stored || JSON.stringify(stored.globs) !== key) {
    const positive = globs.filter((g) => !g.startsWith('!'));
    const negative = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
    stored = { globs: [...globs], include: positive.length > 0 ? positive.map((g) => globRegex(g).source) : null, exclude: negative.map((g) => globRegex(g).source) };
    if (cacheFile) {
      try {
        writeFileAtomicSync(cacheFile, JSON.stringify(stored));
      } catch {
        // a cache only: the next call compiles again
      }
    }
  }
  const compiled = { include: stored.include?.map((s) => new RegExp(s)) ?? null, exclude: stored.exclude.map((s) => new RegExp(s)) };
  memo.set(key, compiled);
  return compiled;
}

function readStored(file: string): Stored | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Stored;
    return Array.isArray(value.globs) && Array.isArray(value.exclude) ? value : null;
  } catch {
    return null;
  }
}
