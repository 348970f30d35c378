// A reviewer that did not answer while the run goes on is noted with what to check (core's table), and a
// refusal for too few answers names the cause before "lower --min-reviewers": a command that is not found
// is told to check the command, not to run again.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorOutputSchema, FAILURE_HINTS } from '@adlc/core';
import { startFakeProviderServer, type FakeProviderServer } from '@adlc/testkit';
import { ConsensusOutputSchema } from '../src/index.js';
import { cli, isChairman, repoWithChange, reviewText, SYNTHESIS_APPROVE } from './support.js';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const PANEL = ['--reviewers', 'anthropic,openai,command:adlc-no-such-reviewer-27 -p', '--chairman', 'anthropic'];

describe('a reviewer whose command is not found', () => {
  it('2/3 answered: its note says to check the command, in the text report and as a --json warning', async () => {
    const { repo, base } = repoWithChange();
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText({ assessment: 'APPROVE' })));
    const text = await cli(['--mode=code-review', `--base-sha=${base}`, ...PANEL], repo.dir, server.env());
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Note: command:adlc-no-such-reviewer-27 -p did not answer: .*exit 127.*; (.+)$/m);
    expect(/^Note: command:adlc-no-such-reviewer-27 -p did not answer: .*; (.+)$/m.exec(text.stdout)?.[1]).toBe(FAILURE_HINTS.command);

    const json = await cli(['--mode=code-review', `--base-sha=${base}`, ...PANEL, '--json'], repo.dir, server.env());
    expect(json.exitCode, json.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(json.stdout));
    expect(doc.warnings.find((w) => w.includes('adlc-no-such-reviewer-27'))).toMatch(new RegExp(`exit 127.*; ${FAILURE_HINTS.command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(json.stderr).toContain(`; ${FAILURE_HINTS.command}`);
    repo.cleanup();
  });

  it('a reviewer past --timeout is told to raise --timeout (here it bounds each call)', async () => {
    const { repo, base } = repoWithChange();
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText({ assessment: 'APPROVE' })));
    server.handle(() => ({ hang: true }), 'openai');
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--reviewers', 'anthropic,openai,gemini', '--chairman', 'anthropic', '--timeout=1'], repo.dir, server.env());
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Note: Codex did not answer: .*timeout: no answer within 1s; the call ran out of time: raise --timeout, or run again$/m);
    repo.cleanup();
  });

  it('--min-reviewers 3: exit 1 whose hint names the cause first, then lowering --min-reviewers', async () => {
    const { repo, base } = repoWithChange();
    server.handle((request) => (isChairman(request) ? SYNTHESIS_APPROVE : reviewText({ assessment: 'APPROVE' })));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, ...PANEL, '--min-reviewers', '3', '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    const { error } = ErrorOutputSchema.parse(JSON.parse(result.stdout));
    expect(error.message).toMatch(/^only 2\/3 reviewers answered, fewer than --min-reviewers 3: /);
    expect(error.hint).toMatch(new RegExp(`^${FAILURE_HINTS.command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; or lower --min-reviewers; detailed breakdown: `));
    expect(error.hint).not.toMatch(/^run again/);
    repo.cleanup();
  });
});
