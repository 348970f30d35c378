// Localization on the projects' own repositories, with their own test runners and the fix's own test
// (repos.json): each case is a fix commit; its parent is checked out, the dependencies installed,
// only the commit's test changes applied and committed, and `consensus-fix --localize-only` given
// the test command a developer would type. A hit is a first file the commit changed.
//   node bench/localize/repos.mjs [--cases a,b] [--json] [--keep] [--cli path] [--git-url TEMPLATE]
// TEMPLATE names where a repository is cloned from, `{owner}` and `{name}` filled in; the default is
// GitHub (https://github.com/{owner}/{name}.git), a local directory of bare clones works as well.
// Needs git and the npm registry. Exit 0 once every case ran, 1 when one could not (it is reported).
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliPath, flagValue, onlyCases, runIfMain } from './cli.mjs';
import { git } from './prepare.mjs';
import { rankOf } from './score.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TIMEOUT_MS = 600_000;
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
/** Where a fix commit's test changes live: the test layouts, and tap's snapshots. */
const TEST_PATH = /(?:^|\/)(?:test|tests|__tests__|spec|tap-snapshots)\/|\.(?:test|spec)\.[^/]+$/;

// Pure: a fix commit's changed paths split into the tests to apply and the sources a hit may name.
export function splitChanges(paths) {
  const tests = paths.filter((p) => TEST_PATH.test(p));
  const sources = paths.filter((p) => !TEST_PATH.test(p) && SOURCE.test(p) && !/(?:^|\/)(?:docs?|examples?|benchmarks?)\//.test(p) && !/\.d\.[cm]?ts$/.test(p));
  return { tests, sources };
}

function parseFlags(argv) {
  return {
    only: onlyCases(argv),
    json: argv.includes('--json'),
    keep: argv.includes('--keep'),
    cli: cliPath(argv),
    gitUrl: flagValue(argv, '--git-url') ?? 'https://github.com/{owner}/{name}.git',
  };
}
const shell = (dir, command) => spawnSync(command, { cwd: dir, shell: true, encoding: 'utf8', timeout: TIMEOUT_MS });

function setUp(c, gitUrl) {
  const dir = mkdtempSync(join(tmpdir(), `adlc-repos-${c.id}-`));
  try {
    return { dir, expected: prepareRepository(c, gitUrl, dir) };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

// The fix's parent, its dependencies, and the fix's tests committed on top; the sources a hit may name.
function prepareRepository(c, gitUrl, dir) {
  const [owner, name] = c.repo.split('/');
  execFileSync('git', ['clone', '-q', gitUrl.replace('{owner}', owner).replace('{name}', name), dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  git(dir, ['checkout', '-q', `${c.fix}~1`]);
  const installed = shell(dir, c.install);
  if (installed.status !== 0) throw new Error(`${c.id}: \`${c.install}\` failed: ${(installed.stderr ?? '').trim().split('\n').at(-1)}`);
  // The install may touch package.json or a lock file: the tree stays the commit's, node_modules ignored.
  git(dir, ['checkout', '-q', '--', '.']);
  appendFileSync(join(dir, '.git', 'info', 'exclude'), '\nnode_modules/\n');
  const { tests, sources } = splitChanges(git(dir, ['show', '--name-only', '--format=', c.fix]).split('\n').filter(Boolean));
  if (tests.length === 0 || sources.length === 0) throw new Error(`${c.id}: ${c.fix} changes no test or no source file`);
  const patch = git(dir, ['show', '--format=', c.fix, '--', ...tests]);
  writeFileSync(join(dir, '.git', 'fix-tests.patch'), patch);
  git(dir, ['apply', join('.git', 'fix-tests.patch')]);
  git(dir, ['add', '-A']);
  git(dir, ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'commit.gpgsign=false', 'commit', '-qm', `the tests of ${c.fix}`]);
  return sources;
}

/**
 * Checks a case without the localizer: set up as for a run, its test command must fail at the parent
 * (with the commit's tests) and pass once the commit's source files are taken too.
 */
export function verifyCase(c, gitUrl) {
  let set;
  try {
    set = setUp(c, gitUrl);
  } catch (err) {
    return { ok: false, why: `set-up: ${err.message.trim().split('\n')[0]}` };
  }
  const { dir, expected } = set;
  try {
    if (shell(dir, c.testCmd).status === 0) return { ok: false, why: 'the test passes before the fix' };
    git(dir, ['checkout', c.fix, '--', ...expected]);
    const fixed = shell(dir, c.testCmd);
    if (fixed.status !== 0) return { ok: false, why: `the test fails after the fix too (exit ${fixed.status ?? fixed.signal})` };
    return { ok: true };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runCase(c, flags) {
  let set;
  try {
    set = setUp(c, flags.gitUrl);
  } catch (err) {
    return { id: c.id, expected: [], error: `set-up: ${err.message.trim().split('\n')[0]}` };
  }
  const { dir, expected } = set;
  try {
    const test = shell(dir, c.testCmd);
    if (test.status === 0) return { id: c.id, expected, error: `the test passes before the fix (${c.testCmd})` };
    const started = performance.now();
    const r = spawnSync(process.execPath, [flags.cli, '--localize-only', '--json', '--max-files', '10', '--test-cmd', c.testCmd], { cwd: dir, encoding: 'utf8', timeout: TIMEOUT_MS });
    const wallMs = Math.round(performance.now() - started);
    if (r.status !== 0) return { id: c.id, expected, error: `exit ${r.status ?? r.signal}: ${(r.stderr ?? '').trim().split('\n').at(-1)}` };
    const localization = JSON.parse(r.stdout).localization;
    const files = localization.files.map((f) => f.file);
    const treeChanged = git(dir, ['status', '--porcelain']).trim() !== '';
    const coverage = localization.coverage ?? null;
    return { id: c.id, heldOut: Boolean(c.heldOut), expected, rank: rankOf(files, expected), top3: files.slice(0, 3), coverage, wallMs, treeChanged, ...(flags.keep ? { dir } : {}) };
  } finally {
    if (!flags.keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** Top-1, top-3 and top-10 counts of the cases that ran (a case whose localizer failed counts in `errors`). */
export function tally(results) {
  const ran = results.filter((r) => !r.error);
  const within = (k) => ran.filter((r) => r.rank !== null && r.rank <= k).length;
  return { cases: results.length, errors: results.length - ran.length, top1: within(1), top3: within(3), top10: within(10) };
}

function main(argv) {
  const flags = parseFlags(argv);
  let cases = JSON.parse(readFileSync(join(here, 'repos.json'), 'utf8'));
  if (flags.only) {
    const unknown = flags.only.filter((id) => !cases.some((c) => c.id === id));
    if (unknown.length > 0) throw new Error(`unknown case(s): ${unknown.join(', ')}`);
    cases = cases.filter((c) => flags.only.includes(c.id));
  }
  const results = cases.map((c) => {
    if (!flags.json) process.stderr.write(`  ${c.id} (${c.repo} ${c.fix})\n`);
    const result = runCase(c, flags);
    // Each case's result as it comes (a long run that is stopped keeps what it measured).
    if (flags.json) process.stderr.write(`${JSON.stringify(result)}\n`);
    return result;
  });
  const summary = { ...tally(results), heldOut: tally(results.filter((r) => cases.find((c) => c.id === r.id)?.heldOut)) };
  if (flags.json) console.log(JSON.stringify({ results, summary }, null, 2));
  else {
    for (const r of results) {
      const gaps = r.coverage && !r.coverage.complete ? `; coverage incomplete (${r.coverage.none ? 'none' : r.coverage.missing.map((m) => `${m.run} ${m.reason}`).join(', ')})` : '';
      const what = r.error ? `error: ${r.error}` : `rank ${r.rank ?? '-'} of ${r.expected.join(', ')}; first three ${r.top3.join(', ')}; ${r.wallMs} ms${gaps}${r.treeChanged ? '; TREE CHANGED' : ''}`;
      console.log(`${r.id.padEnd(26)} ${what}`);
    }
    const line = (t) => `first: ${t.top1} of ${t.cases - t.errors}; top 3: ${t.top3}; top 10: ${t.top10}${t.errors ? `; ${t.errors} error(s)` : ''}`;
    console.log(line(summary));
    if (summary.heldOut.cases > 0) console.log(`held out: ${line(summary.heldOut)}`);
  }
  return summary.errors === 0 ? 0 : 1;
}

runIfMain(import.meta.url, 'repos', main);
