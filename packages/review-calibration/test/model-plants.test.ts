import { readFileSync } from 'node:fs';
import { FAKE_KEYS, makeTempRepo, type TempRepo } from '@adlc/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { cli, MATH, parseJson, removedAfterTest, reviewer, scratch, sensibleJudge, useCleanRuns, useFakeProvider } from './helpers.js';

const FILES = `import { join } from 'node:path';

export function uploadPath(root, name) {
  if (name.includes('..')) {
    throw new Error('bad name');
  }
  return join(root, name);
}
`;

useCleanRuns();
const fake = useFakeProvider();
const env = () => fake.env();
let repo: TempRepo;
beforeEach(() => {
  const spaced = (text: string) => text.replaceAll(';\n', '; \n');
  repo = removedAfterTest(makeTempRepo({
    prefix: 'review-calibration-model-',
    files: { 'package.json': '{"type":"module"}\n', 'src/math.js': spaced(MATH), 'src/files.js': spaced(FILES), 'test/math.test.js': 'export const x = 1;\n' },
    commits: [{ message: 'tidy', files: { 'src/math.js': MATH, 'src/files.js': FILES } }],
  }));
});

const plant = (file: string, search: string, replace: string, category = 'logic-inversion', description = 'the check is wrong') => ({ file, search, replace, category, description });
const GOOD = [
  plant('src/math.js', '  if (value < low) {\n    return low;', '  if (value <= low) {\n    return high;', 'return-value', 'below the range it returns the high bound'),
  plant('src/math.js', 'value >= low && value <= high', 'value >= low || value <= high', 'logic-inversion', '&& became ||: every value counts as between'),
  plant('src/math.js', "user?.name ?? 'anonymous'", "user.name ?? 'anonymous'", 'null-handling', 'a missing user throws'),
  plant('src/files.js', "  if (name.includes('..')) {", "  if (name.startsWith('..')) {", 'security', 'path traversal: a name like\n  a/../../x passes the check'),
];
const HOSTILE = [
  plant('test/math.test.js', 'export const x = 1;', 'export const x = 2;'),
  plant('package.json', '"module"', '"commonjs"'),
  plant('../outside.js', 'a', 'b'),
  plant('src/math.js', '    return ', '    return -'),
  plant('src/math.js', 'x\n'.repeat(10_000), 'y\n'.repeat(10_000)),
  plant('src/math.js', '  return values.length - 1;', '  return   values.length  -  1;'),
  plant('src/math.js', '  return values.map((v) => v * factor);', '  return values.map((v) => v * factor;'),
  plant('src/math.js', '  return values.length - 1;\n}', '}'),
  plant('src/math.js', '    return high;', '    return low;'),
  plant('src/math.js', '  return values.length - 1;', '  return values.length;', 'style'),
];

/** The planter's answer for the plant prompt, the judge's verdicts for the rest. */
function script(answer: unknown, fenced = true) {
  fake.server.handle((req) => {
    if (req.prompt.includes('Plant up to')) return fenced ? `Here you are:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\`\n` : JSON.stringify(answer);
    return sensibleJudge(req);
  });
}

