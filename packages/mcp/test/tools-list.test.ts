// tools/list through the SDK's own Client against the built server: the eleven tools, each with its input
// schema (cwd required, nothing undeclared accepted) and the output schema of its CLI's --json document.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type TestClient } from './support.js';

const EXPECTED = ['consensus_fix', 'localize', 'consensus_review', 'review_calibration', 'tdd_status', 'tdd_run', 'tdd_claim', 'tdd_flush', 'tdd_refactor', 'tdd_write', 'tdd_edit'];

let dir: string;
let c: TestClient;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-list-'));
  c = await startClient({ cwd: dir });
});
afterAll(async () => {
  await c.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('tools/list', () => {
  it('offers exactly the eleven tools, each with an input and an output schema', async () => {
    const tools = await c.tools();
    expect(tools.map((t) => t.name)).toEqual(EXPECTED);
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.required, tool.name).toContain('cwd');
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
  });

  it.each([
    ['consensus_fix', ['cwd', 'testCmd', 'files', 'rails', 'n', 'apply', 'maxFiles', 'timeout', 'jobs', 'editFormat', 'rounds', 'localize'], ['cwd', 'testCmd'], ['summary', 'winner', 'verdict']],
    ['localize', ['cwd', 'testCmd', 'maxFiles', 'timeout'], ['cwd', 'testCmd'], ['localization']],
    ['consensus_review', ['cwd', 'mode', 'baseSha', 'headSha', 'description', 'question', 'failOn', 'minReviewers', 'chunks', 'exclude'], ['cwd', 'mode'], ['consensus', 'gate', 'reviewers']],
    ['review_calibration', ['cwd', 'reviewCmd', 'commit', 'plants', 'minPlants', 'seed', 'scorer', 'minRecall'], ['cwd', 'reviewCmd'], ['recall', 'gatePass', 'plants']],
    ['tdd_status', ['cwd'], ['cwd'], ['tests', 'claims', 'buffered']],
    ['tdd_run', ['cwd', 'testIds'], ['cwd'], ['green', 'results']],
    ['tdd_claim', ['cwd', 'testId', 'files'], ['cwd', 'testId', 'files'], ['claimed']],
    ['tdd_flush', ['cwd'], ['cwd'], ['reverted', 'kept']],
    ['tdd_refactor', ['cwd', 'state'], ['cwd', 'state'], ['refactor', 'changed']],
    ['tdd_write', ['cwd', 'file', 'content'], ['cwd', 'file', 'content'], ['decision', 'written']],
    ['tdd_edit', ['cwd', 'file', 'search', 'replace'], ['cwd', 'file', 'search', 'replace'], ['decision', 'written']],
  ])('%s: inputs %j (required %j), output with %j', async (name, inputs, required, outputs) => {
    const tool = (await c.tools()).find((t) => t.name === name)!;
    expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(inputs);
    expect([...(tool.inputSchema.required ?? [])].sort()).toEqual([...required].sort());
    for (const field of outputs) expect(Object.keys(tool.outputSchema?.properties ?? {}), name).toContain(field);
  });

  it('consensus_fix takes the bounds of the CLI: --n, --jobs, --max-files, and --timeout up to what a timer holds', async () => {
    const tool = (await c.tools()).find((t) => t.name === 'consensus_fix')!;
    const props = tool.inputSchema.properties as Record<string, { minimum?: number; maximum?: number; description?: string }>;
    expect([props.n, props.jobs, props.maxFiles, props.timeout].map((p) => [p!.minimum, p!.maximum])).toEqual([[1, 100], [1, 64], [1, 50], [1, 2147483]]);
    expect(props.n!.description).toContain('default: 3');
  });

  it('names no key, environment or provider among any input', async () => {
    for (const tool of await c.tools()) {
      for (const input of Object.keys(tool.inputSchema.properties ?? {})) expect(input, tool.name).not.toMatch(/key|env|token|secret|provider/i);
    }
  });

  it('refuses an argument the tool does not declare instead of ignoring it', async () => {
    const result = await c.call('tdd_status', { cwd: dir, ANTHROPIC_API_KEY: 'sk-ant-from-the-arguments-000000' });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).not.toContain('sk-ant-from-the-arguments');
  });
});
