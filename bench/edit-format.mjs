// consensus-fix benchmark: output size per candidate, --edit-format whole against replace, for a
// one-line fix in a real file of over 1,000 lines. The file is commander's lib/command.js (the copy
// in this workspace's node_modules, 2,700+ lines), copied with the rest of the package into a fresh
// git repository, with one real line broken: `--port=8080` then yields "=8080". A `node --test` test
// fails on it. The fixture provider plays a correct answer in each format, generated from the fix
// (the whole fixed file; one search/replace edit whose search text is the broken line, widened
// until it is unique), and consensus-fix runs once per format, without --files (--max-files 1): the
// file is localized, and the replace prompt shows it in slices. Goal (issue 10): replace <= 10% of whole.
//
//   node bench/edit-format.mjs [--json] [--keep] [--n 3]
// Exit 0 when the goal is met, 2 when missed, 1 when the benchmark could not run.

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'packages', 'consensus-fix', 'bin', 'consensus-fix.js');
const args = process.argv.slice(2);
const json = args.includes('--json');
const keep = args.includes('--keep');
const n = Number(args[args.indexOf('--n') + 1] ?? 3) || 3;
const GOAL = 0.1;

const FILE = 'lib/command.js';
const FIXED_LINE = '          this.emit(`option:${option.name()}`, arg.slice(index + 1));';
const BROKEN_LINE = '          this.emit(`option:${option.name()}`, arg.slice(index));';
const TEST = `const assert = require('node:assert/strict');
const { test } = require('node:test');
const { Command } = require('..');

test('--port=8080 gives the value after the equals sign', () => {
  const program = new Command().option('--port <n>', 'port').exitOverride();
  program.parse(['--port=8080'], { from: 'user' });
  assert.equal(program.opts().port, '8080');
});
`;

function fail(message) {
  console.error(`edit-format bench: ${message}`);
  process.exit(1);
}

/** commander as this workspace installed it (core's dependency). */
function commanderDir() {
  const fromCore = createRequire(join(root, 'packages', 'core', 'package.json'));
  return dirname(fromCore.resolve('commander'));
}

function git(dir, ...a) {
  return execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', '-c', 'commit.gpgsign=false', ...a], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

/** A fresh repository: commander's package, one line broken, the failing test. */
function makeRepo(original) {
  const dir = mkdtempSync(join(tmpdir(), 'cf-bench-edits-'));
  const src = commanderDir();
  for (const entry of ['package.json', 'index.js', 'lib']) cpSync(join(src, entry), join(dir, entry), { recursive: true });
  writeFileSync(join(dir, FILE), original.replace(FIXED_LINE, BROKEN_LINE));
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'test', 'equals.test.js'), TEST);
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'commander with a broken --flag=value');
  return dir;
}

/** The broken line with as many following lines as make it occur once in the file. */
function uniqueSearch(text, line) {
  const lines = text.split('\n');
  const at = lines.indexOf(line);
  for (let extra = 0; at + extra < lines.length; extra++) {
    const search = lines.slice(at, at + extra + 1).join('\n');
    if (text.indexOf(search) === text.lastIndexOf(search)) return search;
  }
  fail('no unique search text around the broken line');
}

function answers(buggy, fixed) {
  const search = uniqueSearch(buggy, BROKEN_LINE);
  const replace = search.replace(BROKEN_LINE, FIXED_LINE);
  return {
    whole: JSON.stringify({ changes: [{ file: FILE, content: fixed }] }),
    replace: JSON.stringify({ changes: [{ file: FILE, edits: [{ search, replace }] }] }),
  };
}

/** One consensus-fix run with the fixture provider answering `answer` to each of the n candidates. */
function runFormat(dir, format, answer, scratch) {
  const fixture = join(scratch, `${format}.jsonl`);
  writeFileSync(fixture, `${JSON.stringify({ text: answer })}\n`);
  const logDir = join(scratch, `log-${format}`);
  const started = performance.now();
  const res = spawnSync(process.execPath, [cli, '--test-cmd', 'node --test test/equals.test.js', '--max-files', '1', '--edit-format', format, '--n', String(n), '--json', '--log-dir', logDir], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: fixture },
    encoding: 'utf8',
  });
  const wallMs = Math.round(performance.now() - started);
  if (res.status !== 0) fail(`--edit-format ${format} exited ${res.status}:\n${res.stderr}`);
  const doc = JSON.parse(res.stdout);
  if (doc.localization.files[0]?.file !== FILE) fail(`localization picked ${doc.localization.files[0]?.file}, not ${FILE}`);
  const answerDir = join(logDir, 'answers');
  const chars = readdirSync(answerDir).filter((f) => f.endsWith('.txt')).map((f) => readFileSync(join(answerDir, f), 'utf8').length);
  return {
    format: doc.editFormat,
    outputCharsPerCandidate: Math.round(chars.reduce((a, b) => a + b, 0) / chars.length),
    outputTokensPerCandidate: Math.round(doc.usage.outputTokens / doc.usage.calls),
    promptChars: readFileSync(join(logDir, 'prompt.txt'), 'utf8').length,
    survivors: doc.summary.passed,
    diff: doc.winner?.diff ?? null,
    wallMs,
  };
}

const scratch = mkdtempSync(join(tmpdir(), 'cf-bench-edits-scratch-'));
let dir;
try {
  const original = readFileSync(join(commanderDir(), FILE), 'utf8');
  if (!original.includes(FIXED_LINE)) fail(`${FILE} of this commander version has no line \`${FIXED_LINE.trim()}\``);
  dir = makeRepo(original);
  const buggy = readFileSync(join(dir, FILE), 'utf8');
  const lines = buggy.split('\n').length - 1;
  if (lines < 1000) fail(`${FILE} has ${lines} lines; the benchmark needs at least 1,000`);
  const played = answers(buggy, original);
  const whole = runFormat(dir, 'whole', played.whole, scratch);
  const replace = runFormat(dir, 'replace', played.replace, scratch);
  if (whole.survivors !== n || replace.survivors !== n) fail('a played answer did not pass the test');
  if (whole.diff !== replace.diff) fail('the two formats produced different fixes');
  const ratio = replace.outputCharsPerCandidate / whole.outputCharsPerCandidate;
  const commanderVersion = JSON.parse(readFileSync(join(commanderDir(), 'package.json'), 'utf8')).version;
  const result = { file: `commander@${commanderVersion}/${FILE}`, lines, n, whole, replace, ratio: Math.round(ratio * 10_000) / 10_000, goal: GOAL, met: ratio <= GOAL };
  if (json) console.log(JSON.stringify({ ...result, whole: { ...whole, diff: undefined }, replace: { ...replace, diff: undefined } }, null, 2));
  else {
    console.log(`one-line fix in ${result.file} (${lines} lines, localized), ${n} candidates per format, same winning diff in both:`);
    for (const r of [whole, replace]) {
      console.log(`  ${r.format.padEnd(7)}  output ${String(r.outputCharsPerCandidate).padStart(6)} chars/candidate (~${r.outputTokensPerCandidate} tokens)  prompt ${r.promptChars} chars  run ${r.wallMs} ms`);
    }
    console.log(`replace / whole output per candidate = ${(ratio * 100).toFixed(2)}% (goal <= ${GOAL * 100}%): ${result.met ? 'met' : 'NOT met'}`);
  }
  process.exitCode = result.met ? 0 : 2;
} finally {
  if (keep) console.error(`kept ${dir} and ${scratch}`);
  else {
    rmSync(scratch, { recursive: true, force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
