// The files a test command names itself (`node --test test/a.test.js`, `pytest tests/test_x.py::t`,
// `node repro.mjs`): they are the test, so never candidates, and they are where the import graph
// starts. Pure: the caller says which paths exist.

import path from 'node:path';

/** Flags whose value is a module loaded around the test (a hook, a config), not the test itself. */
const VALUE_FLAGS = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '-c', '--config', '--rootdir', '-p', '--cov', '--env-file']);

/** Words of a shell command, quotes removed; `&&`, `||`, `;` and `|` become their own words. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(&&|\|\||[;|])|([^\s'";|&]+|&)/g;
  let current: string | null = null;
  let last = 0;
  for (let m = re.exec(command); m !== null; m = re.exec(command)) {
    const separated = /\s/.test(command.slice(last, m.index));
    last = re.lastIndex;
    if (m[3] !== undefined) {
      if (current !== null) words.push(current);
      words.push(m[3]);
      current = null;
      continue;
    }
    const piece = m[1] ?? (m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[4]!);
    // Pieces not separated by whitespace are one word: a'b'"c" is abc.
    if (current !== null && separated) {
      words.push(current);
      current = null;
    }
    current = (current ?? '') + piece;
  }
  if (current !== null) words.push(current);
  return words;
}

/** A shell glob (`*`, `**`, `?`) as an anchored regular expression over forward-slash paths. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export interface CommandFilesInput {
  command: string;
  /** Absolute: where the command runs, and the repository root. */
  cwd: string;
  root: string;
  /** Repository-relative paths of the files that exist (tracked files, or a scan). */
  files: ReadonlySet<string>;
}

/** Repository-relative files the command names (globs expanded against `files`), in order. */
export function commandFiles({ command, cwd, root, files }: CommandFilesInput): string[] {
  const found: string[] = [];
  const words = shellWords(command);
  words.forEach((word, i) => {
    if (VALUE_FLAGS.has(words[i - 1] ?? '') || word.startsWith('-') || /^\w+=/.test(word)) return;
    // pytest's node ids: tests/test_x.py::TestY::test_z
    const given = word.replace(/::.*$/, '');
    const rel = path.relative(root, path.resolve(cwd, given)).split(path.sep).join('/');
    if (rel.startsWith('../') || rel === '..' || path.isAbsolute(rel)) return;
    if (/[*?]/.test(rel)) {
      const re = globToRegExp(rel);
      for (const file of files) if (re.test(file)) found.push(file);
    } else if (files.has(rel)) found.push(rel);
  });
  return [...new Set(found)];
}
