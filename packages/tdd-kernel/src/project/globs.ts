// Which paths are test files (always editable) and which belong to the kernel itself (never editable
// by the agent). Defaults are plain regexes; picomatch is loaded only for configured globs and claims.

import { createRequire } from 'node:module';
import type { KernelConfig } from './config.js';

export const DEFAULT_TEST_GLOBS = [
  '**/*.test.*',
  '**/*.spec.*',
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
  '**/test_*.py',
  '**/*_test.py',
  '**/*_test.go',
  '**/*-test.{js,cjs,mjs}',
  '**/*_test.{js,cjs,mjs}',
  '**/test-*.{js,cjs,mjs}',
  '**/test.{js,cjs,mjs}',
] as const;

/** DEFAULT_TEST_GLOBS as one regex (no picomatch on the hot path); the last four are `node --test`'s own file names. */
export const DEFAULT_TEST_FILE =
  /(?:^|\/)(?:[^/]+\.(?:test|spec)\.[^/]+|test_[^/]*\.py|[^/]*_test\.(?:py|go)|[^/]*[-_]test\.[cm]?js|test-[^/]*\.[cm]?js|test\.[cm]?js)$|(?:^|\/)(?:test|tests|__tests__)\//;

type Matcher = (path: string) => boolean;
let picomatchFn: ((glob: string | string[], options?: object) => Matcher) | null = null;
const matcherCache = new Map<string, Matcher>();

function compile(glob: string): Matcher {
  let matcher = matcherCache.get(glob);
  if (!matcher) {
    picomatchFn ??= createRequire(import.meta.url)('picomatch') as typeof picomatchFn & object;
    matcher = picomatchFn(glob, { dot: true });
    matcherCache.set(glob, matcher);
  }
  return matcher;
}

/** The regex picomatch makes of a glob, with the options every match here uses. */
export function globRegex(glob: string): RegExp {
  picomatchFn ??= createRequire(import.meta.url)('picomatch') as typeof picomatchFn & object;
  return (picomatchFn as unknown as { makeRe(glob: string, options?: object): RegExp }).makeRe(glob, { dot: true });
}

export function matchesGlob(glob: string, rel: string): boolean {
  return compile(glob)(rel);
}

export function isGlob(text: string): boolean {
  return /[*?[\]{}!]/.test(text);
}

/** A claim target covers a file when it names it or is a glob matching it. */
export function targetCovers(target: string, rel: string): boolean {
  if (target === rel) return true;
  return isGlob(target) && matchesGlob(target, rel);
}

export function isTestFile(rel: string, config: KernelConfig): boolean {
  if (config.testGlobs) return config.testGlobs.some((g) => matchesGlob(g, rel));
  if (DEFAULT_TEST_FILE.test(rel)) return true;
  return (config.extraTestGlobs ?? []).some((g) => matchesGlob(g, rel));
}

/** Every agent's hook settings (`tdd-kernel init <agent>` writes them): an agent that edits them turns the gate off. */
const HOOK_SETTINGS = /^(?:\.claude\/settings(?:\.local)?\.json|\.codex\/(?:hooks\.json|config\.toml)|\.github\/hooks\/tdd-kernel\.json|\.cursor\/hooks\.json|\.qwen\/settings\.json|\.gemini\/settings\.json|\.clinerules\/hooks\/.*|\.windsurf\/hooks\.json|\.opencode\/plugins\/tdd-kernel\.js)$/;

/** The kernel's own files: its log and config, its scratch, and the agents' hook settings. */
export function isProtected(rel: string, logRel: string | null): boolean {
  if (logRel !== null && rel === logRel) return true;
  return rel === '.tdd-kernel' || rel.startsWith('.tdd-kernel/') || rel.startsWith('.git/') || HOOK_SETTINGS.test(rel);
}
