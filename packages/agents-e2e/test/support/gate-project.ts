// The project the gate tests hand to a real agent: a temp git repo with a source file and its red
// test for node's own test runner (through the kernel's per-test `command` runner), and tdd-kernel's
// hooks installed by the built CLI's `tdd-kernel init <agent>`, as a user would install them.

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTempRepo, runCli, type CliResult, type ModelRequest, type TempRepo, type ToolResult } from '@adlc/testkit';
import { expect } from 'vitest';
import { KernelEventSchema, type KernelEvent } from '@adlc/tdd-kernel';
import type { AgentId } from '../../src/agent-pins.js';
import { tddKernelBinDir, tddKernelCli } from '../../src/tdd-kernel-cli.js';

export const SOURCE = 'src/price.mjs';
export const TEST_ID = 'src/price.test.mjs::price adds tax';
export const ORIGINAL = 'export const price = (n) => n;\n';
/** The line the edits change, what makes the test pass, and what does not. */
export const FIX = { old: '=> n;', right: '=> n * 1.2;', wrong: '=> n + 1;' } as const;
export const FIXED = ORIGINAL.replace(FIX.old, FIX.right);

/**
 * The log of the red-green turn both agents play: red run, claim, a wrong edit let through, the
 * Stop flush (red) reverting it, then the right edit and a green flush.
 */
export const RED_GREEN_TRAIL = [
  'test_run fail',
  `edit_claim ${SOURCE}`,
  `edit_allowed ${SOURCE}`,
  'test_run fail',
  `edit_reverted ${SOURCE}`,
  'repair',
  `edit_allowed ${SOURCE}`,
  'test_run pass',
];

const PRICE_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { price } from './price.mjs';

