// --out and --sarif are files the run writes whole. Before any model is called, a path that would
// replace something other than an earlier report is refused: a directory, a file git tracks (a
// mistyped `--sarif package.json` would lose the user's file), or the other flag's file.

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { opError, runGit } from '@adlc/core';

export async function checkOutputPaths(outputs: { out?: string | undefined; sarif?: string | undefined }, cwd: string): Promise<void> {
  const named = (
    [
      ['--out', outputs.out],
      ['--sarif', outputs.sarif],
    ] as const
  ).filter((entry): entry is readonly ['--out' | '--sarif', string] => entry[1] !== undefined);
  for (const [flag, file] of named) {
    const target = path.resolve(cwd, file);
    const info = await stat(target).catch(() => null);
    if (info?.isDirectory()) throw opError(`${flag} ${file} is a directory`, { hint: `give ${flag} a file path` });
    if (info?.isFile() && (await isTracked(target))) {
      throw opError(`${flag} ${file} is a file git tracks: the report would replace it`, {
        hint: `write it outside the repository or to an untracked path (the default is a new file in the temp dir)`,
      });
    }
  }
  const { out, sarif } = outputs;
  if (out !== undefined && sarif !== undefined && path.resolve(cwd, out) === path.resolve(cwd, sarif)) {
    throw opError(`--out and --sarif name the same file (${out}): the SARIF would replace the report`, { hint: 'give each its own path' });
  }
}

/** True when the file is in the index of the repository it lives in; false outside any repository. */
async function isTracked(file: string): Promise<boolean> {
  try {
    const listed = await runGit(['ls-files', '--', path.basename(file)], { cwd: path.dirname(file) });
    return listed.trim() !== '';
  } catch {
    return false;
  }
}
