// The offline demo: runs consensus-fix on the shipped examples (real bugs, their failing tests and
// rails suites) with canned model answers. No key, no network. Each example is copied into a fresh
// git repository in the OS temp dir, so the shipped files never change.
//   1. example/ with --files: a duration parser (demo/answers.jsonl).
//   2. example-localize/ without --files: a small CommonJS package whose bug consensus-fix has to
//      find itself from the failing run (demo/answers-localize.jsonl).

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');
const cli = join(pkg, 'dist', 'cli.js');
if (!existsSync(cli)) {
  console.error('consensus-fix is not built: run `npx -y pnpm@10 install` (or `npx tsup` in packages/consensus-fix) first');
  process.exit(1);
}

const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 'demo', GIT_AUTHOR_EMAIL: 'demo@example.invalid', GIT_COMMITTER_NAME: 'demo', GIT_COMMITTER_EMAIL: 'demo@example.invalid' };

/** Copies `example` into a fresh repository, runs consensus-fix there with `answers`, removes the copy; the exit code. */
function runExample({ example, answers, args, story }) {
  const work = mkdtempSync(join(tmpdir(), 'consensus-fix-demo-'));
  const git = (...a) => execFileSync('git', a, { cwd: work, env: gitEnv, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  try {
    cpSync(join(pkg, example), work, { recursive: true });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('-c', 'commit.gpgsign=false', 'commit', '-q', '-m', `${example}: with a bug`);
    console.error(`demo: ${example}/ copied to ${work} (a fresh git repository)`);
    for (const line of story) console.error(`demo: ${line}`);
    console.error(`demo: consensus-fix ${args.map((a) => (a.includes(' ') ? JSON.stringify(a) : a)).join(' ')}\n`);
    const env = { ...process.env, ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: join(here, answers) };
    const status = spawnSync(process.execPath, [cli, ...args], { cwd: work, env, stdio: 'inherit' }).status ?? 1;
    console.error(`\ndemo: consensus-fix exited ${status}; \`git diff --stat\` in the copy:\n${git('diff', '--stat').trimEnd()}`);
    console.error(`demo: the shipped ${example}/ is untouched (the run happened in the copy, which is now removed)\n`);
    return status;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const first = runExample({
  example: 'example',
  answers: 'answers.jsonl',
  args: ['--test-cmd', 'node --test test/hours.test.mjs', '--rails', 'node --test', '--files', 'src/duration.mjs', '--n', '5', '--apply'],
  story: [
    'the bug: parseDuration("12h") throws, because the hour group takes one digit',
    '5 canned answers: 2 agreeing fixes (one with other spacing), 1 that games the test and breaks the rails,',
    '                  1 malformed answer, 1 that tries to write outside the repository',
  ],
});

const second = runExample({
  example: 'example-localize',
  answers: 'answers-localize.jsonl',
  args: ['--test-cmd', 'node --test test/tags.test.js', '--rails', 'node --test', '--n', '3', '--apply'],
  story: [
    'no --files this time: the package has 5 source files, and the failing test only requires its index.js',
    'the bug: parseTags("Node JS, node js, Go") keeps "node-js" twice (a wrong value, nothing throws)',
    'consensus-fix runs the test with coverage on, the rails beside it, and ranks the files to fix',
    '3 canned answers: 2 agreeing fixes of lib/tags.js, 1 that edits the test instead (never allowed)',
  ],
});

process.exit(first !== 0 ? first : second);
