// Cancelling a consensus_fix call (the client's notifications/cancelled) does what SIGINT does to the
// CLI: the candidate's test command is killed, every file is put back byte for byte, no journal is left,
// and the repository is free for the next call at once.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '@adlc/core';
import { makeTempRepo, startFakeProviderServer, type FakeProviderServer, type TempRepo } from '@adlc/testkit';
import { BUGGY, FIX, fix } from '../../consensus-fix/test/support.js';
import { outputValidator, startClient, type TestClient } from './support.js';

let server: FakeProviderServer;
let scratch: string;
beforeAll(async () => {
  server = await startFakeProviderServer();
  scratch = mkdtempSync(join(tmpdir(), 'mcp-cancel-'));
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Fails fast on the bug; on the fix it writes its pid where the test can see it and hangs. */
const SLOW_REPRO = (marker: string) => `import { add } from '../src/calc.mjs';
import { writeFileSync } from 'node:fs';
if (add(2, 3) !== 5) process.exit(1);
writeFileSync(${JSON.stringify(marker)}, String(process.pid));
setTimeout(() => {}, 600_000);
`;

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('cancelling consensus_fix', () => {
  let repo: TempRepo;
  let c: TestClient;
  afterAll(async () => {
    await c?.close();
    repo?.cleanup();
  });

  it('kills the running test command and restores the tree byte-identical, as SIGINT does', async () => {
    const marker = join(scratch, 'repro.pid');
    const original = `${BUGGY}// no newline at the end, a CRLF\r\nline`;
    repo = makeTempRepo({ prefix: 'mcp-cancel-', files: { 'package.json': '{ "type": "module" }\n', 'src/calc.mjs': original, 'test/repro.mjs': SLOW_REPRO(marker) } });
    const before = readFileSync(join(repo.dir, 'src/calc.mjs'));
    c = await startClient({ cwd: repo.dir, env: server.env() });
    server.handle(() => fix(FIX));

    const cancel = new AbortController();
    const call = c.call('consensus_fix', { cwd: repo.dir, testCmd: 'node test/repro.mjs', files: ['src/calc.mjs'], n: 1 }, { signal: cancel.signal });
    call.catch(() => undefined);
    // The candidate is in the tree and its test command is running.
    const pid = Number(await until('the candidate test run', () => (existsSync(marker) ? readFileSync(marker, 'utf8') || undefined : undefined)));
    expect(repo.read('src/calc.mjs')).toContain('return a + b;');

    cancel.abort('the user pressed stop');
    await expect(call).rejects.toThrow();
    // The server handles messages in order: once it answered this ping, it has handled the cancellation,
    // whose cleanups run synchronously (kill the process group, restore the files).
    await c.client.ping();
    expect(readFileSync(join(repo.dir, 'src/calc.mjs')).equals(before)).toBe(true);
    expect(repo.status()).toBe('');
    await until('the killed test command to be gone', () => (isProcessAlive(pid) ? undefined : true), 10_000);
    const journals = join(repo.dir, '.git', 'adlc', 'journals');
    await until('the journal to be removed', () => ((existsSync(journals) ? readdirSync(journals) : []).length === 0 ? true : undefined), 10_000);

    // The repository is free again: the next call on it runs (and finds nothing to recover).
    rmSync(marker);
    const status = await c.call('tdd_status', { cwd: repo.dir });
    outputValidator(await c.tools())('tdd_status', status);
    expect(c.stderr()).not.toMatch(/recovered|restored \d+ file/);
  });
});