test('price adds tax', () => {
  assert.equal(price(100), 120);
});
`;
// Exit 0 green, 1 red: node --test exits 1 on a failed assertion.
const KERNEL_CONFIG = { runner: 'command', testCommandFor: 'node --test --test-name-pattern={name} {file}' };

export interface GateProject {
  repo: TempRepo;
  /** An empty HOME for the agent. */
  home: string;
  /** The agent's PATH: a directory holding `tdd-kernel` first, then the test process's own. */
  path: string;
  /** That `tdd-kernel`, by absolute path (Codex's login shell resets PATH). */
  bin: string;
  /** The source file's absolute path (what Claude Code's Edit takes). */
  sourceAbs: string;
  /** What `tdd-kernel init <agent>` printed. */
  init: CliResult;
  /** Runs the built tdd-kernel CLI in the project, as a person at the terminal would. */
  kernel(args: string[], env?: Record<string, string>): Promise<CliResult>;
  /** The source file's bytes now. */
  source(): Buffer;
  /** The kernel's event log, each event checked against its exported schema. */
  events(): KernelEvent[];
  cleanup(): void;
}

export async function makeGateProject(agent: AgentId): Promise<GateProject> {
  const scratch = mkdtempSync(join(tmpdir(), 'adlc-gate-'));
  const home = join(scratch, 'home');
  mkdirSync(home);
  const binDir = tddKernelBinDir(join(scratch, 'bin'));
  const path = `${binDir}:${process.env.PATH ?? '/usr/bin:/bin'}`;
  const repo = makeTempRepo({
    prefix: 'adlc-gate-repo-',
    files: {
      'package.json': '{ "name": "price", "private": true, "type": "module" }\n',
      [SOURCE]: ORIGINAL,
      'src/price.test.mjs': PRICE_TEST,
      '.tdd-kernel/config.json': `${JSON.stringify(KERNEL_CONFIG, null, 2)}\n`,
    },
  });
  const kernel = (args: string[], env: Record<string, string> = {}) => runCli(tddKernelCli(), args, { cwd: repo.dir, env: { PATH: path, TDD_KERNEL_SESSION: undefined, ...env } });
  const init = await kernel(['init', agent]);
  if (init.exitCode !== 0) throw new Error(`tdd-kernel init ${agent} failed (exit ${init.exitCode}): ${init.stderr}`);
  const log = join(repo.dir, '.tdd-kernel/events.jsonl');
  return {
    repo,
    home,
    path,
    bin: join(binDir, 'tdd-kernel'),
    sourceAbs: join(repo.dir, SOURCE),
    init,
    kernel,
    source: () => readFileSync(join(repo.dir, SOURCE)),
    events: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => KernelEventSchema.parse(JSON.parse(line))),
    cleanup: () => {
      repo.cleanup();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The result of tool call `callId` as the next request after the call carried it back to the model. */
export function resultOf(requests: readonly ModelRequest[], callId: string): ToolResult | undefined {
  for (const request of requests) {
    const found = request.toolResults.find((r) => r.callId === callId);
    if (found) return found;
  }
  return undefined;
}

/** `type` of each event, with the file or test it is about: the order a test checks. */
export function eventTrail(events: readonly KernelEvent[]): string[] {
  return events.map((e) => {
    if (e.type === 'test_run') return `test_run ${e.status}`;
    if (e.type === 'edit_claim') return `edit_claim ${e.edit_target}`;
    if (e.type === 'edit_allowed' || e.type === 'edit_refused' || e.type === 'edit_reverted') return `${e.type} ${e.file}`;
    return e.type;
  });
}

/**
 * The no-claim proof of a gate test: the source byte-identical, one `no-red` refusal of it per call
 * (`[callId, tool]`, in order), and each refusal's reason, word for word, in what the model got back
 * for that call (`asSent` puts the kernel's text in the agent's words).
 */
export function expectRefusedWithReasons(
  p: GateProject,
  requests: readonly ModelRequest[],
  calls: ReadonlyArray<readonly [callId: string, tool: string]>,
  asSent: (callId: string, text: string) => ToolResult,
): void {
  expect(p.source().equals(Buffer.from(ORIGINAL))).toBe(true);
  const refusals = p.events().filter((e) => e.type === 'edit_refused');
  expect(refusals.map((e) => [e.file, e.code, e.tool])).toEqual(calls.map(([, tool]) => [SOURCE, 'no-red', tool]));
  calls.forEach(([callId], i) => {
    expect(resultOf(requests, callId)).toEqual(asSent(callId, `tdd-kernel refused the edit of ${SOURCE}: ${refusals[i]!.reason}`));
  });
  expect(refusals[0]!.reason).toContain(`tdd-kernel claim <test_id> ${SOURCE}`);
}

/**
 * The end-of-turn proof of a gate test: the claimed wrong edit went through (`editedText` is the agent's
 * words for a done edit), no kernel message reached the model before request `blockedAt`, whose last user
 * message is the revert report (after `feedback` and a newline where the agent heads a Stop hook's reason,
 * as Claude Code does with `Stop hook feedback:`; then no message so headed comes earlier); the model
 * re-read the original (`readShows`: the read's output, by default the file's bytes as they are), its
 * right edit went through and stayed, and the log holds the red-green trail, all in one session.
 */
export function expectRevertedThenGreen(
  p: GateProject,
  requests: readonly ModelRequest[],
  sessionId: string,
  turn: { editedText: string; wrong: string; readAfter: string; right: string; blockedAt: number; feedback?: string; readShows?: unknown },
): void {
  const edited = (callId: string) => expect(resultOf(requests, callId)?.output).toContain(turn.editedText);
  edited(turn.wrong);
  const head = turn.feedback ?? 'tdd-kernel';
  expect(requests.slice(0, turn.blockedAt).flatMap((r) => r.userTexts).filter((t) => t.startsWith(head))).toEqual([]);
  const retry = requests[turn.blockedAt]!.userTexts.at(-1);
  const lead = turn.feedback === undefined ? '' : `${turn.feedback}\n`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(retry).toMatch(new RegExp(`^${lead}tdd-kernel reverted this turn's edits whose tests are still red`));
  expect(retry).toContain(`reverted: ${SOURCE} restored to its content before this turn, because ${TEST_ID} did not pass`);
  expect(resultOf(requests, turn.readAfter)?.output).toEqual(turn.readShows ?? ORIGINAL);
  edited(turn.right);
  expect(p.source().toString()).toBe(FIXED);
  const events = p.events();
  expect(eventTrail(events)).toEqual(RED_GREEN_TRAIL);
  expect(new Set(events.map((e) => e.session_id))).toEqual(new Set([sessionId]));
}
