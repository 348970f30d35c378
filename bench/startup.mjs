// Start-up budget: every CLI's `--help` against a bare `node -e 0`, measured interleaved on the same
// machine. Target: at most 60 ms above Node's own start-up, in wall time and in CPU time.
//
//   node bench/startup.mjs            the clone's bins (build first); BENCH_RUNS (default 15)
import { pathToFileURL } from 'node:url';
import { cloneBins, TOOLS } from './lib/bins.mjs';
import { machine, row, sampleInterleaved, table } from './lib/measure.mjs';

export const HELP_BUDGET_MS = 60;

/** One row per tool: its `--help` minus `node -e 0` (medians), against the budget. Also warms the caches first. */
export async function measureStartup(bins, runs) {
  const commands = [{ name: 'node -e 0', command: process.execPath, args: ['-e', '0'] }];
  for (const tool of TOOLS) commands.push({ name: tool, command: process.execPath, args: [bins[tool], '--help'] });
  await sampleInterleaved(commands, 1); // the first run of each fills the compile caches
  const medians = await sampleInterleaved(commands, runs);
  const node = medians.get('node -e 0');
  return {
    node,
    rows: TOOLS.map((tool) => {
      const m = medians.get(tool);
      return row(`${tool} --help − node -e 0`, HELP_BUDGET_MS, { wall: m.wallMs - node.wallMs, cpu: m.cpuMs - node.cpuMs });
    }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.env.BENCH_RUNS ?? 15);
  const { node, rows } = await measureStartup(cloneBins(), runs);
  console.log(`${machine()}; node -e 0: ${node.wallMs.toFixed(0)} ms wall, ${node.cpuMs.toFixed(0)} ms CPU (medians of ${runs})`);
  console.log(table(rows, '--help'));
}
