// A list of files a person gives on the command line (`--files a.js,lib/b.js`), read the same way by
// every tool that takes one: each entry judged by where it lands inside the repository, each refusal
// one line with a hint, and a file named twice (`a.js,a.js`, `a.js,./a.js`) kept once and said so.

import { statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { opError } from './outcome.js';
import { isInsideRoot } from './paths.js';

export interface ListedFile {
  /** Relative to the repository root, forward slashes. */
  file: string;
  /** Where it is on disk. */
  abs: string;
  /** The entries that named it, as given. */
  given: string[];
  stat: Stats;
}

export interface ListedFiles {
  /** Each file once, in the order first named. */
  files: ListedFile[];
  /** A note for each file named more than once, for stderr: `--files names a.js twice; it counts once`. */
  repeats: string[];
}

export interface ListedFilesOptions {
  /** The directory the entries are relative to. */
  cwd: string;
  /** The repository root no entry may leave. */
  root: string;
  /** The flag, as the messages name it. */
  flag?: string;
  /** What to do instead of naming a directory (the tool's own words). */
  directoryHint: string;
}

/**
 * Resolves each entry (relative to `cwd`) to a regular file inside `root`; an entry that leaves the
 * repository, does not exist, or is a directory or another kind of file is an OpError with a hint.
 */
export function resolveListedFiles(entries: readonly string[], opts: ListedFilesOptions): ListedFiles {
  const flag = opts.flag ?? '--files';
  const byFile = new Map<string, ListedFile>();
  for (const given of entries) {
    const where = isInsideRoot(opts.root, path.resolve(opts.cwd, given));
    if (!where.ok) {
      throw opError(`${flag} ${given} resolves outside the repository ${opts.root}${where.reason === 'symlink-escape' ? ' (through a symlink)' : ''}`, {
        hint: 'list only files inside the repository',
      });
    }
    const seen = byFile.get(where.rel);
    if (seen) {
      seen.given.push(given);
      continue;
    }
    byFile.set(where.rel, { file: where.rel, abs: where.abs, given: [given], stat: regularFile(flag, given, where.abs, opts.directoryHint) });
  }
  const files = [...byFile.values()];
  return { files, repeats: files.filter((f) => f.given.length > 1).map((f) => repeatNote(flag, f)) };
}

function regularFile(flag: string, given: string, abs: string, directoryHint: string): Stats {
  const stat = statSync(abs, { throwIfNoEntry: false });
  // A typo must stop the run before it does anything with a file that is not there.
  if (stat === undefined) {
    throw opError(`${flag} ${given} does not exist (looked for ${abs})`, { hint: `${flag} paths are relative to the current directory; list existing files` });
  }
  if (stat.isDirectory()) throw opError(`${flag} ${given} is a directory`, { hint: directoryHint });
  if (!stat.isFile()) throw opError(`${flag} ${given} is not a regular file`, { hint: `list regular files in ${flag}` });
  return stat;
}

function repeatNote(flag: string, { file, given }: ListedFile): string {
  const forms = [...new Set(given)];
  const times = given.length === 2 ? 'twice' : `${given.length} times`;
  return `${flag} names ${file} ${times}${forms.length > 1 || forms[0] !== file ? ` (as ${forms.join(', ')})` : ''}; it counts once`;
}
