// Start-up budget: every CLI's `--help` against a bare `node -e 0` on the same machine.
// Target: at most 150 ms above Node's own start-up. Reports medians and the difference.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = ['consensus-fix', 'review-calibration', 'tdd-kernel', 'consensus-synthesis'];
const runs = Number(process.env.BENCH_RUNS ?? 15);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(args) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, args, { stdio: 'ignore' });
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(samples);
}

const baseline = time(['-e', '0']);
console.log(`node -e 0: median ${baseline.toFixed(1)} ms over ${runs} runs`);
let worst = 0;
for (const tool of tools) {
  const cli = join(root, 'packages', tool, 'dist', 'cli.js');
  if (!existsSync(cli)) {
    console.log(`${tool}: not built, skipped`);
    continue;
  }
  const t = time([cli, '--help']);
  worst = Math.max(worst, t - baseline);
  console.log(`${tool} --help: median ${t.toFixed(1)} ms (+${(t - baseline).toFixed(1)} ms, ${(t / baseline).toFixed(2)}x node)`);
}
console.log(`worst overhead: +${worst.toFixed(1)} ms (budget +150 ms)`);
