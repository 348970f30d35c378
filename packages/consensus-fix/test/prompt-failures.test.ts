// The failing tests' own messages in the prompt: the failure section is built from the failing tests
// first (full name, message, expected and actual, frames in the repository), then the output's end,
// within the 4,000-character budget. On the real runners' outputs (localize's runner-outputs fixtures),
// and end to end through --prompt-only with the real runners in temp git repositories.

import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempRepo, runCli, type TempRepo } from '@adlc/testkit';
import { relativeName, testFailures, withRepositoryFrames } from '@adlc/localize';
import { CASES, runnerDir } from '../../localize/test/runner-outputs/generate.mjs';
import { failureSection } from '../src/candidates/failure-section.js';
import { buildPrompt, OUTPUT_TAIL_CHARS } from '../src/candidates/prompt.js';
import { PromptOnlyOutputSchema } from '../src/output/schema.js';
import { BIN } from './support.js';

const outputs = join(dirname(fileURLToPath(import.meta.url)), '../../localize/test/runner-outputs');
const fixture = (name: string) => readFileSync(join(outputs, `${name}.txt`), 'utf8');

/** The failures as the pre-flight reads them from a run's output in the repository at `root`. */
const failuresOf = (output: string, root = '/repo') => testFailures(output).map((f) => ({ name: relativeName(f.name, root), details: withRepositoryFrames(f.details, root) }));

/** The prompt as the pre-flight builds it. */
const promptFor = (output: string) => buildPrompt({ testCmd: 't', output, failures: failuresOf(output), files: [{ file: 'src/slug.mjs', content: 'x\n' }] });

const failureText = (prompt: string) => /<<<FAILURES\n([\s\S]*?)\nFAILURES>>>/.exec(prompt)?.[1] ?? '';

/** Each runner's failing test: its full name, and the expected and actual values as the runner prints them. */
const RUNNERS: Array<[string, string, string[]]> = [
  ['node-tap-nested', 'FAILING TEST: slugify > accents > drops accents', ["expected: 'creme-brulee'", "actual: 'crème-brûlée'", 'test/slug.test.mjs:8:14']],
  ['node-spec-nested', 'FAILING TEST: slugify > accents > drops accents', ["expected: 'creme-brulee'", "actual: 'crème-brûlée'", 'test/slug.test.mjs:8:14']],
  ['node-junit-nested', 'FAILING TEST: slugify > accents > drops accents', ["expected: 'creme-brulee'", "actual: 'crème-brûlée'", 'test/slug.test.mjs:8:14']],
  ['vitest-fail', 'FAILING TEST: test/slug.test.ts > slugify > accents > drops accents', ['Expected: "creme-brulee"', 'Received: "crème-brûlée"', 'test/slug.test.ts:7:39']],
  ['jest-fail', 'FAILING TEST: slugify > accents > drops accents', ['Expected: "creme-brulee"', 'Received: "crème-brûlée"', 'test/slug.test.js:6:39']],
  ['mocha-fail', 'FAILING TEST: slugify > accents > drops accents', ["+ 'crème-brûlée'", "- 'creme-brulee'", 'test/slug.test.mjs:7:14']],
  ['pytest-fail', 'FAILING TEST: test_slug.py::TestAccents::test_drops_accents', ["AssertionError: assert 'crème-brûlée' == 'creme-brulee'", 'test_slug.py:6: AssertionError']],
];

