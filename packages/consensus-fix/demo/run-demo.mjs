// The offline demo: runs consensus-fix on the shipped example (a real bug, its failing test and a
// rails suite) with canned model answers from demo/answers.jsonl. No key, no network.
// The example is copied into a fresh git repository in the OS temp dir, so the shipped files never change.

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

const work = mkdtempSync(join(tmpdir(), 'consensus-fix-demo-'));
const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 'demo', GIT_AUTHOR_EMAIL: 'demo@example.invalid', GIT_COMMITTER_NAME: 'demo', GIT_COMMITTER_EMAIL: 'demo@example.invalid' };
const git = (...args) => execFileSync('git', args, { cwd: work, env: gitEnv, stdio: ['ignore', 'pipe', 'pipe'] }).toString();

let status = 1;
try {
  cpSync(join(pkg, 'example'), work, { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'example: duration parser with a bug');

  const args = [
    '--test-cmd', 'node --test test/hours.test.mjs',
    '--rails', 'node --test',
    '--files', 'src/duration.mjs',
    '--n', '5',
    '--apply',
  ];
  console.error(`demo: example copied to ${work} (a fresh git repository)`);
  console.error('demo: the bug: parseDuration("12h") throws, because the hour group takes one digit');
  console.error('demo: 5 canned answers: 2 agreeing fixes (one with other spacing), 1 that games the test and breaks the rails,');
  console.error('demo:                  1 malformed answer, 1 that tries to write outside the repository');
  console.error(`demo: consensus-fix ${args.map((a) => (a.includes(' ') ? JSON.stringify(a) : a)).join(' ')}\n`);

  const env = { ...process.env, ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: join(here, 'answers.jsonl') };
  const run = spawnSync(process.execPath, [cli, ...args], { cwd: work, env, stdio: 'inherit' });
  status = run.status ?? 1;

  console.error(`\ndemo: consensus-fix exited ${status}; \`git diff --stat\` in the copy:\n${git('diff', '--stat').trimEnd()}`);
  console.error('demo: the shipped example is untouched (the run happened in the copy, which is now removed)');
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(status);
