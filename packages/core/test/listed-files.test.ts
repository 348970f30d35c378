// resolveListedFiles, the --files reading of consensus-fix and review-calibration, on a real directory.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OpError } from '../src/errors.js';
import { resolveListedFiles } from '../src/listed-files.js';

const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'adlc-listed-')));
const root = path.join(base, 'repo');
mkdirSync(path.join(root, 'lib'), { recursive: true });
writeFileSync(path.join(root, 'index.js'), 'module.exports = 1;\n');
writeFileSync(path.join(root, 'lib', 'a.js'), 'module.exports = 2;\n');
writeFileSync(path.join(base, 'outside.js'), 'secret\n');
symlinkSync(path.join(base, 'outside.js'), path.join(root, 'escape.js'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const opts = { cwd: root, root, directoryHint: 'list the files in it' };

/** The refusal of `entries`: its message and hint. */
function refusal(entries: string[], cwd = root): { message: string; hint: string | undefined } {
  try {
    resolveListedFiles(entries, { ...opts, cwd });
  } catch (error) {
    if (!OpError.isInstance(error)) throw error;
    return { message: error.message, hint: error.hint };
  }
  throw new Error(`${entries.join(',')} was accepted`);
}

describe('resolveListedFiles', () => {
  it('keeps each file once, in the order first named, with a note for each one named again', () => {
    const listed = resolveListedFiles(['index.js', 'lib/a.js', './index.js', 'lib/../index.js', 'lib/a.js'], opts);
    expect(listed.files.map((f) => f.file)).toEqual(['index.js', 'lib/a.js']);
    expect(listed.files[0]!.given).toEqual(['index.js', './index.js', 'lib/../index.js']);
    expect(listed.repeats).toEqual([
      '--files names index.js 3 times (as index.js, ./index.js, lib/../index.js); it counts once',
      '--files names lib/a.js twice; it counts once',
    ]);
  });

  it('reads entries relative to cwd, and names the flag it is given', () => {
    const listed = resolveListedFiles(['a.js', 'a.js'], { ...opts, cwd: path.join(root, 'lib'), flag: '--only' });
    expect(listed.files.map((f) => [f.file, f.abs])).toEqual([['lib/a.js', path.join(root, 'lib', 'a.js')]]);
    expect(listed.repeats).toEqual(['--only names lib/a.js twice (as a.js); it counts once']);
  });

  it.each([
    ['a directory', ['lib'], '--files lib is a directory', 'list the files in it'],
    ['a directory with a slash', ['index.js', 'lib/'], '--files lib/ is a directory', 'list the files in it'],
    ['a missing file', ['nope.js'], `--files nope.js does not exist (looked for ${path.join(root, 'nope.js')})`, '--files paths are relative to the current directory; list existing files'],
    ['a path that climbs out', ['../outside.js'], `--files ../outside.js resolves outside the repository ${root}`, 'list only files inside the repository'],
    ['a symlink that leads out', ['escape.js'], `--files escape.js resolves outside the repository ${root} (through a symlink)`, 'list only files inside the repository'],
  ])('%s is refused with a hint', (_what, entries, message, hint) => {
    expect(refusal(entries)).toEqual({ message, hint });
  });
});