describe('the failure section, on real runner outputs', () => {
  it.each(RUNNERS)('%s: the failing test, its message, expected and actual, its frames in the repository', (name, heading, shows) => {
    const failures = failureText(promptFor(fixture(name)));
    expect(failures).toContain(heading);
    for (const text of shows) expect(failures).toContain(text);
    // Frames of the runtime and of node_modules are left out; the repository's paths are relative.
    expect(failures).not.toMatch(/node:internal|node_modules|\/repo\//);
  });

  it('node:test with nested subtests and 95 passing tests after the failure: the output\'s end alone shows no failing subtest', () => {
    const output = fixture('node-tap-nested');
    expect(output.slice(-OUTPUT_TAIL_CHARS)).not.toContain('drops accents');
    const prompt = promptFor(output);
    expect(failureText(prompt)).toContain('FAILING TEST: slugify > words > keeps digits');
    expect(failureText(prompt)).toMatch(/expected:\n {2}slug: 'ano-2024'\nactual:\n {2}slug: 'año-2024'/);
    // The parents that failed only because a subtest did are no failures of their own.
    expect(failureText(prompt)).not.toMatch(/FAILING TEST: slugify(?: > accents| > words)?\n/);
    // The budget holds both: the failures first, then the output's end in what is left.
    const section = failureSection(output, failuresOf(output), OUTPUT_TAIL_CHARS);
    expect(section.failures.length + 2 + section.tail.length).toBeLessThanOrEqual(OUTPUT_TAIL_CHARS + 2 * 2);
    expect(prompt).toContain(`The end of its output (last ${section.tail.length} characters):`);
    expect(prompt).toContain('# pass 96');
  });

  it('a run whose report cannot be read: its output\'s end, as before', () => {
    const prompt = promptFor(fixture('node-script-fails'));
    expect(prompt).not.toContain('<<<FAILURES');
    expect(prompt).toContain("slugify('Crème') should be 'creme', got 'crème'");
  });
});

describe('failureSection: the budget', () => {
  const failure = (name: string, lines: number) => ({ name, details: Array.from({ length: lines }, (_, i) => `line ${i} of ${name}`).join('\n') });
  it.each([
    ['no failure: the whole budget to the tail', [], 100, 0, 100],
    ['one short failure, the rest to the tail', [failure('a', 2)], 1000, 1, 1000],
    ['many long failures: each cut, the last ones named only', Array.from({ length: 12 }, (_, i) => failure(`t${i}`, 100)), 4000, 4, 4000],
  ])('%s', (_, failures, budget, inFull, max) => {
    const output = 'o'.repeat(10_000);
    const section = failureSection(output, failures, budget);
    expect((section.failures.match(/^FAILING TEST: /gm) ?? []).length).toBe(inFull);
    expect(section.failures.length + section.tail.length).toBeLessThanOrEqual(max);
    if (failures.length > inFull) expect(section.failures).toContain(`(and ${failures.length - inFull} more failing tests: t${inFull};`);
    if (failures.length === 0) expect(section.tail).toBe('o'.repeat(budget));
  });
});

describe('--prompt-only with the real runners', () => {
  const repos: TempRepo[] = [];
  function project(name: keyof typeof CASES): TempRepo {
    const c = CASES[name] as { files: Record<string, string>; link?: string[] };
    const r = makeTempRepo({ files: { '.gitignore': 'node_modules\n__pycache__/\n', ...c.files }, prefix: 'cf-prompt-' });
    repos.push(r);
    for (const runner of c.link ?? []) {
      mkdirSync(join(r.dir, 'node_modules'), { recursive: true });
      symlinkSync(runnerDir(runner), join(r.dir, 'node_modules', runner));
    }
    return r;
  }

  it.each(RUNNERS.filter(([name]) => name !== 'node-spec-nested'))('%s', async (name, heading, shows) => {
    const c = CASES[name as keyof typeof CASES] as { cmd: string; files: Record<string, string> };
    const r = project(name as keyof typeof CASES);
    try {
      const file = Object.keys(c.files).find((f) => !f.includes('test') && f !== 'package.json')!;
      const res = await runCli(BIN, ['--prompt-only', '--json', '--test-cmd', c.cmd, '--files', file], { cwd: r.dir, env: {} });
      expect(res.exitCode, res.stderr).toBe(0);
      const prompt = PromptOnlyOutputSchema.parse(JSON.parse(res.stdout)).prompts[0]!.prompt;
      expect(failureText(prompt)).toContain(heading);
      for (const text of shows) expect(failureText(prompt)).toContain(text);
      expect(r.status()).toBe('');
    } finally {
      r.cleanup();
    }
  });
});
