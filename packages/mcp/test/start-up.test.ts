// What makes the start fast, checked on the built server: answering initialize and tools/list loads the
// protocol layer only. No tool's code (each tool is a chunk loaded on its first call), no gate library,
// no commander (the flags, parsed only when there are arguments). And tools/list, which the build computed (dist/tools-list.json), is exactly what the SDK
// would compute from the tools' zod schemas now.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, traceImportsArgs } from '@adlc/testkit';
import { toolsList } from '../src/tools-list.js';
import { BIN } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Text only a tool's own module holds (each tool's description), and commander's files. */
const { tools: LISTED } = JSON.parse(readFileSync(join(DIST, 'tools-list.json'), 'utf8')) as { tools: Array<{ name: string; description: string }> };
const CALL_ONLY = LISTED.map((tool) => ({ what: `the ${tool.name} tool`, mark: tool.description.slice(0, 40) }));
const COMMANDER = /[\\/]node_modules[\\/]commander[\\/]/;

interface Session {
  /** The files (the server's dist/... and packages) each message's answer had loaded by then, by the message id. */
  loadedBy: Map<number, string[]>;
  answers: Map<number, { result?: unknown; error?: unknown }>;
}

/** Sends the messages one after the other (each after the answer to the one before) and records what had been loaded at each answer. */
async function session(messages: Array<{ id?: number; method: string; params?: unknown }>): Promise<Session> {
  const trace = join(dir, `trace-${Math.random().toString(36).slice(2)}.txt`);
  const child = spawn(process.execPath, [...traceImportsArgs(), BIN], { cwd: dir, env: { ...(cleanEnv() as NodeJS.ProcessEnv), TRACE_FILE: trace }, stdio: ['pipe', 'pipe', 'inherit'] });
  const loaded = () =>
    readFileSync(trace, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => fileURLToPath(url));
  const result: Session = { loadedBy: new Map(), answers: new Map() };
  let buffer = '';
  let next = 0;
  const send = () => {
    for (; next < messages.length; next += 1) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...messages[next] })}\n`);
      if (messages[next]!.id !== undefined) return (next += 1);
    }
    return child.stdin.end();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, at)) as { id?: number; result?: unknown; error?: unknown };
      buffer = buffer.slice(at + 1);
      if (message.id === undefined) continue;
      result.answers.set(message.id, message);
      result.loadedBy.set(message.id, loaded());
      send();
    }
  });
  send();
  await new Promise((resolve) => child.on('exit', resolve));
  return result;
}

const INITIALIZE = { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'start-up-test', version: '0' } } };
const INITIALIZED = { method: 'notifications/initialized' };

function marksIn(files: string[]): string[] {
  const text = files.filter((file) => file.startsWith(DIST)).map((file) => readFileSync(file, 'utf8')).join('\n');
  return [...CALL_ONLY.filter(({ mark }) => text.includes(mark)).map(({ what }) => what), ...(files.some((file) => COMMANDER.test(file)) ? ['commander'] : [])];
}

describe('start-up', () => {
  it('initialize and tools/list load no tool nor commander; a call loads its tool only', async () => {
    const s = await session([INITIALIZE, INITIALIZED, { id: 2, method: 'tools/list' }, { id: 3, method: 'tools/call', params: { name: 'tdd_status', arguments: { cwd: dir } } }]);
    expect((s.answers.get(2)?.result as { tools: unknown[] }).tools).toHaveLength(11);
    expect(marksIn(s.loadedBy.get(1)!)).toEqual([]);
    expect(marksIn(s.loadedBy.get(2)!)).toEqual([]);
    // The control: the marks do show a tool once it is called (tdd_status and tdd_run share a module).
    expect(s.answers.get(3)?.result).toBeDefined();
    expect(marksIn(s.loadedBy.get(3)!)).toEqual(expect.arrayContaining(['the tdd_status tool', 'the tdd_run tool']));
    expect(marksIn(s.loadedBy.get(3)!)).not.toContain('the consensus_fix tool');
  });

  it('tools/list is what the SDK computes from the tools\' zod schemas', async () => {
    const s = await session([INITIALIZE, INITIALIZED, { id: 2, method: 'tools/list' }]);
    expect(s.answers.get(2)?.result).toEqual(JSON.parse(JSON.stringify(await toolsList())));
  });
});
