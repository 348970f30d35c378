// Which files get plants: the commit's added or modified source files (tests, configuration,
// generated and vendored code left out), else the --files fallback; and the lines it changed.

import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { git, isTestPath, OpError, opError, resolveListedFiles } from '@adlc/core';
import { rangeEnd } from './commit-ref.js';
import { generatedFiles } from './generated.js';

const SOURCE_EXTENSIONS = new Set([
  'js', 'jsx', 'mjs', 'cjs', 'ts', 'tsx', 'mts', 'cts',
  'py', 'go', 'java', 'rs', 'c', 'h', 'cc', 'cpp', 'cxx', 'hpp', 'hh', 'cs', 'kt', 'kts', 'swift', 'php', 'rb',
]);

/**
 * Not tests (core's isTestPath says which are), but no plant belongs here either: fixtures and test
 * helpers feed the tests, stories, benchmarks and end-to-end scripts are not the shipped code under
 * review. (Installed and vendored code is left out as not source, below.)
 */
const NO_PLANT_PATH = [
  /(^|\/)(fixtures?|testing|test-utils)\//i,
  /\.(e2e|stories|story|bench)\.[^/]+$/i,
];

const CONFIG_PATH = [
  /(^|\/)[^/]*\.config\.[^/]+$/i,
  /(^|\/)[^/]*rc\.(js|cjs|mjs|ts)$/i,
  /(^|\/)(setup|noxfile|fabfile|conf|manage|settings)\.py$/i,
  /(^|\/)(gulpfile|Gruntfile|Jakefile)\.[^/]+$/i,
  /(^|\/)(build\.rs|build\.gradle\.kts|settings\.gradle\.kts)$/i,
  /(^|\/)\.[^/]+\//, // dot-directories: .github/, .husky/, .vscode/, …
];

/** Generated code by its path: a generated/ or gen/ folder, protobuf output, *.generated.*, *.gen.*, minified files. */
const GENERATED_PATH = [/(^|\/)(generated|gen)\//i, /\.(pb|generated|gen)\.[^/]+$/i, /\.min\.[^/]+$/i];

const NOT_SOURCE = [
  /(^|\/)(node_modules|vendor|third_party|dist|build|out|target|coverage)\//i,
  /\.d\.[cm]?ts$/i,
  ...GENERATED_PATH,
];

/** A path (repository-relative, forward slashes) is a test, or a fixture, test helper, story or benchmark. */
export function takesNoPlant(file: string): boolean {
  return isTestPath(file) || NO_PLANT_PATH.some((re) => re.test(file));
}

/** A path (repository-relative, forward slashes) is eligible source code. */
export function isEligibleSource(file: string): boolean {
  return isSourceFile(file) && !takesNoPlant(file) && ![...CONFIG_PATH, ...NOT_SOURCE].some((re) => re.test(file));
}

function isSourceFile(file: string): boolean {
  const ext = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase();
  return ext !== undefined && SOURCE_EXTENSIONS.has(ext);
}

/** Source code (not a test) that its path says is generated: skipped, and said so, like generated code found by its header. */
function generatedByPath(file: string): boolean {
  return isSourceFile(file) && !takesNoPlant(file) && GENERATED_PATH.some((re) => re.test(file));
}

export interface Target {
  file: string;
  content: string;
  /** Lines the commit added or changed (new side); empty when the file is a --files fallback. */
  changedLines: number[];
}

export interface TargetChoice {
  targets: Target[];
  source: 'commit' | 'files';
  /** Eligible files skipped, and why (generated, binary, too large, …). */
  skipped: Array<{ file: string; reason: string }>;
  /** A note for each --files entry named more than once (it counts once). */
  repeats: string[];
}

const MAX_BYTES = 1_000_000;

export async function chooseTargets(opts: { root: string; cwd: string; commit: string; files: string[] }): Promise<TargetChoice> {
  const skipped: TargetChoice['skipped'] = [];
  const all = await git.changedFiles(opts.root, opts.commit);
  for (const file of all.filter(generatedByPath)) skipped.push({ file, reason: 'generated: its path says so' });
  const changed = all.filter(isEligibleSource);
  const fromCommit = await withoutGenerated(opts.root, await loadAll(opts.root, changed, skipped), skipped);
  if (fromCommit.length > 0) {
    const head = await git.revParse(opts.root, 'HEAD');
    const commitSha = await git.revParse(opts.root, rangeEnd(opts.commit));
    const targets: Target[] = [];
    for (const t of fromCommit) {
      // Changed-line numbers are the commit's; they only hold for the file as it is now if it has
      // not changed since.
      const same = commitSha === head || (await git.show(opts.root, commitSha, t.file)) === t.content;
      targets.push({ ...t, changedLines: same ? await git.changedLines(opts.root, opts.commit, t.file) : [] });
    }
    return { targets, source: 'commit', skipped, repeats: [] };
  }
  if (opts.files.length === 0) {
    const why = skipped.length === 0 ? '' : `; skipped: ${skipped.map((s) => `${s.file} (${s.reason})`).join(', ')}`;
    throw opError(`commit ${opts.commit} changes no eligible source file (tests, configuration and generated code are left out)${why}`, {
      hint: 'give --files "src/a.ts,src/b.py" to plant in these files instead, or --commit a commit that changes source code',
    });
  }
  const listed = resolveListedFiles(opts.files, { cwd: opts.cwd, root: opts.root, directoryHint: 'list the source files in it that may take plants, comma-separated' });
  const loaded = await withoutGenerated(opts.root, await loadAll(opts.root, listed.files.map((f) => f.file), skipped, true), skipped);
  const targets = loaded.map((t) => ({ ...t, changedLines: [] }));
  if (targets.length === 0) throw opError(`none of the --files can take plants: ${skipped.map((s) => `${s.file} (${s.reason})`).join(', ')}`);
  return { targets, source: 'files', skipped, repeats: listed.repeats };
}

/** The files that are not generated; the generated ones go to `skipped` with why. */
async function withoutGenerated<T extends { file: string; content: string }>(root: string, files: T[], skipped: TargetChoice['skipped']): Promise<T[]> {
  const generated = await generatedFiles(root, files);
  for (const [file, reason] of generated) skipped.push({ file, reason });
  return files.filter((f) => !generated.has(f.file));
}

async function loadAll(
  root: string,
  files: readonly string[],
  skipped: TargetChoice['skipped'],
  explicit = false,
): Promise<Array<{ file: string; content: string }>> {
  const out: Array<{ file: string; content: string }> = [];
  for (const file of files) {
    let bytes: Buffer;
    try {
      // A symlink would plant the bug in whatever file it points at, under another name.
      if ((await lstat(path.join(root, file))).isSymbolicLink()) {
        if (explicit) throw opError(`--files entry ${file} is a symbolic link; give the file it points at`);
        skipped.push({ file, reason: 'a symbolic link' });
        continue;
      }
      bytes = await readFile(path.join(root, file));
    } catch (error) {
      if (OpError.isInstance(error)) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (explicit) throw opError(`--files entry ${file} cannot be read (${code ?? 'error'})`);
      skipped.push({ file, reason: code === 'ENOENT' ? 'deleted since the commit' : `unreadable (${code})` });
      continue;
    }
    if (bytes.length > MAX_BYTES) skipped.push({ file, reason: 'larger than 1 MB' });
    else if (bytes.includes(0)) skipped.push({ file, reason: 'binary' });
    else out.push({ file, content: bytes.toString('utf8') });
  }
  return out;
}
