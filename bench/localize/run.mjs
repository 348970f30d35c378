// The localization benchmark: for every case, the buggy release in a fresh git repository, the
// repro test timed alone, then `consensus-fix --localize-only --json` asked which files to fix.
//   node bench/localize/run.mjs [--cases a,b] [--json] [--runs 3] [--keep] [--cli path/to/cli.js]
// Exit 0 when both goals pass, 2 when one is missed, 1 when the benchmark could not run (the CLI
// missing or without --localize-only, a case whose test does not fail).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { cliPath, flagValue, onlyCases, runIfMain } from './cli.mjs';
import { childrenCpuMs, git, loadCases, materialize, runTest } from './prepare.mjs';
import { formatReport, median, normalizeFile, scoreCase, summarize } from './score.mjs';

const CLI_TIMEOUT_MS = 600_000;

class BenchError extends Error {}

function parseFlags(argv) {
  const runs = Number(flagValue(argv, '--runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new BenchError('--runs must be a positive integer');
  return {
    only: onlyCases(argv),
    json: argv.includes('--json'),
    keep: argv.includes('--keep'),
    runs,
    cli: cliPath(argv),
  };
}

// The test command alone, `runs` times: the baseline the localizer's time is measured against.
function timeTest(c, prepared, runs) {
  const runsDone = [];
  for (let i = 0; i < runs; i += 1) {
    const r = runTest(prepared.dir, prepared.testCmd);
    if (r.exitCode === 0) throw new BenchError(`${c.id}: the repro test passes on the buggy release; run prepare.mjs --verify`);
    runsDone.push(r);
  }
  const cpu = runsDone.map((r) => r.cpuMs);
  return { testMs: median(runsDone.map((r) => r.ms)), testCpuMs: cpu.includes(null) ? null : median(cpu) };
}

// One localizer run in the case repository: its ranking and times, or the error it gave.
function localize(cli, prepared) {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, '--localize-only', '--json', '--test-cmd', prepared.testCmd], {
    cwd: prepared.dir,
    encoding: 'utf8',
    timeout: CLI_TIMEOUT_MS,
  });
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const said = `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
  if (r.status === 1 && /unknown option.*--localize-only/i.test(said)) {
    throw new BenchError(`consensus-fix does not support --localize-only yet (exit 1: ${said.trim().split('\n')[0]}); no results`);
  }
  if (r.status !== 0) return { wallMs, cpuMs, error: `exit ${r.status ?? r.signal}: ${lastLine(said)}` };
  let doc;
  try {
    doc = JSON.parse(r.stdout);
  } catch {
    return { wallMs, cpuMs, error: `stdout is not JSON: ${lastLine(r.stdout)}` };
  }
  const loc = doc?.localization;
  if (!loc || !Array.isArray(loc.files) || loc.files.some((f) => typeof f?.file !== 'string')) {
    return { wallMs, cpuMs, error: 'no localization.files[].file in the JSON' };
  }
  return { wallMs, cpuMs, tookMs: typeof loc.tookMs === 'number' ? loc.tookMs : null, files: loc.files.map((f) => normalizeFile(f.file, prepared.dir)) };
}

const lastLine = (text) => (text ?? '').trim().split('\n').at(-1)?.slice(0, 200) ?? '';

function runCase(c, flags) {
  const prepared = materialize(c);
  try {
    const test = timeTest(c, prepared, flags.runs);
    const out = localize(flags.cli, prepared);
    // The localizer only reads: the repository must be as it was (CLARIFICATIONS: git status unchanged).
    const dirty = git(prepared.dir, ['status', '--porcelain']).trim();
    const result = scoreCase({ id: c.id, expected: c.expected, ...test, ...out });
    return { ...result, treeChanged: dirty !== '', ...(flags.keep ? { dir: prepared.dir } : {}) };
  } finally {
    if (!flags.keep) rmSync(prepared.dir, { recursive: true, force: true });
  }
}

function main(argv) {
  const flags = parseFlags(argv);
  if (!existsSync(flags.cli)) throw new BenchError(`${flags.cli} does not exist: build consensus-fix first (npx -y pnpm@10 --filter @adlc/consensus-fix run build)`);
  const cases = loadCases(flags.only);
  const machine = { cpus: cpus().length, loadavg: loadavg().map((x) => Number(x.toFixed(2))) };
  console.error(`localize bench: ${cases.length} case(s), test timed ${flags.runs}x, load average ${machine.loadavg.join(' ')} on ${machine.cpus} CPU(s)`);
  const results = [];
  for (const c of cases) {
    console.error(`  ${c.id} (${c.package}@${c.buggy.version})`);
    results.push(runCase(c, flags));
  }
  const summary = summarize(results);
  if (flags.json) console.log(JSON.stringify({ machine, results, summary }, null, 2));
  else {
    console.log(formatReport(results, summary));
    for (const r of results.filter((x) => x.treeChanged)) console.log(`WARNING ${r.id}: the localizer left the repository changed (git status not clean)`);
  }
  return summary.goals.every((g) => g.pass) ? 0 : 2;
}

runIfMain(import.meta.url, 'localize bench', main);
