// --files read as consensus-fix reads it (core's resolveListedFiles): a file named twice counts once
// and stderr says so; a directory, a missing file or a path outside the repository is exit 1 with a hint.

import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cli, MATH, parseJson, reviewer } from './helpers.js';

let repo: TempRepo;
beforeAll(assertBuilt);
afterEach(() => repo?.cleanup());

/** A repository whose last commit changes no source file, so --files is what gets the plants. */
function docsOnlyRepo(): TempRepo {
  repo = makeTempRepo({
    prefix: 'review-calibration-files-',
    files: { 'package.json': '{"type":"module"}\n', 'src/math.js': MATH },
    commits: [{ message: 'docs', files: { 'README.md': '# notes\n' } }],
  });
  return repo;
}

const RUN = ['--scorer', 'repro', '--plants', '3', '--min-recall', '0'];

describe('--files', () => {
  it('a file named twice, even spelled differently, counts once, and a warning says so', async () => {
    docsOnlyRepo();
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), ...RUN, '--files', 'src/math.js,./src/math.js,src/math.js', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const note = '--files names src/math.js 3 times (as src/math.js, ./src/math.js); it counts once';
    expect(result.stderr).toContain(note);
    const doc = parseJson(result);
    expect(doc.targets).toEqual({ source: 'files', files: ['src/math.js'] });
    expect(doc.warnings).toContain(note);
  });

  it.each([
    ['a directory', 'src', /^review-calibration: error: --files src is a directory$/m, /^review-calibration: list the source files in it that may take plants, comma-separated$/m],
    ['a missing file', 'src/nope.js', /^review-calibration: error: --files src\/nope\.js does not exist \(looked for .+\)$/m, /^review-calibration: --files paths are relative to the current directory; list existing files$/m],
    ['a path outside the repository', '../outside.js', /^review-calibration: error: --files \.\.\/outside\.js resolves outside the repository .+$/m, /^review-calibration: list only files inside the repository$/m],
  ])('%s is exit 1 with a hint line', async (_what, entry, message, hint) => {
    docsOnlyRepo();
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), ...RUN, '--files', entry]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(hint);
  });
});
