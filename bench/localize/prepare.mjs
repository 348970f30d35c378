// Materializes the localization benchmark's cases: each one a fresh git repository holding a
// registry package at its buggy version (or its fixed one) plus the case's repro test.
//   node bench/localize/prepare.mjs [--cases a,b] [--json]   materialize the buggy versions, print where
//   node bench/localize/prepare.mjs --verify [--cases a,b]   check every case (see verify.mjs)
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractTarball, fetchTarball, installDependencies } from './cache.mjs';

const here = dirname(fileURLToPath(import.meta.url));
// The bounds: a package worth localizing in has at least this many source files, and a
// repro test stays fast enough to be run again and again.
export const MIN_SOURCE_FILES = 6;
export const MAX_TEST_MS = 2000;
const TEST_TIMEOUT_MS = 60_000;
const SOURCE_FILE = /\.(c|m)?[jt]sx?$/;

export function loadCases(only) {
  const cases = JSON.parse(readFileSync(join(here, 'cases.json'), 'utf8'));
  if (!only) return cases;
  const unknown = only.filter((id) => !cases.some((c) => c.id === id));
  if (unknown.length > 0) throw new Error(`unknown case(s): ${unknown.join(', ')} (known: ${cases.map((c) => c.id).join(', ')})`);
  return cases.filter((c) => only.includes(c.id));
}

export function testCommandOf(c) {
  return `node --test test/repro.test${extname(c.test)}`;
}

// A clean git repository in the OS temp dir: the package at `which` ('buggy' or 'fixed'), its
// runtime dependencies (ignored by git), and the repro test, all committed.
export function materialize(c, which = 'buggy') {
  const release = c[which];
  const tarball = fetchTarball(c.package, release.version, release.integrity);
  const dir = mkdtempSync(join(tmpdir(), `adlc-localize-${c.id}-${which}-`));
  try {
    fillRepository(c, tarball, dir, `${c.package}@${release.version}`);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { id: c.id, dir, testCmd: testCommandOf(c), expected: c.expected };
}

function fillRepository(c, tarball, dir, message) {
  extractTarball(tarball, dir);
  const testFile = join(dir, 'test', `repro.test${extname(c.test)}`);
  if (existsSync(testFile)) throw new Error(`${c.id}: the package already ships ${relative(dir, testFile)}`);
  mkdirSync(dirname(testFile), { recursive: true });
  copyFileSync(join(here, c.test), testFile);
  installDependencies(join(dir, 'package.json'), dir);
  git(dir, ['init', '-q', '-b', 'main']);
  // Ignored through .git/info/exclude, so the tracked tree is exactly the package plus the test.
  writeFileSync(join(dir, '.git', 'info', 'exclude'), 'node_modules/\n');
  git(dir, ['add', '-A']);
  git(dir, ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'commit.gpgsign=false', 'commit', '-qm', message]);
}

// Runs a shell command in dir: its exit code, output, wall time, and CPU time (null off Linux).
export function runTest(dir, cmd) {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const r = spawnSync(cmd, { cwd: dir, shell: true, encoding: 'utf8', timeout: TEST_TIMEOUT_MS });
  const ms = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return { exitCode: r.status, ms, cpuMs, output: `${r.stdout}${r.stderr}` };
}

// CPU time of this process's finished children (and theirs): on a shared, loaded machine the wall
// time of a test measures the machine, its CPU time measures the test. Linux only.
let ticksPerSecond;
export function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after "pid (comm) " start at field 3; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
    return ((Number(fields[16 - 3]) + Number(fields[17 - 3])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

// Shipped source files of a package tree (dependency folders aside), relative paths.
export function sourceFiles(dir, sub = '') {
  const out = [];
  for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '.git') out.push(...sourceFiles(dir, rel));
    } else if (SOURCE_FILE.test(entry.name)) out.push(rel);
  }
  return out.sort();
}

// Source files that differ between two package trees, or exist in only one of them.
export function changedSourceFiles(a, b) {
  const all = [...new Set([...sourceFiles(a), ...sourceFiles(b)])].sort();
  return all.filter((f) => !existsSync(join(a, f)) || !existsSync(join(b, f)) || !readFileSync(join(a, f)).equals(readFileSync(join(b, f))));
}

export function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

async function main(argv) {
  const { verifyAll } = await import('./verify.mjs');
  const flag = (name) => argv.includes(name);
  const casesAt = argv.indexOf('--cases');
  const only = casesAt >= 0 ? (argv[casesAt + 1] ?? '').split(',').filter(Boolean) : undefined;
  const cases = loadCases(only);
  if (flag('--verify')) return verifyAll(cases, { keep: flag('--keep'), json: flag('--json') });
  const prepared = cases.map((c) => materialize(c));
  if (flag('--json')) console.log(JSON.stringify(prepared, null, 2));
  else for (const p of prepared) console.log(`${p.id}\t${p.dir}\t${p.testCmd}\t${p.expected.join(',')}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (err) => { console.error(`prepare: ${err.message}`); process.exitCode = 1; },
  );
}
