// What the vendor bundles and V8's code cache save: a Node process that turns the caches on as the bins
// do (enableCompileCache) and loads the three provider SDKs and zod (a) as npm packages, as the
// bins did before (each import resolves and compiles its package file by file; Node 22.1+ caches them),
// (b) from core's one-file vendor bundles with every cache off, (c) from the bundles through
// requireWithCodeCache with the cache warm: V8's code cache on Node 20, Node's compile cache on 22.1+.
// Each minus `node -e 0`; medians of interleaved runs, wall and CPU time.
//
//   node bench/code-cache.mjs       build first; BENCH_RUNS (default 11)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/bins.mjs';
import { machine, sampleInterleaved } from './lib/measure.mjs';

const PACKAGES = ['@anthropic-ai/sdk', 'openai', '@google/genai', 'zod'];
const BUNDLES = ['anthropic', 'openai', 'genai', 'zod'];

/** name → { wallMs, cpuMs } above node -e 0 for the three ways of loading the libraries. */
export async function measureCodeCache(runs) {
  const core = join(ROOT, 'packages', 'core');
  const light = pathToFileURL(join(core, 'dist', 'light.js')).href;
  const bundles = JSON.stringify(BUNDLES.map((name) => join(core, 'dist', 'vendor', `${name}.cjs`)));
  const enable = `(await import(${JSON.stringify(light)})).enableCompileCache();`;
  const load = `const { enableCompileCache, requireWithCodeCache } = await import(${JSON.stringify(light)}); enableCompileCache(); for (const f of ${bundles}) requireWithCodeCache(f);`;
  const home = mkdtempSync(join(tmpdir(), 'adlc-bench-cache-'));
  const env = { ...process.env, XDG_CACHE_HOME: home, NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '' };
  const commands = [
    { name: 'node -e 0', command: process.execPath, args: ['-e', '0'] },
    { name: 'packages', command: process.execPath, args: ['--input-type=module', '-e', `${enable} for (const p of ${JSON.stringify(PACKAGES)}) await import(p);`], cwd: core, env },
    { name: 'bundles, no cache', command: process.execPath, args: ['--input-type=module', '-e', load], env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } },
    { name: 'bundles, cache', command: process.execPath, args: ['--input-type=module', '-e', load], env },
  ];
  try {
    await sampleInterleaved(commands, 1); // fills the cache
    const medians = await sampleInterleaved(commands, runs);
    const node = medians.get('node -e 0');
    return new Map(commands.slice(1).map(({ name }) => [name, { wallMs: medians.get(name).wallMs - node.wallMs, cpuMs: medians.get(name).cpuMs - node.cpuMs }]));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The result as a Markdown table. */
export function codeCacheTable(result) {
  const lines = ['| loading the SDKs and zod (− node -e 0) | wall | CPU |', '|---|---|---|'];
  for (const [name, m] of result) lines.push(`| ${name} | ${m.wallMs.toFixed(0)} ms | ${m.cpuMs.toFixed(0)} ms |`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.env.BENCH_RUNS ?? 11);
  const result = await measureCodeCache(runs);
  console.log(`${machine()}; medians of ${runs}`);
  console.log(codeCacheTable(result));
}
