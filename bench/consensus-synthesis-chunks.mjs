// consensus-synthesis --chunks all on a real release-to-release diff (eslint 9.18.0 → 9.19.0 as
// published on npm, vendored in bench/consensus-synthesis/eslint-9.18.0-9.19.0.diff): wall time against
// the floor the models set, and the most requests any reviewer had in flight.
//
// The floor: each reviewer answers every call after a fixed delay, at most --jobs (4) calls in flight
// per reviewer, so the slowest reviewer needs ceil(parts / jobs) rounds of its delay; then the chairman.
// Targets: wall / floor at most 1.15×; in-flight requests per reviewer never above --jobs.
//
// The repository is rebuilt from the diff alone: each changed file's old side is written with its
// lines at their original numbers (the lines the diff does not show are placeholders; package.json,
// which the tool reads, is vendored whole), committed, and
// the diff applied with `git apply` and committed, so `git diff base..head` gives back the vendored diff.
//
//   node bench/consensus-synthesis-chunks.mjs   the clone's bin (build first); BENCH_RUNS (default 3),
//   BENCH_LATENCY=anthropic,gemini,openai in ms (default 2000,3000,4000), BENCH_CHAIRMAN_MS (3000), BENCH_JOBS (4)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cloneBins, ROOT } from './lib/bins.mjs';
import { machine, measured, median, row, table } from './lib/measure.mjs';

export const RATIO_LIMIT = 1.15;
const FIXTURE = join(ROOT, 'bench/consensus-synthesis/eslint-9.18.0-9.19.0.diff');
const OLD_PACKAGE_JSON = join(ROOT, 'bench/consensus-synthesis/eslint-9.18.0-package.json');
const testkit = await import(pathToFileURL(join(ROOT, 'packages/testkit/dist/index.js')).href);

const [la, lg, lo] = (process.env.BENCH_LATENCY ?? '2000,3000,4000').split(',').map(Number);
const latency = { anthropic: la, gemini: lg, openai: lo };
const chairmanMs = Number(process.env.BENCH_CHAIRMAN_MS ?? 3000);
const jobs = Number(process.env.BENCH_JOBS ?? 4);

const review = '## ISSUES FOUND\nNone\n\n## OVERALL ASSESSMENT\nAPPROVE\n';
const synthesis =
  '## High Priority - Multiple Reviewers Agree\nNone\n\n## Medium Priority - Single Reviewer, Significant\nNone\n\n## Consider - Suggestions\nNone\n\nFINAL RECOMMENDATION: All reviewers approve - safe to merge';
const isChair = (request) => request.prompt.startsWith('You are compiling');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The old side of each changed file, its lines at their numbers; null for a file the diff creates. */
export function oldSides(diff) {
  const files = new Map();
  for (const section of diff.split(/(?=^diff --git )/m)) {
    const file = /^diff --git a\/(\S+) b\//m.exec(section)?.[1];
    if (!file) continue;
    if (/^--- \/dev\/null$/m.test(section)) {
      files.set(file, null);
      continue;
    }
    const lines = [];
    let at = 0;
    let noEol = false;
    for (const line of section.split('\n')) {
      const hunk = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(line);
      if (hunk) {
        at = Number(hunk[1]);
        while (lines.length < at - 1) lines.push(`// line ${lines.length + 1}: not in the diff`);
        continue;
      }
      if (at === 0) continue;
      if (line.startsWith(' ') || line.startsWith('-')) {
        lines[at - 1] = line.slice(1);
        at += 1;
      } else if (line.startsWith('\\') && lines.length === at - 1) noEol = true;
    }
    files.set(file, lines.join('\n') + (noEol ? '' : '\n'));
  }
  return files;
}

/** Two diffs with the same hunks: blob ids and the function names git puts after `@@` (taken from lines the diff does not show) aside. */
function sameHunks(a, b) {
  const strip = (d) => d.replace(/^index .*$/gm, '').replace(/^(@@ [^@]* @@).*$/gm, '$1');
  return strip(a) === strip(b);
}

function repoFromDiff(diff) {
  const repo = testkit.makeTempRepo({ files: { 'README.bench': 'bench\n' } });
  for (const [file, rebuilt] of oldSides(diff)) {
    if (rebuilt === null) continue;
    // The tool reads package.json (its config may live there): that one file is vendored whole.
    const text = file === 'package.json' ? readFileSync(OLD_PACKAGE_JSON, 'utf8') : rebuilt;
    mkdirSync(dirname(join(repo.dir, file)), { recursive: true });
    writeFileSync(join(repo.dir, file), text);
  }
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'eslint 9.18.0 (the files 9.19.0 changes)');
  const base = repo.git('rev-parse', 'HEAD').trim();
  const patch = join(repo.dir, '..', `${repo.dir.split('/').pop()}.diff`);
  writeFileSync(patch, diff);
  repo.git('apply', patch);
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'eslint 9.19.0');
  return { repo, base, head: repo.git('rev-parse', 'HEAD').trim() };
}

