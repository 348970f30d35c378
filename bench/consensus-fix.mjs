// consensus-fix benchmarks (ratios, not a timed test):
//  1. fan-out: wall time of N parallel completions against the slowest single one (target <= 1.1x);
//  2. the tool's own overhead for N = 5 beyond LLM time and test-command time (target <= 150 ms);
//  3. --jobs 2 against --jobs 1 on a sleep-bound test command.
// The fake provider server adds a fixed latency per completion; the real SDK clients talk to it.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'packages', 'consensus-fix', 'dist', 'cli.js');
const core = await import(pathToFileURL(join(root, 'packages', 'core', 'dist', 'index.js')).href);
const testkit = await import(pathToFileURL(join(root, 'packages', 'core', 'dist', 'testkit', 'index.js')).href);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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

  // 2. Tool overhead for N = 5: wall - LLM phase - time of the test-command runs themselves.
  const latency = 300;
  server.handle(() => ({ text: answer, delayMs: latency }));
  const dir = makeRepo(CHECK);
  const cmd = 'node test/check.mjs';
  const overheads = [];
  const stricts = [];
  const startups = [];
  let breakdown = '';
  for (let r = 0; r < runs; r += 1) {
    const logDir = mkdtempSync(join(tmpdir(), 'cf-bench-log-'));
    const t = performance.now();
    const spawnedAt = Date.now();
    // Asynchronous: the fake server lives in this process and must keep answering.
    await promisify(execFile)(process.execPath, [cli, '--test-cmd', cmd, '--rails', cmd, '--files', 'src/add.mjs', '--n', '5', '--json', '--log-dir', logDir], {
      cwd: dir,
      env: testkit.cleanEnv(env),
    });
    const wall = performance.now() - t;
    const events = readFileSync(join(logDir, 'events.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const preflight = events.find((e) => e.event === 'preflight');
    const lastCompletion = events.filter((e) => e.event === 'completion').at(-1);
    const baseline = events.find((e) => e.event === 'baseline');
    // The baseline rails run overlaps the completions; that phase ends when both are done.
    const llmPhase = Math.max(lastCompletion.ts, baseline.ts) - preflight.ts;
    // Test time as the tool measured it: pre-flight, every candidate's gates, the winner's re-check.
    const testMs = preflight.durationMs + events.filter((e) => e.gateMs !== undefined).reduce((sum, e) => sum + e.gateMs, 0);
    overheads.push(wall - llmPhase - testMs);
    // Stricter: only the provider's own latency counts as LLM time (SDK loading and HTTP are the tool's).
    stricts.push(wall - latency - testMs);
    // Node's boot, module loading, recovery and the git guards, up to the first event.
    const startup = events[0].ts - spawnedAt;
    startups.push(startup);
    breakdown = `wall ${wall.toFixed(0)} ms, LLM phase ${llmPhase} ms, test commands ${testMs} ms; of the overhead, ${startup} ms before the run starts`;
    rmSync(logDir, { recursive: true, force: true });
  }
  console.log(`load average ${(await import('node:os')).loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} cores`);
  console.log(`tool overhead, N=5 (${breakdown}): ${median(overheads).toFixed(0)} ms (median of ${runs}; target <= 150 ms)`);
  console.log(`  stricter (wall - ${latency} ms provider latency - test commands): ${median(stricts).toFixed(0)} ms; start-up before the first event: ${median(startups).toFixed(0)} ms`);
  // What no change in this package can remove: Node's boot, and loading @adlc/core's entry (zod, commander).
  const timeNode = (args) => { const t = performance.now(); spawnSync(process.execPath, args); return performance.now() - t; };
  const coreUrl = pathToFileURL(join(root, 'packages', 'core', 'dist', 'index.js')).href;
  const boot = median(Array.from({ length: 5 }, () => timeNode(['-e', '0'])));
  const withCore = median(Array.from({ length: 5 }, () => timeNode(['--input-type=module', '-e', `await import(${JSON.stringify(coreUrl)})`])));
  console.log(`  floor: node -e 0 = ${boot.toFixed(0)} ms; + importing @adlc/core = ${withCore.toFixed(0)} ms`);
  rmSync(dir, { recursive: true, force: true });

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
