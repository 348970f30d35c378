// The defaults are declared once: the CLI's --help shows them, and a library caller that leaves an
// option out gets the same value the CLI would have used.

import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_TOKENS } from '@adlc/core';
import { cleanEnv, runCli } from '@adlc/testkit';
import { consensusFix, DEFAULTS } from '../src/index.js';
import { BASE_ARGS, BIN, FIX, FIX_SPACED, RAILS, REPRO, fix, parseOutput, useSuite } from './support.js';

const suite = useSuite('defaults');
const env = () => ({ ...suite.server.env(), ADLC_RETRY_BASE_MS: '1' });

/** `--flag` → the default its --help entry shows (`(default: x)`, also after `choices:` or before `config:`). */
function helpDefaults(help: string): Map<string, unknown> {
  const entries = help.split(/\n(?=\s{2}-)/).map((entry) => entry.replace(/\s+/g, ' ').trim());
  const found = new Map<string, unknown>();
  for (const entry of entries) {
    const flag = /^(--[a-z-]+)/.exec(entry)?.[1];
    const value = /default: ("[^"]*"|[^)\s,]+)[,)]/.exec(entry)?.[1];
    if (flag !== undefined && value !== undefined) found.set(flag, JSON.parse(value));
  }
  return found;
}

describe('defaults are declared once', () => {
  it('--help shows exactly the exported DEFAULTS', async () => {
    const res = await runCli(BIN, ['--help'], { cwd: suite.scratch });
    expect(res.exitCode).toBe(0);
    const shown = helpDefaults(res.stdout);
    expect(Object.fromEntries(shown)).toEqual({
      '--n': DEFAULTS.n,
      '--tier': DEFAULTS.tier,
      '--timeout': DEFAULTS.timeout,
      '--jobs': DEFAULTS.jobs,
      '--normalize': DEFAULTS.normalize,
      '--max-files': DEFAULTS.maxFiles,
      '--edit-format': DEFAULTS.editFormat,
      '--max-tokens': DEFAULTS.maxTokens,
      '--localize': DEFAULTS.localize,
      '--rounds': DEFAULTS.rounds,
    });
  });

  it('the default token limit is core\'s own', () => {
    expect(DEFAULTS.maxTokens).toBe(DEFAULT_MAX_TOKENS);
  });

  it('the library entry, given no defaulted option, resolves what the CLI resolves', async () => {
    const viaCli = suite.repo();
    suite.server.handle(() => fix(FIX), 'anthropic');
    const cli = await runCli(BIN, [...BASE_ARGS, '--json'], { cwd: viaCli.dir, env: env() });
    expect(cli.exitCode, cli.stderr).toBe(0);
    const fromCli = parseOutput(cli.stdout);

    const viaLibrary = suite.repo();
    suite.server.handle(() => fix(FIX_SPACED), 'anthropic');
    // No n, tier, timeout, jobs or normalize: the library fills them in.
    const outcome = await consensusFix(
      { testCmd: REPRO, rails: RAILS, files: ['src/calc.mjs'], json: true },
      { env: cleanEnv(env()), cwd: viaLibrary.dir },
    );
    expect(outcome.exitCode).toBe(0);
    const fromLibrary = parseOutput(JSON.stringify((outcome.output as { json: unknown }).json));

    const resolved = (doc: typeof fromCli) => ({ n: doc.n, jobs: doc.jobs, normalize: doc.normalize, editFormat: doc.editFormat, models: doc.candidates.map((c) => c.model) });
    expect(resolved(fromLibrary)).toEqual(resolved(fromCli));
    expect(fromLibrary).toMatchObject({ n: DEFAULTS.n, jobs: DEFAULTS.jobs, normalize: DEFAULTS.normalize, editFormat: 'whole' });
    // Both asked for core's default token limit.
    expect(new Set(suite.server.requests.map((q) => q.maxTokens))).toEqual(new Set([DEFAULTS.maxTokens]));
  });
});
