// The failure sections of Vitest's, Jest's, Mocha's and pytest's reports: each failing test (or test
// file that failed to load) with the runner's account of it. Pure.

import { dedent, type TestFailure } from './failure.js';

interface Block {
  name: string;
  lines: string[];
}

/** Splits `lines` into blocks at each head (`headName` returns its name), ending one at `ends`. */
function blocks(lines: readonly string[], headName: (line: string, i: number) => string | null, ends: (line: string) => boolean): Block[] {
  const found: Block[] = [];
  let current: Block | null = null;
  lines.forEach((line, i) => {
    const name = headName(line, i);
    if (name !== null) {
      current = { name, lines: [] };
      found.push(current);
    } else if (ends(line)) current = null;
    else current?.lines.push(line);
  });
  const seen = new Set<string>();
  return found.filter((b) => !seen.has(b.name) && seen.add(b.name));
}

const toFailures = (found: Block[]): TestFailure[] => found.map((b) => ({ name: b.name, details: dedent(b.lines) }));

/** Vitest: after `Failed Tests N` (or `Failed Suites N`), ` FAIL  file > suite > test` blocks, ended by a `⎯` rule. */
export function vitestFailures(output: string): TestFailure[] {
  const lines = output.split(/\r?\n/);
  const start = lines.findIndex((l) => /⎯ Failed (?:Tests|Suites) \d+ ⎯/.test(l));
  if (start < 0) return [];
  const head = (line: string) => /^\s*FAIL\s+(.+?)(?:\s+\[ .+ \])?\s*$/.exec(line)?.[1] ?? null;
  return toFailures(blocks(lines.slice(start + 1), head, (l) => /^\s*⎯{3,}/.test(l) || /^\s*Test Files\s/.test(l)));
}

/** Jest: `● suite › test` blocks; `● Test suite failed to run` under the file its `FAIL` line names. */
export function jestFailures(output: string): TestFailure[] {
  const lines = output.split(/\r?\n/);
  let file = '';
  const head = (line: string) => {
    const fail = /^FAIL (\S+)/.exec(line);
    if (fail) file = fail[1]!;
    const m = /^\s*● (.+?)\s*$/.exec(line);
    // Its other headings (`Console`, `Unrecognized CLI Parameter:`, `Validation Error:`) are no tests.
    if (!m || m[1] === 'Console' || m[1]!.endsWith(':')) return null;
    return m[1] === 'Test suite failed to run' ? file || m[1] : m[1]!.split(' › ').join(' > ');
  };
  return toFailures(blocks(lines, head, (l) => /^(?:PASS|FAIL) |^Test Suites:|^Summary of all failing tests/.test(l)));
}

/** Mocha: after `N failing`, `1) suite` / `test:` headings (one title a line, the last ending with a colon), then the error. */
export function mochaFailures(output: string): TestFailure[] {
  const lines = output.split(/\r?\n/);
  const start = lines.findIndex((l) => /^\s*\d+ failing\b/.test(l));
  if (start < 0) return [];
  const found: Block[] = [];
  let current: Block | null = null;
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^\s*\d+\) (.+?)\s*$/.exec(lines[i]!);
    if (!m) {
      current?.lines.push(lines[i]!);
      continue;
    }
    const parts = [m[1]!];
    while (!parts.at(-1)!.endsWith(':') && i + 1 < lines.length && lines[i + 1]!.trim() !== '') parts.push(lines[++i]!.trim());
    current = { name: parts.join(' > ').replace(/:$/, ''), lines: [] };
    found.push(current);
  }
  return toFailures(found);
}

/** pytest: the `FAILURES` / `ERRORS` sections' `____ title ____` blocks, named by the short summary's node ids. */
export function pytestFailures(output: string): TestFailure[] {
  const lines = output.split(/\r?\n/);
  const start = lines.findIndex((l) => /^=+ (?:FAILURES|ERRORS) =+$/.test(l));
  if (start < 0) return [];
  const ids = [...output.matchAll(/^(?:FAILED|ERROR) (\S+?)(?: - .*)?$/gm)].map((m) => m[1]!);
  const head = (line: string) => {
    const m = /^_{3,} (.+?) _{3,}$/.exec(line);
    if (!m) return null;
    const title = m[1]!;
    const collecting = /^ERROR collecting (.+)$/.exec(title);
    if (collecting) return collecting[1]!;
    const tail = title.split('.').join('::');
    return ids.find((id) => id === tail || id.endsWith(`::${tail}`)) ?? title;
  };
  return toFailures(blocks(lines.slice(start + 1), head, (l) => /^=+ .* =+$/.test(l)));
}
