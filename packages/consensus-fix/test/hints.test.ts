// Hints that match the cause when not one completion returned text: a missing command is told to check
// the command, a refused key the key (core's one table).

import { describe, expect, it } from 'vitest';
import { ErrorOutputSchema, FAILURE_HINTS } from '@adlc/core';
import { runCli } from '@adlc/testkit';
import { BASE_ARGS, BIN, useSuite } from './support.js';

const suite = useSuite('hints');

describe('the hint of a run where no completion returned text', () => {
  it('a command provider whose command is not found (exit 127): check the command', async () => {
    const r = suite.repo();
    const env = { ADLC_PROVIDER: 'command', ADLC_COMMAND: 'adlc-no-such-command-27 -p', ADLC_RETRY_BASE_MS: '1' };
    const res = await runCli(BIN, [...BASE_ARGS, '--json'], { cwd: r.dir, env });
    expect(res.exitCode, res.stderr).toBe(1);
    const { error } = ErrorOutputSchema.parse(JSON.parse(res.stdout));
    expect(error.status).toBe('exit 127');
    expect(error.hint).toBe(FAILURE_HINTS.command);
    expect(res.stderr).toContain(`consensus-fix: ${FAILURE_HINTS.command}`);
    expect(res.stderr).not.toMatch(/check the key/);
  });

  it('completions refused by two providers, a key (401) and a model name (404): each hint once', async () => {
    const r = suite.repo();
    suite.server.handle(() => ({ status: 401, message: 'invalid x-api-key' }), 'anthropic');
    suite.server.handle(() => ({ status: 404, message: 'no such model' }), 'openai');
    const res = await runCli(BIN, [...BASE_ARGS, '--providers', 'anthropic,openai', '--json'], { cwd: r.dir, env: { ...suite.server.env(), ADLC_RETRY_BASE_MS: '1' } });
    expect(res.exitCode, res.stderr).toBe(1);
    const { error } = ErrorOutputSchema.parse(JSON.parse(res.stdout));
    expect(error.hint).toBe(`${FAILURE_HINTS.key}; ${FAILURE_HINTS.model}`);
  });
});
