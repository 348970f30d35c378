// The failing command's own passing tests as Ochiai's passing side, when no --rails are given. The
// pre-flight ran the failing tests and the passing ones in the same processes, so its coverage alone
// cannot tell which lines only the failing test reached. Running the tests that passed once more, by
// themselves, can: a line the pre-flight ran but that run did not is a line only the failing tests
// reached, which is spectrum-based fault localization's strongest evidence. Pure: the names come from
// the pre-flight's output, the command is the test command narrowed to them (node --test), or to every
// test but the failing ones (Vitest, Jest and Mocha, whose reports name the failing tests by their full
// names; pytest, whose failing tests are deselected by their node ids). The same narrowing, the other
// way round, runs the failing tests alone (failingTestsCommand, for the prototype-write probe).

import { shellQuote } from '@adlc/core';
import { parsePytestCommand } from '../coverage/python.js';

/** Beyond this, a pattern of names is no longer a sensible command line: longer lists go in batches. */
const MAX_NAMES = 200;
const MAX_PATTERN_CHARS = 8000;
/** At most this many batches of passing tests run (the first ones: a part of the passing tests is still a passing side). */
const MAX_BATCHES = 10;

/** The tests the run reports as passed (TAP `ok`, node's spec reporter `✔`), skipped and todo ones aside. */
export function passingTestNames(output: string): string[] {
  const names: string[] = [];
  for (const m of output.matchAll(/^\s*ok \d+ - (.+?)(\s+#\s*(?:SKIP|TODO)\b.*)?$/gim)) if (!m[2]) names.push(m[1]!.trim());
  for (const m of output.matchAll(/^\s*✔\s+(.+?)(?:\s+\([\d.]+m?s\))?$/gm)) names.push(m[1]!.trim());
  return [...new Set(names)];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `node [options] --test`: options as `--flag` or `--flag=value`, and those that take their value as the
 * next word (`--import tsx`, `-r ts-node/register`, `--loader x`, `--conditions x`, `--env-file x`). A
 * bare word elsewhere is a script, whose own `--test` node never sees.
 */
const NODE_TEST = /(^|\s)node(?:\s+(?:(?:--import|--require|-r|--loader|--experimental-loader|--conditions|-C|--env-file)\s+\S+|--?[\w-]+(?:=\S+)?))*?\s+--test(?=\s|$)/;

/**
 * The test command narrowed to the named tests, in batches when they are many (each within MAX_NAMES
 * names and MAX_PATTERN_CHARS characters, at most MAX_BATCHES), or none when it is not a runner we
 * know how to narrow (`node --test`, whose --test-name-pattern must stand before the files) or no
 * test passed. A failing test's name is left out (the narrowed run would run it again).
 */
export function passingCommands(command: string, passed: readonly string[], failed: readonly string[]): string[] {
  if (!NODE_TEST.test(command)) return [];
  return batches(passed.filter((name) => !failed.includes(name)))
    .slice(0, MAX_BATCHES)
    .flatMap((names) => nodeTestNamed(command, names) ?? []);
}

/** The first batch of passingCommands, or null (kept for callers that want one command). */
export function passingCommand(command: string, passed: readonly string[], failed: readonly string[]): string | null {
  return passingCommands(command, passed, failed)[0] ?? null;
}

const namePattern = (names: readonly string[]) => `^(?:${names.map(escapeRegExp).join('|')})$`;

/** Names in consecutive batches whose patterns stay within MAX_NAMES names and MAX_PATTERN_CHARS characters; a name too long alone is left out. */
export function batches(names: readonly string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  for (const name of names) {
    if (namePattern([name]).length > MAX_PATTERN_CHARS) continue;
    if (current.length > 0 && (current.length >= MAX_NAMES || namePattern([...current, name]).length > MAX_PATTERN_CHARS)) {
      out.push(current);
      current = [];
    }
    current.push(name);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** `node --test` narrowed to exactly these test names, or null (see passingCommands). */
function nodeTestNamed(command: string, names: readonly string[]): string | null {
  if (names.length === 0 || names.length > MAX_NAMES) return null;
  const pattern = namePattern(names);
  if (pattern.length > MAX_PATTERN_CHARS) return null;
  const at = NODE_TEST.exec(command);
  if (!at) return null;
  const end = at.index + at[0].length;
  return `${command.slice(0, end)} --test-name-pattern=${shellQuote(pattern)}${command.slice(end)}`;
}

/**
 * The failing tests' full names in Vitest's report (`FAIL  test/a.test.ts > parser > reads a tag`, with the
 * project's name before the file in a workspace): the
 * suites and the test joined by spaces, which is what its --testNamePattern is matched against.
 */
export function vitestFailingNames(output: string): string[] {
  // The file (after a workspace's project name, if any) ends at the first ' > '.
  return unique([...output.matchAll(/^\s*FAIL\s+.+? > (.+?)\s*$/gm)].map((m) => m[1]!.split(' > ').join(' ')));
}

/** Jest's headings that are not a failing test. */
const JEST_NOT_A_TEST = new Set(['Console', 'Test suite failed to run']);

/** The same from Jest's report (`● parser › reads a tag`). */
export function jestFailingNames(output: string): string[] {
  const names = [...output.matchAll(/^\s*● (.+?)\s*$/gm)].map((m) => m[1]!).filter((name) => !JEST_NOT_A_TEST.has(name));
  return unique(names.map((name) => name.split(' › ').join(' ')));
}

const unique = (names: string[]) => [...new Set(names)];

/**
 * The same from Mocha's failure details, whose title spreads over lines, one suite a line, the test's
 * name ending with a colon (`  1) cart` / `       coupons` / `         takes 20 percent off:`). The
 * numbered lines of its progress list stand alone and are not taken.
 */
export function mochaFailingNames(output: string): string[] {
  const lines = output.split(/\r?\n/);
  const names: string[] = [];
  lines.forEach((line, i) => {
    const head = /^\s*\d+\) (.+?)\s*$/.exec(line);
    if (!head) return;
    const parts = [head[1]!];
    for (let next = i + 1; !parts.at(-1)!.endsWith(':'); next++) {
      const text = lines[next]?.trim() ?? '';
      if (text === '' || /^\d+\) /.test(text) || /^[✔✓]/.test(text)) return;
      parts.push(text);
    }
    names.push(parts.join(' ').slice(0, -1));
  });
  return unique(names);
}

/**
 * Runners that filter tests by a regular expression matched against a test's full name, and that name
 * every failing test in their report: the program as the command names it, the flag, the names, and
 * whether the summary says some test passed (when none did, the narrowed run would run nothing).
 */
const NAME_PATTERN_RUNNERS: ReadonlyArray<{ program: RegExp; flag: string; failing: (output: string) => string[]; somePassed: RegExp }> = [
  // `Tests  1 failed | 7 passed (8)`
  { program: /(?:^|[\s/])vitest(?:\.mjs)?(?=\s|$)/, flag: '--testNamePattern', failing: vitestFailingNames, somePassed: /^\s*Tests\s.*\b[1-9]\d* passed\b/m },
  // `Tests:       1 failed, 2 passed, 3 total`
  { program: /(?:^|[\s/])jest(?:\.js)?(?=\s|$)/, flag: '--testNamePattern', failing: jestFailingNames, somePassed: /^\s*Tests:\s.*\b[1-9]\d* passed\b/m },
  // `  2 passing (5ms)`
  { program: /(?:^|[\s/])_?mocha(?:\.js)?(?=\s|$)/, flag: '--grep', failing: mochaFailingNames, somePassed: /^\s*[1-9]\d* passing\b/m },
];
/** `<steps> && <command>`: the steps before the last `&&`, and the last command. */
const CHAINED = /^([\s\S]*&&\s*)([^&]+)$/;
/** Shell syntax after which an appended flag would go to another command, or into a file. */
const COMPOUND = /[;&|<>`\n]|\$\(/;
/** A command that already picks its tests by name. */
const NAME_FILTER = /(?:^|\s)(?:-t|-g|-f|--testNamePattern|--test-name-pattern|--grep|--fgrep|--invert)(?:[\s=]|$)/;

/** Which tests a narrowed command runs: those that passed (the passing side), or the failing ones. */
type Side = 'passing' | 'failing';

/**
 * A Vitest, Jest or Mocha command narrowed to every test but the failing ones (a pattern that matches
 * any full name except theirs), or null when it is not a plain command of theirs, it filters by name
 * already, no test passed, or no failing test is named. `side: 'failing'` narrows it to the failing
 * ones instead (then whether some test passed does not matter).
 */
export function namePatternCommand(whole: string, output: string, side: Side = 'passing'): string | null {
  // A build step before the runner (`npm run build && vitest run`): the runner is the last command.
  const chained = CHAINED.exec(whole);
  const prefix = chained ? chained[1]! : '';
  const command = chained ? chained[2]! : whole;
  const runner = NAME_PATTERN_RUNNERS.find((r) => r.program.test(command));
  if (!runner || COMPOUND.test(command) || NAME_FILTER.test(command)) return null;
  if (side === 'passing' && !runner.somePassed.test(output)) return null;
  const failed = runner.failing(output);
  if (failed.length === 0 || failed.length > MAX_NAMES) return null;
  const names = failed.map(escapeRegExp).join('|');
  const pattern = side === 'passing' ? `^(?!(?:${names})$)` : `^(?:${names})$`;
  if (pattern.length > MAX_PATTERN_CHARS) return null;
  return `${prefix}${command} ${runner.flag}=${shellQuote(pattern)}`;
}

/** The failing tests' node ids in pytest's short summary (`FAILED tests/test_a.py::test_b - assert ...`). */
export function pytestFailingIds(output: string): string[] {
  return unique([...output.matchAll(/^(?:FAILED|ERROR) (\S+?::.+?)(?: - .*)?$/gm)].map((m) => m[1]!.trim()));
}

/**
 * A plain pytest command with its failing tests deselected (`--deselect <node id>`), or null when it
 * is not one, no test passed (`1 failed, 2 passed in 0.05s`), or no failing test is named.
 */
export function pytestPassingCommand(command: string, output: string): string | null {
  if (!parsePytestCommand(command) || !/\b[1-9]\d* passed\b.* in [\d.]+s\b/m.test(output)) return null;
  const failed = pytestFailingIds(output);
  if (failed.length === 0 || failed.length > MAX_NAMES) return null;
  return `${command} ${failed.map((id) => `--deselect ${shellQuote(id)}`).join(' ')}`;
}

/** `npm test`, `npm run <script>`, `pnpm test`, `pnpm run <script>`, `yarn test`, `yarn <script>`: the script's name. */
const PACKAGE_SCRIPT = /^\s*(npm|pnpm|yarn)\s+(?:(?:run|run-script)\s+([\w:.-]+)|(test|t))\s*$|^\s*yarn\s+([\w:.-]+)\s*$/;

/**
 * A package script run by its package manager, narrowed through the script: when the script is a plain
 * Vitest, Jest or Mocha command, the same pattern goes after `--` (npm and pnpm hand what follows to
 * the script; yarn takes it as it is). Null for any other command or script.
 */
export function scriptCommand(whole: string, output: string, scripts: Readonly<Record<string, string>>, side: Side = 'passing'): string | null {
  // `npm run build && npm test`: the script is the last command.
  const chained = CHAINED.exec(whole);
  const prefix = chained ? chained[1]! : '';
  const command = chained ? chained[2]! : whole;
  const m = PACKAGE_SCRIPT.exec(command);
  if (!m) return null;
  const manager = m[4] !== undefined ? 'yarn' : m[1]!;
  const name = m[2] ?? m[4] ?? 'test';
  const script = scripts[name];
  if (typeof script !== 'string') return null;
  const narrowed = namePatternCommand(script, output, side);
  if (narrowed === null || !narrowed.startsWith(`${script} `)) return null;
  return `${prefix}${command.trim()} ${manager === 'yarn' ? '' : '-- '}${narrowed.slice(script.length + 1)}`;
}

/**
 * The commands that run the test command's passing tests by themselves (several for a long list of
 * `node --test` names), or none when none is known. `scripts`: the package.json scripts where the
 * command runs (for `npm test` and the like).
 */
export function passingTestsCommands(command: string, output: string, failed: readonly string[], scripts: Readonly<Record<string, string>> = {}): string[] {
  const named = passingCommands(command, passingTestNames(output), failed);
  if (named.length > 0) return named;
  const one = namePatternCommand(command, output) ?? pytestPassingCommand(command, output) ?? scriptCommand(command, output, scripts);
  return one === null ? [] : [one];
}

/** The first of passingTestsCommands, or null. */
export function passingTestsCommand(command: string, output: string, failed: readonly string[], scripts: Readonly<Record<string, string>> = {}): string | null {
  return passingTestsCommands(command, output, failed, scripts)[0] ?? null;
}

/**
 * The command that runs only the test command's failing tests (for the prototype-write probe, which
 * needs them alone), or null when none is known: `node --test` narrowed to the failing names, a
 * Vitest, Jest or Mocha command (or a package script that is one) to its failing tests' full names.
 */
export function failingTestsCommand(command: string, output: string, failed: readonly string[], scripts: Readonly<Record<string, string>> = {}): string | null {
  return nodeTestNamed(command, failed) ?? namePatternCommand(command, output, 'failing') ?? scriptCommand(command, output, scripts, 'failing');
}
