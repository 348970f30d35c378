// What the models are shown: for every case, the `replace` prompt consensus-fix would send without
// --files (`--prompt-only --json --edit-format replace`), against the lines the upstream release
// changed in the expected files. A model can only write a search text for lines it was shown.
//   node bench/localize/spans.mjs [--cases a,b] [--json] [--cli path/to/consensus-fix.js]
// Exit 0 once every case was measured, 1 when the benchmark could not run.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cliPath, onlyCases, runIfMain } from './cli.mjs';
import { loadCases, materialize } from './prepare.mjs';
const CLI_TIMEOUT_MS = 600_000;

// Pure: the lines of the old file a `git diff -U0` changed; an insertion counts as the line it follows.
export function changedLines(diff) {
  const lines = new Set();
  for (const m of diff.matchAll(/^@@ -(\d+)(?:,(\d+))? \+/gm)) {
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    if (count === 0) lines.add(Math.max(start, 1));
    for (let l = start; l < start + count; l += 1) lines.add(l);
  }
  return [...lines].sort((a, b) => a - b);
}

// Pure: what the prompt shows of `file`: null when it is not in the prompt, else its line count and
// the ranges shown (the whole file when it is not sliced).
export function shownRanges(prompt, file) {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const whole = new RegExp(`^=== FILE: ${escaped} ===$`, 'm').exec(prompt);
  const counted = new RegExp(`^=== FILE: ${escaped} \\((\\d+) lines(?:; showing ([^)]*))?\\) ===$`, 'm').exec(prompt);
  if (!counted && !whole) return null;
  if (!counted) return { lines: null, ranges: null };
  const lines = Number(counted[1]);
  const ranges = counted[2] ? counted[2].split(', ').map((r) => r.split('-').map(Number)) : [[1, lines]];
  return { lines, ranges };
}

const inside = (line, ranges) => ranges === null || ranges.some(([a, b]) => line >= a && line <= b);
const sizeOf = (ranges, lines) => (ranges === null ? lines : ranges.reduce((sum, [a, b]) => sum + b - a + 1, 0));

function parseFlags(argv) {
  return { only: onlyCases(argv), json: argv.includes('--json'), cli: cliPath(argv) };
}

function measureCase(c, cli) {
  const buggy = materialize(c, 'buggy');
  const fixed = materialize(c, 'fixed');
  try {
    const r = spawnSync(process.execPath, [cli, '--prompt-only', '--json', '--edit-format', 'replace', '--test-cmd', buggy.testCmd], {
      cwd: buggy.dir,
      encoding: 'utf8',
      timeout: CLI_TIMEOUT_MS,
    });
    if (r.status !== 0) return { id: c.id, error: `exit ${r.status ?? r.signal}: ${(r.stderr ?? '').trim().split('\n').at(-1)}` };
    const prompt = JSON.parse(r.stdout).prompts[0].prompt;
    const promptFiles = [...prompt.matchAll(/^=== FILE: (\S+)(?: \((\d+) lines(?:; showing ([^)]*))?\))? ===$/gm)].map((m) => m[1]);
    const shownLines = promptFiles.reduce((sum, f) => {
      const s = shownRanges(prompt, f);
      return sum + (s?.lines ? sizeOf(s.ranges, s.lines) : 0);
    }, 0);
    const expected = c.expected.map((file) => {
      const diff = spawnSync('git', ['diff', '--no-index', '-U0', '--', join(buggy.dir, file), join(fixed.dir, file)], { encoding: 'utf8' }).stdout;
      const changed = changedLines(diff);
      const shown = shownRanges(prompt, file);
      if (shown === null) return { file, inPrompt: false, changed: changed.length, changedShown: 0 };
      return { file, inPrompt: true, lines: shown.lines, shownLines: sizeOf(shown.ranges, shown.lines), changed: changed.length, changedShown: changed.filter((l) => inside(l, shown.ranges)).length };
    });
    return { id: c.id, promptFiles, shownLines, expected };
  } finally {
    for (const d of [buggy.dir, fixed.dir]) rmSync(d, { recursive: true, force: true });
  }
}

function main(argv) {
  const flags = parseFlags(argv);
  const results = loadCases(flags.only).map((c) => {
    if (!flags.json) process.stderr.write(`  ${c.id}\n`);
    return measureCase(c, flags.cli);
  });
  const measured = results.filter((r) => !r.error);
  const inPrompt = measured.filter((r) => r.expected.some((e) => e.inPrompt));
  const allShown = inPrompt.filter((r) => r.expected.filter((e) => e.inPrompt).every((e) => e.changedShown === e.changed));
  const someShown = inPrompt.filter((r) => r.expected.some((e) => e.changedShown > 0));
  const summary = { cases: results.length, errors: results.length - measured.length, expectedInPrompt: inPrompt.length, everyChangedLineShown: allShown.length, someChangedLineShown: someShown.length };
  if (flags.json) {
    console.log(JSON.stringify({ results, summary }, null, 2));
  } else {
    for (const r of results) {
      if (r.error) {
        console.log(`${r.id.padEnd(20)} error: ${r.error}`);
        continue;
      }
      const parts = r.expected.map((e) => (e.inPrompt ? `${e.file} ${e.shownLines}/${e.lines} lines shown, ${e.changedShown}/${e.changed} changed lines` : `${e.file} not in the prompt`));
      console.log(`${r.id.padEnd(20)} ${parts.join('; ')}; prompt shows ${r.shownLines} lines of ${r.promptFiles.length} files`);
    }
    console.log(
      `expected file in the prompt: ${summary.expectedInPrompt}/${summary.cases}; of those, every changed line shown: ${summary.everyChangedLineShown}, some: ${summary.someChangedLineShown}${summary.errors ? `; ${summary.errors} error(s)` : ''}`,
    );
  }
  return summary.errors === 0 ? 0 : 1;
}

runIfMain(import.meta.url, 'spans', main);