describe('--plant-source model', () => {
  it('keeps the checked plants (multi-line, security), discards each hostile one with its reason, and scores them like any plant', async () => {
    script({ plants: [...GOOD, ...HOSTILE] });
    const report = scratch('report.json');
    const result = await cli(repo, ['--review-cmd', reviewer('report', '99'), '--plant-source', 'model', '--plants', '12', '--json', '--report', report], { ...env(), ADLC_MODEL_MID: 'planter-mid' });
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = parseJson(result);
    // The mid tier wrote the plants; the judge is the cheap tier.
    expect(fake.server.requests.filter((r) => r.prompt.includes('Plant up to')).map((r) => r.model)).toEqual(['planter-mid']);
    expect(new Set(fake.server.requests.filter((r) => !r.prompt.includes('Plant up to')).map((r) => r.model))).not.toContain('planter-mid');
    // The description is one line, as a reviewer would state it.
    expect(doc.plants[0]!.description).toBe('path traversal: a name like a/../../x passes the check');
    expect(doc.plants.map((p) => [p.file, p.line, p.endLine ?? null, p.lines, p.category, p.source, p.status])).toEqual([
      ['src/files.js', 4, null, 1, 'security', 'model', 'caught'],
      ['src/math.js', 4, 5, 2, 'return-value', 'model', 'caught'],
      ['src/math.js', 14, null, 1, 'logic-inversion', 'model', 'caught'],
      ['src/math.js', 26, null, 1, 'null-handling', 'model', 'caught'],
    ]);
    expect(doc.plants[1]!.original).toBe('  if (value < low) {\n    return low;');
    expect(doc.perSource).toEqual({ model: { caught: 4, located: 4, total: 4, recall: 1 } });
    expect(doc.controls.oracle).toMatchObject({ caught: 4, ok: true });
    expect(doc.controls.echo).toMatchObject({ caught: 0, ok: true });
    expect(doc.modelPlants).toMatchObject({ tier: 'mid', proposed: 14, accepted: 4 });
    expect(doc.warnings).toContain('only 4 of the 12 requested plants fit (the model proposed 14, 10 of them discarded)');
    expect(doc.modelPlants!.discarded.map((d) => d.reason)).toEqual([
      'test/math.test.js is a test file',
      'package.json is not one of the target files',
      '../outside.js goes through ..',
      'the search text is found 2 times in the file, not once',
      'the edit spans 10000 lines (1 to 8 allowed)',
      'a no-op after whitespace normalisation',
      'the file no longer parses with the edit',
      "the edit turns 2 line(s) into 1; plants keep the number of lines, so that findings' lines are the file's",
      'within 6 lines of another plant',
      'unknown category "style"',
    ]);
    // The report has every model plant, the two-line one ending on its last changed line.
    const mutants = JSON.parse(readFileSync(report, 'utf8')).files['src/math.js'].mutants as Array<{ status: string; location: { start: { line: number }; end: { line: number } } }>;
    expect(mutants.map((m) => [m.status, m.location.start.line, m.location.end.line])).toEqual([
      ['Killed', 4, 5],
      ['Killed', 14, 14],
      ['Killed', 26, 26],
    ]);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.read('src/files.js')).toBe(FILES);
    expect(repo.status()).toBe('');
  });

  it('a model plant\'s witness is used as a plants file\'s: one that does not tell the plant apart excludes it as equivalent; --plant-tier picks the tier', async () => {
    const witness = (expr: string) => `node --input-type=module -e "import * as m from './src/math.js'; process.exit(${expr} ? 0 : 1)"`;
    script({
      plants: [
        { ...GOOD[1], witness: witness('m.isBetween(10, 0, 5) === false') },
        // clamp(0, 0, 5) is 0 with and without `user.name` (no user is involved): it tells nothing apart.
        { ...GOOD[2], witness: witness('m.clamp(0, 0, 5) === 0') },
        GOOD[3],
      ],
    });
    const args = ['--review-cmd', reviewer('report', '99', '--repro'), '--plant-source', 'model', '--plant-tier', 'frontier', '--scorer', 'repro', '--min-plants', '2', '--json'];
    const result = await cli(repo, args, { ...env(), ADLC_MODEL_FRONTIER: 'planter-frontier' });
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = parseJson(result);
    expect(doc.plants.map((p) => [p.file, p.line, p.status])).toEqual([
      ['src/files.js', 4, 'caught'],
      ['src/math.js', 14, 'caught'],
      ['src/math.js', 26, 'equivalent'],
    ]);
    expect(doc.plants[2]!.reason).toContain('witness passes with the plant applied too');
    expect(doc).toMatchObject({ equivalentExcluded: 1, total: 2, caught: 2, modelPlants: { tier: 'frontier' } });
    expect(fake.server.requests.map((r) => r.model)).toEqual(['planter-frontier']);
    expect(repo.status()).toBe('');
  });

  it('both: the model\'s plants first, the rules fill the rest 7 lines away from them; recall per source', async () => {
    script({ plants: [GOOD[1], GOOD[3]] }, false);
    const result = await cli(repo, ['--review-cmd', reviewer('report', '99', '--repro'), '--plant-source', 'both', '--plants', '6', '--scorer', 'repro', '--json', '--min-recall', '0'], env());
    expect(result.exitCode, result.stderr).toBe(0);
    // Off a TTY, the model's part of the run has its own progress line (plain, in a CI log).
    expect(result.stderr).toMatch(/^review-calibration: plants: asking the \w+ model for plants…$/m);
    const doc = parseJson(result);
    const model = doc.plants.filter((p) => p.source === 'model');
    const rules = doc.plants.filter((p) => p.source === 'rules');
    expect(model.map((p) => [p.file, p.line])).toEqual([['src/files.js', 4], ['src/math.js', 14]]);
    expect(rules.length).toBeGreaterThan(0);
    expect(doc.plants.length).toBeLessThanOrEqual(6);
    for (const r of rules) for (const m of model) if (r.file === m.file) expect(Math.abs(r.line - m.line)).toBeGreaterThanOrEqual(7);
    expect(Object.keys(doc.perSource!)).toEqual(['model', 'rules']);
    expect(doc.perSource!.model!.total).toBe(2);
    expect(fake.server.requests.filter((r) => r.prompt.includes('Plant up to 3 bugs'))).toHaveLength(1);
    expect(repo.status()).toBe('');
  });

  it('--test-cmd: a model plant the tests pass with, in a file they cover, is marked unverified and still scored', async () => {
    script({ plants: [GOOD[1], GOOD[2], GOOD[3]] });
    // These tests load src/math.js and check isBetween only: they tell the || plant apart, not the
    // null-handling one; src/files.js they do not load at all, so its plant is not theirs to verify.
    const tests = `node --input-type=module -e "import * as m from './src/math.js'; process.exit(m.isBetween(10, 0, 5) === false ? 0 : 1)"`;
    const args = ['--review-cmd', reviewer('report', '99', '--repro'), '--plant-source', 'model', '--scorer', 'repro', '--test-cmd', tests, '--json'];
    const result = await cli(repo, args, env());
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = parseJson(result);
    expect(doc.plants.map((p) => [p.file, p.line, p.unverified ?? false, p.status])).toEqual([
      ['src/files.js', 4, false, 'caught'],
      ['src/math.js', 14, false, 'caught'],
      ['src/math.js', 26, true, 'caught'],
    ]);
    expect(doc.total).toBe(3);
    expect(doc.warnings).toContain('--test-cmd does not cover src/files.js (its tests pass with the file replaced by text that is no code): its model plants are not checked');
    expect(repo.read('src/math.js')).toBe(MATH);
    const failing = await cli(repo, [...args.slice(0, -3), '--test-cmd', 'exit 1', '--json'], env());
    expect(parseJson(failing).plants.some((p) => p.unverified)).toBe(false);
    expect(failing.stderr).toContain('--test-cmd fails on the clean tree');
    expect(repo.status()).toBe('');
  });

  it('too few model plants pass their checks: exit 1, saying which failed and why', async () => {
    script({ plants: [GOOD[1], HOSTILE[0], HOSTILE[2]] });
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plant-source', 'model', '--scorer', 'repro'], env());
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('only 1 plant fits in this commit: widen it with --commit A..B or --files, or lower --min-plants (now 3)');
    expect(result.stderr).toContain("2 of the model's plants failed their checks (test/math.test.js: test/math.test.js is a test file; ../outside.js: ../outside.js goes through ..)");
    expect(repo.status()).toBe('');
  });

  it('an answer that is not the plants document twice is an operational error (exit 1), and so is no provider', async () => {
    fake.server.handle(() => 'I would change the comparison on line 4.');
    const bad = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plant-source', 'model', '--scorer', 'repro'], env());
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('not a valid {"plants": [...]} document twice');
    expect(fake.server.requests).toHaveLength(2);
    const both = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plant-source', 'model', '--plants-file', 'plants.json', '--scorer', 'repro'], env());
    expect(both.exitCode).toBe(1);
    expect(both.stderr).toContain('--plant-source model and --plants-file both say where the plants come from');
    const none = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plant-source', 'model', '--scorer', 'repro']);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toMatch(/^review-calibration: error: --plant-source model needs a model: no LLM provider configured/m);
    expect(none.stderr).toContain('--plant-source rules');
    expect(none.stderr).not.toContain('asking the');
    expect(none.stderr + none.stdout).not.toContain(FAKE_KEYS.ANTHROPIC_API_KEY);
    expect(repo.status()).toBe('');
  });
});
