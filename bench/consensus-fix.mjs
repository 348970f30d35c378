// consensus-fix benchmarks (ratios, not a timed test):
//  1. fan-out: wall time of N parallel completions against the slowest single one (target <= 1.1x);
//  2. the tool's own overhead for N = 5 beyond LLM time and test-command time (target <= 150 ms), in
//     wall time (wall - LLM phase - test commands, as the run's events.ndjson times them) and in CPU
//     time (the CPU of the tool and every process it ran, minus the test processes' own, which the
//     test command's shell appends with `times`);
//  3. --jobs 2 against --jobs 1 on a sleep-bound test command.
// The fake provider server adds a fixed latency per completion; the real SDK clients talk to it.
//
//   node bench/consensus-fix.mjs       the clone's bin (build first); BENCH_RUNS (default 5)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cloneBins, ROOT } from './lib/bins.mjs';
import { machine, measured, median, row, table, timesToMs } from './lib/measure.mjs';

export const OVERHEAD_BUDGET_MS = 150;
const testkit = await import(pathToFileURL(join(ROOT, 'packages', 'testkit', 'dist', 'index.js')).href);

const BUGGY = 'export function add(a, b) {\n  return a - b;\n}\n';
const FIXED = 'export function add(a, b) {\n  return a + b;\n}\n';
const answer = JSON.stringify({ changes: [{ file: 'src/add.mjs', content: FIXED }] });

function makeRepo(testBody) {
  const dir = mkdtempSync(join(tmpdir(), 'cf-bench-'));
  const files = { 'src/add.mjs': BUGGY, 'test/check.mjs': testBody, 'package.json': '{ "type": "module" }\n' };
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  for (const [file, content] of Object.entries(files)) {
    execFileSync('mkdir', ['-p', dirname(join(dir, file))]);
    writeFileSync(join(dir, file), content);
  }
  execFileSync('git', ['add', '-A'], { cwd: dir });
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'init'], { cwd: dir });
  return dir;
}
const CHECK = "import { add } from '../src/add.mjs';\nif (add(2, 3) !== 5) process.exit(1);\n";
// The shell that runs the test appends the test process's CPU time (`times`: its children's, on the
// second line) to a file, so the tool's own CPU can be told apart from the tests'.
const TIMED_CHECK = 'node test/check.mjs; s=$?; times >> "$BENCH_TEST_CPU_LOG"; exit $s';

/** The CPU milliseconds in the test shells' `times` output: every second line is a shell's children's. */
export function testCpuMs(text) {
  const lines = text.trim().split('\n');
  return lines.filter((_, i) => i % 2 === 1).reduce((sum, line) => sum + line.trim().split(/\s+/).map(timesToMs).reduce((a, b) => a + b, 0), 0);
}

/**
 * The tool's overhead for N = 5 (`runs` runs, medians), against a provider answering after `latency` ms.
 * Wall: wall - LLM phase - test commands. CPU: the tree's CPU minus what the test commands report.
 */
