import { isProcessAlive } from '@adlc/core';
import { existsSync, readFileSync } from 'node:fs';
import { FAKE_KEYS, type TempRepo } from '@adlc/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { judgeAll } from '../src/review/judge.js';
import { cli, scratch, until, MATH, messageOf, NO as no, parseJson, plantedRepo, PLANTS, reviewer, sensibleJudge, useCleanRuns, useFakeProvider, YES as yes } from './helpers.js';

useCleanRuns();
const fake = useFakeProvider();
const env = () => fake.env();
let repo: TempRepo;
let plantsFile: string;
beforeEach(() => {
  ({ repo, plantsFile } = plantedRepo());
});

describe('--scorer judge (the default) through the fake provider server', () => {
  it('a sensible judge: the echo control scores 0, the oracle 1, and recall counts what the judge confirms', async () => {
    fake.server.handle(sensibleJudge);
    const result = await cli(repo, ['--review-cmd', reviewer('report', '2'), '--plants-file', plantsFile, '--json'], env());
    expect(result.exitCode).toBe(0);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ scorer: 'judge', recall: 0.5, caught: 2, total: 4, judgeInvalid: 0 });
    expect(doc.controls.echo).toMatchObject({ caught: 0, located: 4, ok: true });
    expect(doc.controls.oracle).toMatchObject({ caught: 4, ok: true });
    expect(doc.plants.filter((p) => p.status === 'caught').every((p) => p.identifiedBy === 'judge')).toBe(true);
    // 4 echo + 4 oracle + 2 reviewer findings, each judged once, by the cheap tier.
    expect(fake.server.requests).toHaveLength(10);
    expect(fake.server.requests[0]!.model).toBe('claude-haiku-5-5');
    expect(repo.read('src/math.js')).toBe(MATH);
  });

  it('an always-yes judge makes the echo control fail: exit 1, the scorer is broken', async () => {
    fake.server.handle(() => yes);
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile], env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('scorer is broken');
    expect(result.stderr).toContain('echo control');
    expect(repo.status()).toBe('');
  });

  it('an always-no judge makes the oracle control fail: exit 1', async () => {
    fake.server.handle(() => no);
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile], env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('oracle control');
  });

  it('a failed control stops a reviewer that is still running, and restores the files', async () => {
    const pidFile = scratch('reviewer.pid');
    // The judge answers only once the reviewer is running, so the control fails mid-review.
    fake.server.handle(async () => {
      for (let i = 0; i < 200 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
      return no;
    });
    const result = await cli(repo, ['--review-cmd', reviewer('sleep', pidFile), '--plants-file', plantsFile], env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('oracle control');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // Killed (its group got SIGTERM, then SIGKILL); give the system a moment to reap it.
    await until(() => !isProcessAlive(pid), 'the reviewer to be gone', 5000);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });

  it('no provider: fails closed with exit 1 before planting anything', async () => {
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--scorer', 'judge']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('ANTHROPIC_API_KEY');
    // The way out without a key is named: the model-free scorer.
    expect(result.stderr).toContain('--scorer repro');
    expect(repo.status()).toBe('');
  });

  it('a provider that keeps failing is an operational error (exit 1), never "not caught"', async () => {
    fake.server.handle(() => ({ status: 500, message: 'overloaded' }));
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--json'], env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('500');
    expect(result.stdout).not.toContain('"recall"');
    expect(result.stdout + result.stderr).not.toContain(FAKE_KEYS.ANTHROPIC_API_KEY);
  });

  it('the first judge call that fails stops the run: the call in flight is cut short and no further pair is judged', async () => {
    // Two lanes: the first call is refused outright (400 is not retried), the second would answer
    // after a while; with the run already lost, nothing more may be asked.
    let calls = 0;
    fake.server.handle(() => (++calls === 1 ? { status: 400, message: 'bad request' } : { text: no, delayMs: 1500 }));
    const finding = { index: 0, file: 'src/math.js', line: 4, description: 'boundary' };
    const pairs = PLANTS.map((plant) => ({ plant: { ...plant, id: 'p' }, finding })) as unknown as Parameters<typeof judgeAll>[0];
    await expect(judgeAll(pairs, { env: env(), cwd: repo.dir, concurrency: 2 })).rejects.toThrow('400');
    // Long enough for the second call to have answered and its lane to have asked for the next pair.
    await new Promise((r) => setTimeout(r, 2500));
    expect(calls).toBe(2);
  });

  it('a judge verdict cut off at its token limit is a failed call, never a verdict: exit 1 naming the remedy', async () => {
    // The cut-off text even parses as a "yes": it must not count.
    fake.server.handle(() => ({ text: yes, truncated: true }));
    const result = await cli(repo, ['--review-cmd', reviewer('report', '2'), '--plants-file', plantsFile, '--json'], env());
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(result.stdout).error.message).toMatch(/truncated.*token limit; raise ADLC_MAX_TOKENS/);
    expect(fake.server.requests[0]?.maxTokens).toBe(1024);
    fake.server.reset();
    fake.server.handle(() => ({ text: yes, truncated: true }));
    await cli(repo, ['--review-cmd', reviewer('report', '2'), '--plants-file', plantsFile, '--json'], { ...env(), ADLC_MAX_TOKENS: '4096' });
    expect(fake.server.requests[0]?.maxTokens).toBe(4096);
  });

  it('a judge answer that is invalid twice counts as no match and is reported', async () => {
    fake.server.handle((req) => {
      const message = messageOf(req.prompt);
      if (message.includes('REAL')) return 'I think so, probably.';
      return message.includes('bug:') ? yes : no;
    });
    const result = await cli(repo, ['--review-cmd', reviewer('report', '2'), '--plants-file', plantsFile, '--json'], env());
    expect(result.exitCode).toBe(2);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ caught: 0, located: 2, judgeInvalid: 2 });
    expect(doc.plants.slice(0, 2).map((p) => p.status)).toEqual(['located', 'located']);
    expect(doc.warnings.join()).toContain('invalid twice');
    // Each invalid answer was asked again once: 8 control calls + 2 × 2 reviewer calls.
    expect(fake.server.requests).toHaveLength(12);
  });

  it('a repro that discriminates bypasses the judge, and the judge is also asked to measure agreement', async () => {
    fake.server.handle((req) => (messageOf(req.prompt).includes('bug:') ? yes : no));
    const result = await cli(repo, ['--review-cmd', reviewer('report', '2', '--repro'), '--plants-file', plantsFile, '--json'], env());
    expect(result.exitCode).toBe(0);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ caught: 2, recall: 0.5 });
    expect(doc.plants.slice(0, 2).map((p) => p.identifiedBy)).toEqual(['repro', 'repro']);
    // The judge said no to both ("REAL defect" messages), the repros said yes: agreement 0.
    expect(doc.judgeAgreement).toBe(0);
  });
});
