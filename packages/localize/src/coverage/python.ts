// coverage.py for pytest commands: `pytest ARGS` runs as `python -m coverage run -m pytest ARGS`
// (same exit code, same tests), and its executed lines become FileLines; which lines are inside a
// called function is read from the indentation of `def` blocks. Only used when coverage is importable
// by the interpreter that runs pytest; otherwise the other signals localize alone.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { shellQuote } from '@adlc/core';
import { shellWords } from '../signals/command-files.js';
import { insideRoot } from '../repo-files.js';
import type { Execution, FileLines } from '../rank/spectrum.js';

export interface PytestCommand {
  /** The interpreter to run coverage with (`python3`, or the one a `python3.11 -m pytest` names). */
  python: string;
  /** The words after `pytest` (or `-m pytest`). */
  args: string[];
  /** `FOO=1` assignments before the command. */
  assignments: string[];
}

/** A plain pytest invocation (no `&&`, pipes or redirections), or null. */
export function parsePytestCommand(command: string): PytestCommand | null {
  if (/[;&|<>`$()]/.test(command.replace(/'[^']*'|"[^"]*"/g, ''))) return null;
  const words = shellWords(command);
  let i = 0;
  while (i < words.length && /^[A-Za-z_]\w*=/.test(words[i]!)) i++;
  const assignments = words.slice(0, i);
  const first = words[i];
  if (first === 'pytest' || first === 'py.test') return { python: 'python3', args: words.slice(i + 1), assignments };
  if (first !== undefined && /^(?:.*\/)?python(?:3(?:\.\d+)?)?$/.test(first) && words[i + 1] === '-m' && words[i + 2] === 'pytest') {
    return { python: first, args: words.slice(i + 3), assignments };
  }
  return null;
}

/** The same tests under coverage of the repository's code only (`source`), writing their data to `dataFile`. */
export function withPythonCoverage(parsed: PytestCommand, dataFile: string, source: string): string {
  const words = [...parsed.assignments, parsed.python, '-m', 'coverage', 'run', `--data-file=${dataFile}`, `--source=${source}`, '-m', 'pytest', ...parsed.args];
  return words.map((w, i) => (i < parsed.assignments.length ? w : shellQuote(w))).join(' ');
}

/** For each line, the innermost `def` whose body holds it (its line and name); module-level lines map to nothing. */
export function pythonFunctionsOf(source: string): Map<number, { line: number; name: string }> {
  const owner = new Map<number, { line: number; name: string }>();
  const open: Array<{ indent: number; line: number; name: string }> = [];
  let inString = false;
  source.split('\n').forEach((text, index) => {
    // Inside a triple-quoted string (a docstring at column 0), indentation means nothing.
    const quotes = (text.match(/"""|'''/g) ?? []).length;
    const continuing = inString;
    if (quotes % 2 === 1) inString = !inString;
    if (continuing) {
      const inner = open[open.length - 1];
      if (inner) owner.set(index + 1, { line: inner.line, name: inner.name });
      return;
    }
    if (text.trim() === '' || text.trimStart().startsWith('#')) return;
    const indent = text.length - text.trimStart().length;
    while (open.length > 0 && indent <= open[open.length - 1]!.indent) open.pop();
    const inner = open[open.length - 1];
    if (inner) owner.set(index + 1, { line: inner.line, name: inner.name });
    const def = /^\s*(?:async\s+)?def\s+(\w+)/.exec(text);
    if (def) open.push({ indent, line: index + 1, name: def[1]! });
  });
  return owner;
}

/** coverage.py's executed lines of one file as FileLines. */
export function pythonFileLines(source: string, executed: readonly number[]): FileLines {
  const owners = pythonFunctionsOf(source);
  const lines: FileLines = { executed: new Set(executed), called: new Map(), functionNames: new Map() };
  for (const line of executed) {
    const owner = owners.get(line);
    if (!owner) continue;
    lines.called.set(line, owner.line);
    lines.functionNames.set(owner.line, owner.name);
  }
  return lines;
}

/** `coverage json`'s report (files relative to `cwd`) as one Execution; files outside `root` dropped. */
export function readPythonReport(reportFile: string, cwd: string, root: string, accept: (file: string) => boolean): Execution {
  const execution: Execution = new Map();
  let doc: { files?: Record<string, { executed_lines?: number[] }> };
  try {
    doc = JSON.parse(readFileSync(reportFile, 'utf8')) as typeof doc;
  } catch {
    return execution;
  }
  for (const [name, data] of Object.entries(doc.files ?? {})) {
    const abs = path.resolve(cwd, name);
    const rel = insideRoot(abs, root);
    if (rel === null || !accept(rel)) continue;
    let source: string;
    try {
      source = readFileSync(abs, 'utf8');
    } catch {
      continue;
    }
    execution.set(rel, pythonFileLines(source, data.executed_lines ?? []));
  }
  return execution;
}