export async function measureOverhead(cli, runs, server, latency = 300) {
  server.handle(() => ({ text: answer, delayMs: latency }));
  const dir = makeRepo(CHECK);
  const cmd = TIMED_CHECK;
  const samples = { wall: [], cpu: [], strict: [], startup: [] };
  let breakdown = '';
  try {
    for (let r = 0; r < runs + 1; r += 1) {
      const logDir = mkdtempSync(join(tmpdir(), 'cf-bench-log-'));
      const cpuLog = join(logDir, 'test-cpu.txt');
      const spawnedAt = Date.now();
      const res = await measured(process.execPath, [cli, '--test-cmd', cmd, '--rails', cmd, '--files', 'src/add.mjs', '--n', '5', '--json', '--log-dir', logDir], {
        cwd: dir,
        env: { ...testkit.cleanEnv({ ...server.env(), ADLC_RETRY_BASE_MS: '1' }), BENCH_TEST_CPU_LOG: cpuLog },
      });
      if (res.status !== 0) throw new Error(`consensus-fix exited ${res.status}: ${res.stderr.slice(-800)}`);
      const events = readFileSync(join(logDir, 'events.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      const testCpu = testCpuMs(readFileSync(cpuLog, 'utf8'));
      rmSync(logDir, { recursive: true, force: true });
      if (r === 0) continue; // the first run fills the compile caches
      const preflight = events.find((e) => e.event === 'preflight');
      const lastCompletion = events.filter((e) => e.event === 'completion').at(-1);
      const baseline = events.find((e) => e.event === 'baseline');
      // The baseline rails run overlaps the completions; that phase ends when both are done.
      const llmPhase = Math.max(lastCompletion.ts, baseline.ts) - preflight.ts;
      // Test time as the tool measured it: pre-flight, every candidate's gates, the winner's re-check.
      const testMs = preflight.durationMs + events.filter((e) => e.gateMs !== undefined).reduce((sum, e) => sum + e.gateMs, 0);
      samples.wall.push(res.wallMs - llmPhase - testMs);
      samples.cpu.push(res.cpuMs - testCpu);
      // Stricter: only the provider's own latency counts as LLM time (SDK loading and HTTP are the tool's).
      samples.strict.push(res.wallMs - latency - testMs);
      // Node's boot, module loading, recovery and the git guards, up to the first event.
      samples.startup.push(events[0].ts - spawnedAt);
      breakdown = `wall ${res.wallMs.toFixed(0)} ms, LLM phase ${llmPhase} ms, test commands ${testMs} ms wall and ${testCpu.toFixed(0)} ms CPU, tree CPU ${res.cpuMs.toFixed(0)} ms`;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    row: row('consensus-fix overhead, N = 5', OVERHEAD_BUDGET_MS, { wall: median(samples.wall), cpu: median(samples.cpu) }),
    notes: `last run: ${breakdown}; stricter wall (wall - ${latency} ms latency - test commands) ${median(samples.strict).toFixed(0)} ms; start-up before the first event ${median(samples.startup).toFixed(0)} ms`,
  };
}

async function main() {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const cli = cloneBins()['consensus-fix'];
  const core = await import(pathToFileURL(join(ROOT, 'packages', 'core', 'dist', 'index.js')).href);
  const server = await testkit.startFakeProviderServer();
  try {
    // 1. Fan-out against the slowest completion.
    const latencies = [300, 400, 500, 600, 700];
    let i = 0;
    server.handle(() => ({ text: answer, delayMs: latencies[i++ % latencies.length] }));
    const env = { ...server.env(), ADLC_RETRY_BASE_MS: '1' };
    const ratios = [];
    for (let r = 0; r < runs; r += 1) {
      i = 0;
      const started = performance.now();
      const results = await core.fan(5, 'fix it', { env, provider: undefined });
      const wall = performance.now() - started;
      const slowest = Math.max(...results.map((x) => x.completion.durationMs));
      ratios.push(wall / slowest);
    }
    console.log(`fan-out, N=5, latencies ${latencies.join('/')} ms: wall / slowest completion = ${median(ratios).toFixed(3)}x (median of ${runs}; target <= 1.1x)`);

    // 2. Tool overhead for N = 5.
    const overhead = await measureOverhead(cli, runs, server);
    console.log(machine());
    console.log(table([overhead.row], 'overhead'));
    console.log(overhead.notes);
    // What no change in this package can remove: Node's boot.
    const boot = median(Array.from({ length: 5 }, () => { const t = performance.now(); spawnSync(process.execPath, ['-e', '0']); return performance.now() - t; }));
    console.log(`floor: node -e 0 = ${boot.toFixed(0)} ms`);

    // 3. --jobs 2 vs --jobs 1 on a sleep-bound test command (each passing run sleeps 1 s).
    const SLOW = "import { add } from '../src/add.mjs';\nif (add(2, 3) !== 5) process.exit(1);\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);\n";
    const slowDir = makeRepo(SLOW);
    const fixture = join(slowDir, '..', `cf-bench-${process.pid}.jsonl`);
    writeFileSync(fixture, `${JSON.stringify(answer)}\n`);
    const timeJobs = (jobs) => {
      const t = performance.now();
      const res = spawnSync(process.execPath, [cli, '--test-cmd', 'node test/check.mjs', '--files', 'src/add.mjs', '--n', '4', '--jobs', String(jobs), '--json'], {
        cwd: slowDir,
        env: testkit.cleanEnv({ ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: fixture }),
      });
      if (res.status !== 0) throw new Error(`--jobs ${jobs} exited ${res.status}: ${res.stderr}`);
      return performance.now() - t;
    };
    const one = median(Array.from({ length: 3 }, () => timeJobs(1)));
    const two = median(Array.from({ length: 3 }, () => timeJobs(2)));
    console.log(`--jobs 2 vs --jobs 1, N=4, 1 s sleep per passing test run: ${two.toFixed(0)} ms vs ${one.toFixed(0)} ms = ${(two / one).toFixed(2)}x`);
    rmSync(fixture, { force: true });
    rmSync(slowDir, { recursive: true, force: true });
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
