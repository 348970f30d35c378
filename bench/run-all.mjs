// Every start-up target in one run, on the clone's bins and on an installed copy of the
// packed tarballs alike: each CLI's --help and tdd-kernel's check and hooks (100,000-event log) within
// 60 ms of `node -e 0`, consensus-fix's overhead for N = 5 within 150 ms, consensus-synthesis within
// 1.1x (slowest reviewer + chairman) with its three stage-1 requests within 20 ms. Medians; wall time
// and CPU time, each with its margin against the target (negative: missed). On a machine shared with
// other work the wall time grows with the load and the CPU time barely does: read the CPU column there.
//
//   node bench/run-all.mjs [--clone-only] [--runs N]     build first (the installed copy is packed from the build)
// The benchmarks' other figures (fan-out, --jobs, flush, growth with the log): run bench/<tool>.mjs.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureOverhead } from './consensus-fix.mjs';
import { measureSynthesis } from './consensus-synthesis.mjs';
import { cloneBins, installedBins, ROOT } from './lib/bins.mjs';
import { machine, table } from './lib/measure.mjs';
import { measureStartup } from './startup.mjs';
import { measureHotPath } from './tdd-kernel.mjs';

const args = process.argv.slice(2);
const runsArg = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : undefined;
const fastRuns = runsArg ?? 11;
const slowRuns = runsArg ?? 5;
const testkit = await import(pathToFileURL(join(ROOT, 'packages/testkit/dist/index.js')).href);

/** Every target's row for one set of bins. */
async function measureAll(bins, server) {
  const startup = await measureStartup(bins, fastRuns);
  const hot = await measureHotPath(bins['tdd-kernel'], fastRuns);
  const overhead = await measureOverhead(bins['consensus-fix'], slowRuns, server);
  const synthesis = await measureSynthesis(bins['consensus-synthesis'], slowRuns, server);
  return {
    rows: [...startup.rows, ...hot.rows, overhead.row, ...synthesis.rows],
    notes: [`node -e 0: ${startup.node.wallMs.toFixed(0)} ms wall, ${startup.node.cpuMs.toFixed(0)} ms CPU`, `consensus-fix: ${overhead.notes}`, `consensus-synthesis: ${synthesis.notes}`],
  };
}

const server = await testkit.startFakeProviderServer();
let installed;
try {
  console.log(`${machine()}; ${fastRuns} runs of the start-up and hot-path commands, ${slowRuns} of the consensus runs (medians)`);
  const copies = [['clone', cloneBins()]];
  if (!args.includes('--clone-only')) {
    installed = installedBins();
    copies.push(['installed tarballs', installed.bins]);
  }
  for (const [name, bins] of copies) {
    const { rows, notes } = await measureAll(bins, server);
    console.log(`\n### ${name}\n\n${table(rows, 'target')}\n`);
    for (const note of notes) console.log(`- ${note}`);
  }
  console.log(`\n${machine()} at the end`);
} finally {
  await server.close();
  if (installed) rmSync(installed.scratch, { recursive: true, force: true });
}
