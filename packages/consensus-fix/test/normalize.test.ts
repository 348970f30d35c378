// --normalize syntax: layout and comments do not split agreement; code that no longer parses fails
// at stage `syntax` before any test runs.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startFakeProviderServer, type FakeProviderServer, type TempRepo } from '@adlc/core/testkit';
import { BASE_ARGS, BIN, BUGGY, FIX, fix, makeRepo, parseOutput } from './support.js';

const COMPACT = BUGGY.replace('  return a - b;', '  // the bug: it subtracted\n  return a+b;');
const BROKEN = BUGGY.replace('  return a - b;', '  return a + ;');

let server: FakeProviderServer;
const repos: TempRepo[] = [];
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server.close();
  for (const r of repos) r.cleanup();
});
afterEach(() => server.reset());

describe('--normalize', () => {
  it('syntax: comments and spacing agree; an unparsable candidate fails at stage syntax', async () => {
    const r = makeRepo();
    repos.push(r);
    server.enqueue('anthropic', fix(FIX), fix(COMPACT), fix(BROKEN));
    const res = await runCli(BIN, [...BASE_ARGS, '--normalize', 'syntax', '--json'], { cwd: r.dir, env: server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.normalize).toBe('syntax');
    expect(doc.groups).toHaveLength(1);
    expect(doc.groups[0]!.size).toBe(2);
    expect(doc.summary.failed).toBe(1);
    expect(doc.failedDetails[0]).toMatchObject({ stage: 'syntax', exitCode: null });
    expect(doc.failedDetails[0]!.outputTail).toContain('src/calc.mjs does not parse');
    expect(r.status()).toBe('');
  });

  it('whitespace (the default): the same two fixes do not agree', async () => {
    const r = makeRepo();
    repos.push(r);
    server.enqueue('anthropic', fix(FIX), fix(COMPACT), fix(BROKEN));
    const res = await runCli(BIN, [...BASE_ARGS, '--json'], { cwd: r.dir, env: server.env() });
    expect(res.exitCode).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.summary.allDivergent).toBe(true);
    expect(doc.failedDetails[0]!.stage).toBe('repro');
  });
});