export async function measureChunks(cli, runs, server) {
  const diff = readFileSync(FIXTURE, 'utf8');
  const { repo, base, head } = repoFromDiff(diff);
  const rows = [];
  let parts = 0;
  try {
    const rebuilt = repo.git('diff', base, head);
    for (let i = 0; i < runs + 1; i += 1) {
      const inFlight = { anthropic: 0, gemini: 0, openai: 0 };
      const most = { anthropic: 0, gemini: 0, openai: 0 };
      server.reset();
      server.handle(async (request) => {
        if (isChair(request)) return { text: synthesis, delayMs: chairmanMs };
        const p = request.protocol;
        inFlight[p] += 1;
        most[p] = Math.max(most[p], inFlight[p]);
        await sleep(latency[p]);
        inFlight[p] -= 1;
        return review;
      });
      const args = [cli, '--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, '--chunks=all', `--jobs=${jobs}`, '--json', '--quiet'];
      const started = Date.now();
      const res = await measured(process.execPath, args, { cwd: repo.dir, env: testkit.cleanEnv(server.env()) });
      if (res.status !== 0) throw new Error(`consensus-synthesis exited ${res.status}: ${res.stderr.slice(-800)}`);
      const doc = JSON.parse(res.stdout);
      parts = doc.chunks.count;
      if (i === 0) continue; // the first run fills the compile caches
      const rounds = Math.ceil(parts / jobs);
      const floor = rounds * Math.max(...Object.values(latency)) + chairmanMs;
      // Where the time beyond the floor goes: start-up, the slowest reviewer's waits between rounds, the chairman's start, the exit.
      const slowest = Object.keys(latency).reduce((a, b) => (latency[b] > latency[a] ? b : a));
      const calls = server.requests.filter((r) => !isChair(r));
      const slow = calls.filter((r) => r.protocol === slowest).map((r) => r.receivedAt).sort((a, b) => a - b);
      const chair = server.requests.find(isChair);
      rows.push({
        wall: res.wallMs,
        cpu: res.cpuMs,
        floor,
        inFlight: Math.max(...Object.values(most)),
        requests: calls.length,
        firstRequest: Math.min(...calls.map((r) => r.receivedAt)) - started,
        roundGaps: slow.slice(jobs).reduce((sum, at, k) => sum + Math.max(0, at - (slow[k] + latency[slowest])), 0),
        chairGap: chair.receivedAt - Math.max(...calls.map((r) => r.receivedAt + latency[r.protocol])),
        tail: started + res.wallMs - (chair.receivedAt + chairmanMs),
      });
    }
    const m = (key) => median(rows.map((r) => r[key]));
    const floor = rows[0].floor;
    return {
      rows: [
        row(`--chunks all wall / floor (${parts} parts, ${Math.ceil(parts / jobs)} rounds)`, RATIO_LIMIT, { wall: m('wall') / floor, cpu: (floor + m('cpu')) / floor }, 'x'),
        // A count, not a time: both columns carry it.
        row('most requests in flight per reviewer', jobs, { wall: Math.max(...rows.map((r) => r.inFlight)), cpu: Math.max(...rows.map((r) => r.inFlight)) }, ''),
      ],
      notes:
        `fixture ${diff.length} bytes; the rebuilt repository's diff ${rebuilt.length} bytes, ${sameHunks(rebuilt, diff) ? 'the same hunks' : 'NOT the same hunks'}; ${parts} parts of at most 10240 bytes, ` +
        `${m('requests')} stage-1 requests per run; reviewers ${Object.values(latency).join('/')} ms per call, --jobs ${jobs}, chairman ${chairmanMs} ms: ` +
        `floor ${floor} ms; wall ${m('wall').toFixed(0)} ms, CPU ${m('cpu').toFixed(0)} ms (medians of ${rows.length} runs); ` +
        `start-up to first request ${m('firstRequest')} ms, the slowest reviewer's waits between rounds ${m('roundGaps')} ms in all, ` +
        `last review → chairman request ${m('chairGap')} ms, chairman answer → exit ${m('tail').toFixed(0)} ms`,
    };
  } finally {
    repo.cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const server = await testkit.startFakeProviderServer();
  try {
    const result = await measureChunks(cloneBins()['consensus-synthesis'], runs, server);
    console.log(machine());
    console.log(table(result.rows, 'consensus-synthesis --chunks all'));
    console.log(result.notes);
  } finally {
    await server.close();
  }
}
