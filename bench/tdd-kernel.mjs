// tdd-kernel benchmarks (ratios and counts, not a timed test):
//  1. `check` latency (the hook runs on every edit): median with a 100,000-event log against plain
//     `node -e 0`; target <= 50 ms above Node's own start-up, and not growing with the log (1,000 vs
//     100,000 events). Also the Claude Code PreToolUse hook, and the one-off catch-up of a cold state.
//  2. `flush` with 10 buffered edits makes exactly one runner invocation (counted by a wrapper).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLog } from './lib/tdd-kernel-log.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'packages', 'tdd-kernel', 'dist', 'cli.js');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function repo(files) {
  const dir = mkdtempSync(join(tmpdir(), 'tk-bench-'));
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}

function time(args, opts = {}) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], ...opts });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 2) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

function checkLatency(n) {
  const dir = repo({ 'src/a.ts': 'export {};\n', 'package.json': '{"type":"module"}\n' });
  try {
    writeLog(dir, n);
    const cold = time([cli, 'check', 'src/a.ts'], { cwd: dir });
    const check = [];
    const hook = [];
    const post = [];
    const postEvent = JSON.stringify({ session_id: '', cwd: dir, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: join(dir, 'src/b.ts') } });
    const event = JSON.stringify({ session_id: '', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: join(dir, 'src/b.ts'), old_string: 'a', new_string: 'b' } });
    for (let i = 0; i < runs; i++) {
      check.push(time([cli, 'check', 'src/a.ts'], { cwd: dir }));
      hook.push(time([cli, 'hook', 'claude-code'], { cwd: dir, input: event }));
      post.push(time([cli, 'hook', 'claude-code'], { cwd: dir, input: postEvent }));
    }
    return { cold, check: median(check), hook: median(hook), post: median(post) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const nodeStart = [];
for (let i = 0; i < runs; i++) nodeStart.push(time(['-e', '0']));
const base = median(nodeStart);
const small = checkLatency(1_000);
const big = checkLatency(100_000);
console.log(`node -e 0 median: ${base.toFixed(1)} ms`);
console.log(`check, 1,000-event log:   median ${small.check.toFixed(1)} ms (+${(small.check - base).toFixed(1)} ms over node); hook PreToolUse +${(small.hook - base).toFixed(1)} ms`);
console.log(`check, 100,000-event log: median ${big.check.toFixed(1)} ms (+${(big.check - base).toFixed(1)} ms over node, target <= 50); hook PreToolUse +${(big.hook - base).toFixed(1)} ms, PostToolUse +${(big.post - base).toFixed(1)} ms`);
console.log(`growth 1,000 -> 100,000 events: ${(big.check / small.check).toFixed(2)}x`);
console.log(`one-off catch-up of a cold state over 100,000 events (first call only): ${big.cold.toFixed(0)} ms`);

// 2. flush with 10 buffered edits: one runner invocation.
const vitest = join(root, 'node_modules', 'vitest');
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
if (big.check - base > 50) process.exitCode = 1;
