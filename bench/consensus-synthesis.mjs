// consensus-synthesis: total wall time of a CLI run against the floor set by the models themselves
// (the slowest stage-1 reviewer + the chairman), with the fake provider server adding latency.
// Targets: at most 1.1x, and the three stage-1 requests sent within 20 ms of each other. The ratio is
// also given with the run's CPU time as its overhead (floor + CPU) / floor: on a loaded machine the wall
// time grows with the load, the CPU time does not. Also reports where the overhead goes.
//
//   node bench/consensus-synthesis.mjs   the clone's bin (build first); BENCH_RUNS (default 3)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cloneBins, ROOT } from './lib/bins.mjs';
import { machine, measured, median, row, table } from './lib/measure.mjs';

export const RATIO_LIMIT = 1.1;
export const SPREAD_LIMIT_MS = 20;
const testkit = await import(pathToFileURL(join(ROOT, 'packages/testkit/dist/index.js')).href);

// Per-reviewer latency (ms) and the chairman's; real reviews take seconds to tens of seconds.
// Override with BENCH_LATENCY=anthropic,gemini,openai (ms) and BENCH_CHAIRMAN_MS.
const [la, lg, lo] = (process.env.BENCH_LATENCY ?? '2000,3000,4000').split(',').map(Number);
const latency = { anthropic: la, gemini: lg, openai: lo };
const chairmanMs = Number(process.env.BENCH_CHAIRMAN_MS ?? 3000);
const floor = Math.max(...Object.values(latency)) + chairmanMs;

const review = '## ISSUES FOUND\n- SEVERITY: IMPORTANT\n- LOCATION: src/app.js:2\n- DESCRIPTION: empty input divides by zero\n\n## OVERALL ASSESSMENT\nAPPROVE_WITH_CONCERNS\n';
const synthesis = '## High Priority - Multiple Reviewers Agree\nNone\n\n## Medium Priority - Single Reviewer, Significant\n- [IMPORTANT] empty input\n  - Reviewer A: "divides by zero"\n\n## Consider - Suggestions\nNone\n\nFINAL RECOMMENDATION: Review medium priority concerns';
const isChair = (request) => request.prompt.startsWith('You are compiling');

/** `runs` code-review runs with three reviewers and a chairman (after one that fills the caches); medians. */
export async function measureSynthesis(cli, runs, server) {
  const repo = testkit.makeTempRepo({ files: { 'src/app.js': 'export const mean = (xs) => 0;\n' } });
  const base = repo.git('rev-parse', 'HEAD').trim();
  repo.commit('mean', { 'src/app.js': 'export const mean = (xs) =>\n  xs.reduce((a, b) => a + b, 0) / xs.length;\n' });
  const rows = [];
  try {
    for (let i = 0; i < runs + 1; i += 1) {
      server.reset();
      server.handle((request) => (isChair(request) ? { text: synthesis, delayMs: chairmanMs } : { text: review, delayMs: latency[request.protocol] }));
      const started = Date.now();
      const res = await measured(process.execPath, [cli, '--mode=code-review', `--base-sha=${base}`, '--json'], { cwd: repo.dir, env: testkit.cleanEnv(server.env()) });
      if (res.status !== 0) throw new Error(`consensus-synthesis exited ${res.status}: ${res.stderr.slice(-800)}`);
      if (i === 0) continue; // the first run fills the compile caches
      const stage1 = server.requests.filter((r) => !isChair(r));
      const chair = server.requests.find(isChair);
      const received = stage1.map((r) => r.receivedAt);
      const lastReviewDone = Math.max(...stage1.map((r) => r.receivedAt + latency[r.protocol]));
      rows.push({
        wall: res.wallMs,
        cpu: res.cpuMs,
        firstRequest: Math.min(...received) - started,
        spread: Math.max(...received) - Math.min(...received),
        gap: chair.receivedAt - lastReviewDone,
        tail: started + res.wallMs - (chair.receivedAt + chairmanMs),
      });
    }
  } finally {
    repo.cleanup();
  }
  const m = (key) => median(rows.map((r) => r[key]));
  return {
    rows: [
      row('consensus-synthesis wall / (slowest reviewer + chairman)', RATIO_LIMIT, { wall: m('wall') / floor, cpu: (floor + m('cpu')) / floor }, 'x'),
      // The spread is a wall-clock figure by nature; its CPU column repeats it.
      row('consensus-synthesis stage-1 requests, first to last', SPREAD_LIMIT_MS, { wall: m('spread'), cpu: m('spread') }),
    ],
    notes:
      `reviewers ${Object.values(latency).join('/')} ms in parallel, chairman ${chairmanMs} ms: floor ${floor} ms; wall ${m('wall').toFixed(0)} ms, CPU ${m('cpu').toFixed(0)} ms; ` +
      `start-up to first request ${m('firstRequest')} ms, last review → chairman request ${m('gap')} ms, chairman answer → exit ${m('tail').toFixed(0)} ms`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const server = await testkit.startFakeProviderServer();
  try {
    const result = await measureSynthesis(cloneBins()['consensus-synthesis'], runs, server);
    console.log(machine());
    console.log(table(result.rows, 'consensus-synthesis'));
    console.log(result.notes);
  } finally {
    await server.close();
  }
}
