// The tdd-kernel tools through the SDK's Client against the built server, on a real Vitest project:
// red, claim, gated edits (refused without a claim, reverted when still red, kept when green), status,
// and edits whose search text is not unique refused as errors.

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { gitStatus, makeProject, PRICE_ID, PRICE_SRC, PRICE_TEST } from '../../tdd-kernel/test/support.js';
import { errorOf, outputValidator, startClient, textOf, type TestClient } from './support.js';

let repo: TempRepo;
let c: TestClient;
let check: ReturnType<typeof outputValidator>;
beforeAll(async () => {
  repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
  c = await startClient({ cwd: repo.dir, env: { TDD_KERNEL_SESSION: 'mcp-test-session' } });
  check = outputValidator(await c.tools());
});
afterAll(async () => {
  await c.close();
  repo.cleanup();
});

const price = () => readFileSync(join(repo.dir, 'src/price.ts'), 'utf8');
/** The shipped JSON Schema of tdd_write's and tdd_edit's document (schemas/edit.json, written by the build). */
const editSchema = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(JSON.parse(readFileSync(new URL('../schemas/edit.json', import.meta.url), 'utf8')));

async function call(name: string, args: Record<string, unknown>) {
  const result = await c.call(name, { cwd: repo.dir, ...args });
  check(name, result);
  return result.structuredContent as Record<string, unknown>;
}

describe('red-green through MCP', () => {
  it('refuses an edit without a claim (a normal result: written false, the file untouched)', async () => {
    const doc = await call('tdd_write', { file: 'src/price.ts', content: 'export const price = (n: number) => n * 1.2;\n' });
    expect(doc).toMatchObject({ file: 'src/price.ts', decision: 'deny', written: false, code: 'no-red' });
    expect(editSchema(doc), JSON.stringify(editSchema.errors)).toBe(true);
    expect(price()).toBe(PRICE_SRC);
  });

  it('a refusal names the tdd-kernel command, never the server\'s own bin, when tdd-kernel is not on PATH', async () => {
    const bare = await startClient({ cwd: repo.dir, env: { TDD_KERNEL_SESSION: 'mcp-path-session', PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter) } });
    try {
      const result = await bare.call('tdd_write', { cwd: repo.dir, file: 'src/price.ts', content: 'export const price = (n: number) => n * 1.2;\n' });
      const doc = result.structuredContent as { decision: string; reason: string };
      expect(doc.decision).toBe('deny');
      expect(doc.reason).toContain('`tdd-kernel run <test_id>`');
      expect(doc.reason).not.toContain('adlc-mcp');
      expect(price()).toBe(PRICE_SRC);
    } finally {
      await bare.close();
    }
  });

  it('runs the test red, claims it, and lets the edit through; a red edit is reverted at the flush', async () => {
    expect(await call('tdd_run', { testIds: [PRICE_ID] })).toMatchObject({ green: false, results: [expect.objectContaining({ test_id: PRICE_ID, status: 'fail' })] });
    expect(await call('tdd_claim', { testId: PRICE_ID, files: ['src/price.ts'] })).toEqual({ test_id: PRICE_ID, files: ['src/price.ts'], claimed: true });

    const wrong = await call('tdd_edit', { file: 'src/price.ts', search: '=> n;', replace: '=> n * 2;' });
    expect(wrong).toMatchObject({ decision: 'allow', via: 'claim', test_ids: [PRICE_ID], written: true });
    expect(editSchema(wrong), JSON.stringify(editSchema.errors)).toBe(true);
    expect(price()).toBe('export const price = (n: number) => n * 2;\n');
    expect(await call('tdd_status', {})).toMatchObject({ session: 'mcp-test-session', buffered: [{ file: 'src/price.ts', test_ids: [PRICE_ID], existed: true }] });

    const flushed = await call('tdd_flush', {});
    expect(flushed).toMatchObject({ ran: true, reverted: [{ file: 'src/price.ts', action: 'restored' }], failed_test_ids: [PRICE_ID] });
    expect(price()).toBe(PRICE_SRC);
  });

  it('keeps a green edit at the flush, and the tree holds nothing of the kernel but its log', async () => {
    const right = await c.call('tdd_write', { cwd: repo.dir, file: join(repo.dir, 'src/price.ts'), content: 'export const price = (n: number) => n * 1.2;\n' });
    check('tdd_write', right);
    expect(right.structuredContent).toMatchObject({ decision: 'allow', written: true });
    expect(textOf(right)).toContain('wrote src/price.ts');
    expect(await call('tdd_flush', {})).toMatchObject({ ran: true, reverted: [], kept: ['src/price.ts'] });
    expect(price()).toBe('export const price = (n: number) => n * 1.2;\n');
    expect(gitStatus(repo).split('\n').filter(Boolean).sort()).toEqual([' M src/price.ts', '?? .tdd-kernel/events.jsonl']);
  });

  it.each([
    ['occurs more than once', { search: 'n', replace: 'm' }, /the search text occurs \d+ times in src\/price\.ts; it must occur exactly once/],
    ['does not occur', { search: 'no such text', replace: 'x' }, /the search text does not occur in src\/price\.ts/],
  ])('tdd_edit whose search text %s is an operational error (isError), nothing written', async (_what, edit, message) => {
    const before = price();
    const error = errorOf(await c.call('tdd_edit', { cwd: repo.dir, file: 'src/price.ts', ...edit }));
    expect(error.message).toMatch(message);
    expect(error.exitCode).toBe(1);
    expect(price()).toBe(before);
  });

  it('refuses a file outside the project as an operational error', async () => {
    const error = errorOf(await c.call('tdd_write', { cwd: repo.dir, file: '../outside.ts', content: 'x' }));
    expect(error.message).toMatch(/is not a file inside the project/);
  });

  it('tdd_refactor on from a green suite, off again', async () => {
    expect(await call('tdd_refactor', { state: 'on' })).toMatchObject({ refactor: true, changed: true });
    expect(await call('tdd_refactor', { state: 'off' })).toMatchObject({ refactor: false, changed: true });
  });
});
