// Whether a failing run of the test command is a test failure: the command ran, and some test failed.
// A command that could not start, a runner that refused its options, found no test or crashed before
// any, failed too, but there is nothing there a fix of the code could make pass. The rule is about the
// command, not the kind of bug: a test that throws a TypeError, or imports a module that throws, is a
// failing test. Where the evidence is unclear the run counts as a test failure. Pure.

import { parseTraces } from '../signals/frames.js';
import { withoutAnsi } from '../without-ansi.js';
import { inRepository, reportedFailures, relativeName } from './failures.js';

export type TestRun =
  | { kind: 'tests-failed'; /** From the runner's report; empty when it cannot be read. */ failingTests: string[] }
  | { kind: 'no-test'; /** The output's line that says what went wrong. */ reason: string; hint: string };

interface Rule {
  /** The output's line that shows it, or null. */
  match(output: string, exitCode: number | null, root: string): string | null;
  hint: string;
}

const firstLine = (output: string, re: RegExp): string | null => output.split(/\r?\n/).find((l) => re.test(l))?.trim() ?? null;
const anyLine = (output: string): string => output.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '(no output)';

const USAGE = [
  /^node: (?:bad option|.* is not allowed in NODE_OPTIONS|.* requires an argument)/, // node (exit 9)
  /: error: (?:unrecognized arguments|argument .*: expected)/, // argparse: pytest
  /Unknown option `[^`]+`/, // cac: Vitest
  /^\s*Unrecognized option /, // Jest
  /^● Validation Error/, // Jest's configuration
  /^(?:npm (?:error|ERR!) )?Missing script: /, // npm
  /ERR_PNPM_NO_SCRIPT|ERR_PNPM_RECURSIVE_EXEC_FIRST_FAIL.*Command .* not found/, // pnpm
  /^error Command ".+" not found/, // yarn
  /^error: unknown option /, // commander-based runners
];

const NO_TEST = [
  /^Could not find '.+'$/, // node --test with a file that does not exist
  /No test files found/, // Vitest, Mocha
  /^No tests found, exiting with code/, // Jest
  /^ERROR: (?:file or directory not found|not found): /, // pytest
  /^=+ (?:no tests ran|\d+ deselected) in /, // pytest
  /^(?:# |ℹ )tests 0$/, // node:test
  /^Tests:\s+0 total$/, // Jest
  /^\s*Tests\s+no tests$/, // Vitest
  /^\s*0 passing\b/, // Mocha
];

const RULES: Rule[] = [
  {
    match: (output, exitCode) => (exitCode === 127 ? (firstLine(output, /not found|No such file/i) ?? anyLine(output)) : null),
    hint: "check the command's name, and that the program is installed (on PATH, or in node_modules/.bin)",
  },
  {
    match: (output, exitCode) => (exitCode === 126 ? (firstLine(output, /permission denied|cannot execute|not executable/i) ?? anyLine(output)) : null),
    hint: 'make the script executable (chmod +x), or run it through its interpreter (node x.mjs, sh x.sh)',
  },
  {
    match: (output) => USAGE.map((re) => firstLine(output, re)).find((l) => l !== null) ?? null,
    hint: "fix the test command's options or script name; run it by hand to see the runner's usage",
  },
  {
    // pytest: 4 is a usage error, 5 is "no tests collected".
    match: (output, exitCode) => (/test session starts|^ERROR: usage:/m.test(output) && (exitCode === 4 || exitCode === 5) ? (firstLine(output, /^(?:\S+: )?(?:ERROR|error)\b/) ?? firstLine(output, /no tests ran|deselected|collected 0/) ?? anyLine(output)) : null),
    hint: "check the test paths and the -k/-m selection: the command must run the failing test",
  },
  {
    match: (output) => NO_TEST.map((re) => firstLine(output, re)).find((l) => l !== null) ?? null,
    hint: 'check the test files\' paths and any name filter: the command must run the failing test',
  },
  {
    match: runnerCrash,
    hint: "run the command by hand and fix what stops the runner (its installation, its configuration) until it runs the tests",
  },
];

/** An uncaught error whose stack lies wholly outside the repository (the runner's own code): its error line. */
function runnerCrash(output: string, _exitCode: number | null, root: string): string | null {
  const traces = parseTraces(output).filter((t) => t.length > 0);
  if (traces.length === 0) return null;
  const inside = traces.some((trace) => trace.some((f) => inRepository(f.path, root)));
  if (inside) return null;
  return firstLine(output, /^\s*(?:\w+\.)*\w*(?:Error|Exception)\b.*:/);
}

/**
 * A failing run's classification: `tests-failed` with the failing tests the report names (a report
 * that names any is proof enough), or `no-test` with the line that shows why and how to fix it.
 * `root`: the repository, to tell its code's frames from the runner's.
 */
export function classifyTestRun(run: { exitCode: number | null; output: string }, root: string): TestRun {
  const output = withoutAnsi(run.output);
  const reported = reportedFailures(output);
  if (reported.length > 0) return { kind: 'tests-failed', failingTests: reported.map((f) => relativeName(f.name, root)) };
  for (const rule of RULES) {
    const reason = rule.match(output, run.exitCode, root);
    if (reason !== null) return { kind: 'no-test', reason, hint: rule.hint };
  }
  return { kind: 'tests-failed', failingTests: [] };
}
