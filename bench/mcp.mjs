// adlc-mcp: (1) start-up — from spawning the server to its answer to `initialize` (and to tools/list),
// against a bare `node -e 0`; target: within 150 ms of it. (2) one consensus_review through MCP (server
// already started, the SDK's own client) against the same review by the consensus-synthesis CLI, both
// against the loopback fake provider with the same latencies; target: at most 50 ms more than the CLI.
// Reports medians, differences and ratios, and the machine's load (a loaded machine inflates all of them).
// On Linux it also reports the CPU time (user + system) each start used, which a loaded machine
// inflates less than the elapsed time: node -e 0 in all, the server until it answered initialize.
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'packages/mcp/bin/adlc-mcp.js');
const cli = join(root, 'packages/consensus-synthesis/bin/consensus-synthesis.js');
const sdk = (path) => import(pathToFileURL(join(root, 'packages/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm', path)).href);
const { startFakeProviderServer, makeTempRepo, cleanEnv } = await import(pathToFileURL(join(root, 'packages/testkit/dist/index.js')).href);
const { Client } = await sdk('client/index.js');
const { StdioClientTransport } = await sdk('client/stdio.js');
const runs = Number(process.env.BENCH_RUNS ?? 11);
const reviewRuns = Number(process.env.BENCH_REVIEW_RUNS ?? 7);
const latencyMs = Number(process.env.BENCH_LATENCY ?? 200);
const run = promisify(execFile);

/** CPU milliseconds (user + system) from /proc/<pid>/stat: the process's own, or its reaped children's. Linux only (undefined elsewhere); 10 ms ticks. */
function cpuMs(pid, children = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const [user, system] = children ? [fields[13], fields[14]] : [fields[11], fields[12]];
    return (Number(user) + Number(system)) * 10;
  } catch {
    return undefined;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;

async function nodeStart() {
  const started = process.hrtime.bigint();
  const cpuBefore = cpuMs('self', true);
  await run(process.execPath, ['-e', '0']);
  const cpuAfter = cpuMs('self', true);
  return { wall: ms(started), cpu: cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

/** Spawns the server and times its answers to initialize and tools/list over raw JSON-RPC lines. */
function serverStart() {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [server], { stdio: ['pipe', 'pipe', 'ignore'], env: cleanEnv() });
    const times = {};
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, at));
        buffer = buffer.slice(at + 1);
        if (message.id === 1) {
          times.initialize = ms(started);
          times.initializeCpu = cpuMs(child.pid);
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
        } else if (message.id === 2) {
          times.toolsList = ms(started);
          child.stdin.end();
        }
      }
    });
    child.on('exit', () => (times.toolsList ? resolve(times) : reject(new Error('the server ended before answering'))));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } } })}\n`);
  });
}

console.log(`machine: ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min)`);

// (1) start-up, interleaved so both see the same load.
const base = [];
const baseCpu = [];
const init = [];
const initCpu = [];
const list = [];
for (let i = 0; i < runs; i += 1) {
  const n = await nodeStart();
  base.push(n.wall);
  baseCpu.push(n.cpu);
  const t = await serverStart();
  init.push(t.initialize);
  initCpu.push(t.initializeCpu);
  list.push(t.toolsList);
}
const b = median(base);
console.log(`node -e 0: median ${b.toFixed(1)} ms over ${runs} runs`);
console.log(`adlc-mcp answers initialize: median ${median(init).toFixed(1)} ms (+${(median(init) - b).toFixed(1)} ms, ${(median(init) / b).toFixed(2)}x node; budget +150 ms)`);
if (!baseCpu.includes(undefined) && !initCpu.includes(undefined)) {
  const bc = median(baseCpu);
  console.log(`CPU time (user + system): node -e 0 median ${bc} ms; adlc-mcp until it answered initialize median ${median(initCpu)} ms (+${median(initCpu) - bc} ms)`);
}
console.log(`adlc-mcp answers tools/list: median ${median(list).toFixed(1)} ms (+${(median(list) - b).toFixed(1)} ms, ${(median(list) / b).toFixed(2)}x node)`);

// (2) the same review through MCP and through the CLI.
const fake = await startFakeProviderServer();
const review = '## ISSUES FOUND\nNone\n\n## OVERALL ASSESSMENT\nAPPROVE\n';
const synthesis = '## High Priority - Multiple Reviewers Agree\nNone\n\n## Medium Priority - Single Reviewer, Significant\nNone\n\n## Consider - Suggestions\nNone\n\nFINAL RECOMMENDATION: All reviewers approve - safe to merge';
fake.handle((request) => ({ text: request.prompt.startsWith('You are compiling') ? synthesis : review, delayMs: latencyMs }));
const repo = makeTempRepo({ files: { 'src/app.js': 'export const mean = (xs) => 0;\n' } });
const baseSha = repo.git('rev-parse', 'HEAD').trim();
repo.commit('mean', { 'src/app.js': 'export const mean = (xs) =>\n  xs.reduce((a, b) => a + b, 0) / xs.length;\n' });
const env = cleanEnv({ ...fake.env(), ADLC_RETRY_BASE_MS: '1' });

const client = new Client({ name: 'bench', version: '0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], cwd: repo.dir, env, stderr: 'ignore' }));
await client.listTools();
const viaMcp = [];
const viaCli = [];
for (let i = 0; i < reviewRuns; i += 1) {
  let started = process.hrtime.bigint();
  const result = await client.callTool({ name: 'consensus_review', arguments: { cwd: repo.dir, mode: 'code-review', baseSha } });
  if (result.isError) throw new Error(`consensus_review failed: ${JSON.stringify(result.content)}`);
  viaMcp.push(ms(started));
  started = process.hrtime.bigint();
  await run(process.execPath, [cli, '--mode=code-review', `--base-sha=${baseSha}`, '--json'], { cwd: repo.dir, env });
  viaCli.push(ms(started));
}
await client.close();
await fake.close();
repo.cleanup();
const m = median(viaMcp);
const c = median(viaCli);
console.log(`consensus_review (3 reviewers + chairman, ${latencyMs} ms each, ${reviewRuns} runs): through MCP median ${m.toFixed(1)} ms, CLI median ${c.toFixed(1)} ms`);
console.log(`MCP - CLI: ${(m - c).toFixed(1)} ms (${(m / c).toFixed(3)}x; budget +50 ms). The CLI's figure includes its own start-up; the server was already running.`);
