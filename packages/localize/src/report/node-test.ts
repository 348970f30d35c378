// node:test's two reports: TAP (Node 20's default into a pipe) and the spec reporter (on a terminal,
// and Node 23's default everywhere). A suite or a test whose subtests failed is reported as failing
// too; only the failures of their own are kept, under their full names. Pure.

import { dedent, indentOf, type TestFailure } from './failure.js';

/** TAP keys that say nothing about the failure. */
const TAP_NOISE = /^(?:duration_ms|type|failureType|code|exitCode|signal):/;
const SUBTESTS_FAILED = /^\s*(?:error: )?'?\d+ subtests? failed'?\s*$/;

/** `# Subtest: name` opens a test; `not ok N - name` at the same indentation closes it, its YAML block after. */
export function tapFailures(output: string): TestFailure[] {
  const lines = output.split(/\r?\n/);
  const open: Array<{ indent: number; name: string }> = [];
  const failures: TestFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = indentOf(line);
    const subtest = /^\s*# Subtest: (.+)$/.exec(line);
    if (subtest) {
      while (open.length > 0 && open.at(-1)!.indent >= indent) open.pop();
      open.push({ indent, name: subtest[1]!.trim() });
      continue;
    }
    const result = /^\s*(not )?ok \d+ - (.+?)(?:\s+#\s*(?:SKIP|TODO)\b.*)?$/.exec(line);
    if (!result) continue;
    const parents = open.filter((o) => o.indent < indent).map((o) => o.name);
    while (open.length > 0 && open.at(-1)!.indent >= indent) open.pop();
    if (!result[1]) continue;
    const block: string[] = [];
    if (lines[i + 1]?.trim() === '---') {
      for (i += 2; i < lines.length && lines[i]!.trim() !== '...'; i++) block.push(lines[i]!);
    }
    if (block.some((l) => /^\s*failureType: 'subtestsFailed'/.test(l) || SUBTESTS_FAILED.test(l))) continue;
    failures.push({ name: [...parents, result[2]!.trim()].join(' > '), details: dedent(block.filter((l) => !TAP_NOISE.test(l.trim()))) });
  }
  return failures;
}

const SPEC_RESULT = /^(\s*)✖ (.+?)(?: \([\d.]+m?s\))?\s*$/;

/**
 * The spec reporter's `✖ failing tests:` section, one block a test (`test at file:line`, `✖ name`, the
 * error); the suites around it are read from the listing above, where `▶ suite` opens each.
 */
export function specFailures(output: string): TestFailure[] {
  const lines = output.split(/\r?\n/);
  const section = lines.findIndex((l) => /^✖ failing tests:\s*$/.test(l));
  if (section < 0) return [];
  const listing = lines.slice(0, section);
  const failures: TestFailure[] = [];
  let current: { name: string; lines: string[] } | null = null;
  const close = () => {
    if (current && !current.lines.some((l) => SUBTESTS_FAILED.test(l))) failures.push({ name: fullName(listing, current.name), details: dedent(current.lines) });
    current = null;
  };
  for (const line of lines.slice(section + 1)) {
    const head = /^✖ (.+?)(?: \([\d.]+m?s\))?\s*$/.exec(line);
    if (head) {
      close();
      current = { name: head[1]!, lines: [] };
    } else if (/^test at /.test(line)) close();
    else current?.lines.push(line);
  }
  close();
  return failures;
}

/** The test's name with the suites (`▶ name` lines, less indented, above its `✖` line) before it. */
function fullName(listing: readonly string[], name: string): string {
  const at = listing.findIndex((l) => SPEC_RESULT.exec(l)?.[2] === name);
  if (at < 0) return name;
  const names = [name];
  let indent = indentOf(listing[at]!);
  for (let i = at - 1; i >= 0 && indent > 0; i--) {
    const suite = /^(\s*)▶ (.+?)\s*$/.exec(listing[i]!);
    if (suite && suite[1]!.length < indent) {
      names.unshift(suite[2]!);
      indent = suite[1]!.length;
    }
  }
  return names.join(' > ');
}
