// tdd-kernel benchmarks (ratios and counts, not a timed test):
//  1. `check` and the Claude Code hooks (they run on every edit): medians with a 100,000-event log
//     against plain `node -e 0`, interleaved; target <= 60 ms above Node's own start-up, in wall and
//     CPU time, and not growing with the log (1,000 vs 100,000 events). Also the one-off catch-up of a
//     cold state.
//  2. `flush` with 10 buffered edits makes exactly one runner invocation (counted by a wrapper).
//
//   node bench/tdd-kernel.mjs          the clone's bin (build first); BENCH_RUNS (default 21)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cloneBins, ROOT } from './lib/bins.mjs';
import { machine, measured, row, sampleInterleaved, table } from './lib/measure.mjs';
import { writeLog } from './lib/tdd-kernel-log.mjs';

export const HOT_BUDGET_MS = 60;

function repo(files) {
  const dir = mkdtempSync(join(tmpdir(), 'tk-bench-'));
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}

/**
 * check, hook PreToolUse (a refused edit) and hook PostToolUse with an `events`-event log, each minus
 * `node -e 0` (medians, interleaved). The first call catches the cold state up (reported apart).
 */
export async function measureHotPath(cli, runs, events = 100_000) {
  const dir = repo({ 'src/a.ts': 'export {};\n', 'package.json': '{"type":"module"}\n' });
  try {
    writeLog(dir, events);
    const cold = await measured(process.execPath, [cli, 'check', 'src/a.ts'], { cwd: dir });
    const hookEvent = (name, extra) => JSON.stringify({ session_id: '', cwd: dir, hook_event_name: name, tool_name: 'Edit', tool_input: { file_path: join(dir, 'src/b.ts'), ...extra } });
    const okVerdict = (status) => status === 0 || status === 2;
    const commands = [
      { name: 'node -e 0', command: process.execPath, args: ['-e', '0'] },
      { name: 'check', command: process.execPath, args: [cli, 'check', 'src/a.ts'], cwd: dir, ok: okVerdict },
      { name: 'hook PreToolUse', command: process.execPath, args: [cli, 'hook', 'claude-code'], cwd: dir, input: hookEvent('PreToolUse', { old_string: 'a', new_string: 'b' }) },
      { name: 'hook PostToolUse', command: process.execPath, args: [cli, 'hook', 'claude-code'], cwd: dir, input: hookEvent('PostToolUse', {}) },
    ];
    const medians = await sampleInterleaved(commands, runs);
    const node = medians.get('node -e 0');
    const over = (name) => ({ wall: medians.get(name).wallMs - node.wallMs, cpu: medians.get(name).cpuMs - node.cpuMs });
    const label = `${events.toLocaleString('en')}-event log`;
    return {
      node,
      cold,
      rows: ['check', 'hook PreToolUse', 'hook PostToolUse'].map((name) => row(`tdd-kernel ${name}, ${label} − node -e 0`, HOT_BUDGET_MS, over(name))),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const runs = Number(process.env.BENCH_RUNS ?? 21);
  const cli = cloneBins()['tdd-kernel'];
  const small = await measureHotPath(cli, runs, 1_000);
  const big = await measureHotPath(cli, runs, 100_000);
  console.log(`${machine()}; node -e 0: ${big.node.wallMs.toFixed(0)} ms wall, ${big.node.cpuMs.toFixed(0)} ms CPU (medians of ${runs})`);
  console.log(table([...small.rows, ...big.rows], 'hot path'));
  console.log(`growth of check 1,000 -> 100,000 events: ${((big.rows[0].cpu + big.node.cpuMs) / (small.rows[0].cpu + small.node.cpuMs)).toFixed(2)}x (CPU)`);
  console.log(`one-off catch-up of a cold state over 100,000 events (first call only): ${big.cold.wallMs.toFixed(0)} ms wall, ${big.cold.cpuMs.toFixed(0)} ms CPU`);
  const failed = big.rows.some((r) => r.cpuMargin < 0);
  flushOnce(cli);
  if (failed) process.exitCode = 1;
}

/** 2. flush with 10 buffered edits: one runner invocation. */
function flushOnce(cli) {
  const vitest = join(ROOT, 'node_modules', 'vitest');
  const files = { 'package.json': '{"type":"module","devDependencies":{"vitest":"*"}}\n', '.gitignore': 'node_modules\ncount.txt\n' };
  for (let i = 0; i < 10; i++) {
    files[`src/m${i}.ts`] = `export const f${i} = () => 0;\n`;
    files[`src/m${i}.test.ts`] = `import { it, expect } from 'vitest';\nimport { f${i} } from './m${i}.js';\nit('m${i} returns ${i}', () => { expect(f${i}()).toBe(${i}); });\n`;
  }
  files['count.mjs'] = "import { appendFileSync } from 'node:fs';\nimport { spawnSync } from 'node:child_process';\nappendFileSync('count.txt', 'x');\nconst r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });\nprocess.exit(r.status ?? 1);\n";
  files['.tdd-kernel/config.json'] = JSON.stringify({ runner: 'vitest', command: 'node count.mjs' });
  const dir = repo(files);
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(vitest, join(dir, 'node_modules', 'vitest'));
    const ids = Array.from({ length: 10 }, (_, i) => `src/m${i}.test.ts::m${i} returns ${i}`);
    spawnSync(process.execPath, [cli, 'run', ...ids], { cwd: dir, stdio: 'ignore' }); // exit 2: nine are red
    // i = 0 passes already; the other nine are red and claimed, then fixed.
    for (let i = 1; i < 10; i++) execFileSync(process.execPath, [cli, 'claim', ids[i], `src/m${i}.ts`], { cwd: dir, stdio: 'ignore' });
    execFileSync(process.execPath, [cli, 'claim', ids[1], 'src/m0.ts'], { cwd: dir, stdio: 'ignore' });
    for (let i = 0; i < 10; i++) {
      execFileSync(process.execPath, [cli, 'check', `src/m${i}.ts`], { cwd: dir, stdio: 'ignore' });
      writeFileSync(join(dir, `src/m${i}.ts`), `export const f${i} = () => ${i} * 1;\n`);
    }
    writeFileSync(join(dir, 'count.txt'), '');
    const start = Date.now();
    const out = JSON.parse(spawnSync(process.execPath, [cli, 'flush', '--json'], { cwd: dir, encoding: 'utf8' }).stdout);
    const invocations = readFileSync(join(dir, 'count.txt'), 'utf8').length;
    console.log(`flush with ${out.kept.length + out.reverted.length} buffered edits: ${invocations} runner invocation(s) (target 1), ${out.results.length} tests, ${Date.now() - start} ms`);
    if (invocations !== 1) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
