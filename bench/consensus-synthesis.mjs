// consensus-synthesis: total wall time of a CLI run against the floor set by the models
// themselves (the slowest stage-1 reviewer + the chairman), with the fake provider server adding
// latency. Target: at most 1.1x. Also reports where the overhead goes.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { startFakeProviderServer, makeTempRepo, cleanEnv } = await import(join(root, 'packages/core/dist/testkit/index.js'));
const cli = join(root, 'packages/consensus-synthesis/dist/cli.js');
const run = promisify(execFile);
const runs = Number(process.env.BENCH_RUNS ?? 3);
// Per-reviewer latency (ms) and the chairman's; real reviews take seconds to tens of seconds.
// Override with BENCH_LATENCY=anthropic,gemini,openai (ms) and BENCH_CHAIRMAN_MS.
const [la, lg, lo] = (process.env.BENCH_LATENCY ?? '2000,3000,4000').split(',').map(Number);
const latency = { anthropic: la, gemini: lg, openai: lo };
const chairmanMs = Number(process.env.BENCH_CHAIRMAN_MS ?? 3000);

const review = '## ISSUES FOUND\n- SEVERITY: IMPORTANT\n- LOCATION: src/app.js:2\n- DESCRIPTION: empty input divides by zero\n\n## OVERALL ASSESSMENT\nAPPROVE_WITH_CONCERNS\n';
const synthesis = '## High Priority - Multiple Reviewers Agree\nNone\n\n## Medium Priority - Single Reviewer, Significant\n- [IMPORTANT] empty input\n  - Reviewer A: "divides by zero"\n\n## Consider - Suggestions\nNone\n\nFINAL RECOMMENDATION: Review medium priority concerns';

const server = await startFakeProviderServer();
server.handle((request) =>
  request.prompt.startsWith('You are compiling')
    ? { text: synthesis, delayMs: chairmanMs }
    : { text: review, delayMs: latency[request.protocol] },
);
const repo = makeTempRepo({ files: { 'src/app.js': 'export const mean = (xs) => 0;\n' } });
const base = repo.git('rev-parse', 'HEAD').trim();
repo.commit('mean', { 'src/app.js': 'export const mean = (xs) =>\n  xs.reduce((a, b) => a + b, 0) / xs.length;\n' });

const floor = Math.max(...Object.values(latency)) + chairmanMs;
const rows = [];
for (let i = 0; i < runs; i += 1) {
  server.reset();
  server.handle((request) =>
    request.prompt.startsWith('You are compiling')
      ? { text: synthesis, delayMs: chairmanMs }
      : { text: review, delayMs: latency[request.protocol] },
  );
  const started = Date.now();
  await run(process.execPath, [cli, '--mode=code-review', `--base-sha=${base}`, '--json'], { cwd: repo.dir, env: cleanEnv(server.env()) });
  const wall = Date.now() - started;
  const stage1 = server.requests.filter((r) => !r.prompt.startsWith('You are compiling'));
  const chair = server.requests.find((r) => r.prompt.startsWith('You are compiling'));
  const firstRequest = Math.min(...stage1.map((r) => r.receivedAt)) - started;
  const lastReviewDone = Math.max(...stage1.map((r) => r.receivedAt + latency[r.protocol]));
  const spread = Math.max(...stage1.map((r) => r.receivedAt)) - Math.min(...stage1.map((r) => r.receivedAt));
  rows.push({ wall, firstRequest, spread, gap: chair.receivedAt - lastReviewDone, tail: started + wall - (chair.receivedAt + chairmanMs) });
}
await server.close();
repo.cleanup();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const m = (key) => median(rows.map((r) => r[key]));
console.log(`reviewers ${Object.values(latency).join('/')} ms in parallel, chairman ${chairmanMs} ms: floor ${floor} ms; ${runs} runs`);
console.log(`wall time: median ${m('wall')} ms → ${(m('wall') / floor).toFixed(3)}x the floor (target ≤ 1.1x)`);
console.log(
  `overhead: start-up to first request ${m('firstRequest')} ms, stage-1 requests spread over ${m('spread')} ms, ` +
    `last review → chairman request ${m('gap')} ms, chairman answer → exit ${m('tail')} ms`,
);
