// Stdout carries protocol messages only: a raw JSON-RPC session against the built server (no SDK on
// this side), with a tool run whose library writes notes and warnings: each stdout line is one JSON-RPC
// message, and the notes and warnings are on stderr. Plus --help and --version, which print and exit.

import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runCli, startFakeProviderServer, type FakeProviderServer, type TempRepo } from '@adlc/testkit';
import { FIX, fix, makeRepo, REPRO } from '../../consensus-fix/test/support.js';
import { BIN } from './support.js';
import pkg from '../package.json' with { type: 'json' };

let server: FakeProviderServer;
let repo: TempRepo;
beforeAll(async () => {
  server = await startFakeProviderServer();
  repo = makeRepo();
});
afterAll(async () => {
  await server.close();
  repo.cleanup();
});

describe('stdout is the protocol', () => {
  it('every stdout line is a JSON-RPC message; the tool\'s warnings go to stderr', async () => {
    server.handle(() => fix(FIX));
    const child = spawn(process.execPath, [BIN], { cwd: repo.dir, env: cleanEnv({ ...server.env(), ADLC_RETRY_BASE_MS: '1' }) as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const answered = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('"id":2')) resolve();
      });
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    send({ method: 'notifications/initialized' });
    // No rails: consensus-fix warns (on stderr, as the CLI does).
    send({ id: 2, method: 'tools/call', params: { name: 'consensus_fix', arguments: { cwd: repo.dir, testCmd: REPRO, files: ['src/calc.mjs'] } } });
    await answered;
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

    const lines = stdout.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    const response = lines.map((line) => JSON.parse(line)).find((m) => m.id === 2);
    expect(response.result.structuredContent).toMatchObject({ verdict: 'pass' });
    expect(stderr).toContain('WARNING: no --rails');
    // stdin closed: the server ended by itself, with exit 0.
    expect(code).toBe(0);
  });
});

describe('the bin', () => {
  it('--help prints the usage with the tools and the config snippets, exit 0', async () => {
    const result = await runCli(BIN, ['--help'], { cwd: repo.dir });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Usage: adlc-mcp \[options\]/);
    for (const word of ['consensus_fix', 'tdd_edit', 'roots', 'mcp_servers.adlc', 'mcpServers']) expect(result.stdout).toContain(word);
  });

  it('--version prints the package version; an unknown flag is exit 1 with one clear line', async () => {
    expect((await runCli(BIN, ['--version'], { cwd: repo.dir })).stdout.trim()).toBe(pkg.version);
    const bad = await runCli(BIN, ['--port', '80'], { cwd: repo.dir });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/^adlc-mcp: error: unknown option '--port'/);
    expect(bad.stdout).toBe('');
  });
});
