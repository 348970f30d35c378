// Picks the held-out repository cases of bench/localize/repos.json by the rule written in this
// bench's README (*The held-out repository cases*), before the localizer runs on any of them: for
// each project in PROJECTS, its commits newest first; a candidate is a non-merge commit whose
// subject says it fixes something, that changes exactly one source file and at least one test file;
// its test command is the project's own runner (as the parent's package.json names it) on the
// changed test files. The first candidate that verifies (`repos.mjs` set-up: the test fails at the
// parent with the commit's tests applied, and passes once the commit's source file is taken too)
// is the project's case. No localizer runs here.
//   node bench/localize/pick.mjs [--git-url TEMPLATE] [--projects a/b,c/d] [--write]
// --write appends the picked cases to repos.json (marked `heldOut`); without it they are printed.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flagValue, runIfMain } from './cli.mjs';
import { splitChanges, verifyCase } from './repos.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** The new projects, in the order the rule takes them (written down before any localizer run). */
export const PROJECTS = [
  'unjs/defu',
  'pillarjs/path-to-regexp',
  'nodeca/js-yaml',
  'yargs/yargs-parser',
  'iamkun/dayjs',
  'motdotla/dotenv',
  'uuidjs/uuid',
  'micromatch/picomatch',
  'jshttp/cookie',
  'npm/ini',
  'eemeli/yaml',
  'markedjs/marked',
  'unjs/destr',
  'jshttp/mime-types',
  'fb55/htmlparser2',
];
/** How far back a project's history is read, and how many candidates of it are tried at most. */
const MAX_COMMITS = 400;
const MAX_TRIED = 3;
const FIX_SUBJECT = /\bfix(?:e[sd])?\b|\bbug/i;
/** A changed test file the runner is given: JavaScript or TypeScript, not a fixture or snapshot. */
const RUNNABLE_TEST = /\.(?:[cm]?[jt]sx?)$/;
const NOT_RUNNABLE = /(?:^|\/)(?:fixtures?|__snapshots__|tap-snapshots|helpers?|support|utils?)\/|\.d\.[cm]?ts$/;

const gitIn = (dir, args) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The project's own runner on `tests`, from the package.json at `commit`, or null when it is none of ours. */
export function runnerCommand(pkg, tests) {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const scripts = pkg.scripts ?? {};
  const testScript = `${scripts.test ?? ''} ${scripts['test:unit'] ?? ''}`;
  const files = tests.join(' ');
  let run = null;
  if (deps.vitest) run = `npx vitest run ${files}`;
  else if (deps.jest) run = `npx jest ${files}`;
  else if (deps.mocha) run = `npx mocha ${files}`;
  else if (deps.tap) run = `npx tap ${files}`;
  else if (/\bnode\s+(?:[^&|;]*\s)?--test\b/.test(testScript)) run = `node --test ${files}`;
  if (run === null) return null;
  // A build the project's tests need first (its pretest, or `npm run build` in its test script).
  if (scripts.pretest) return `npm run pretest && ${run}`;
  if (/\bnpm run build\b/.test(scripts.test ?? '')) return `npm run build && ${run}`;
  return run;
}

/** A project's candidates, newest first (pure git reads of the mirror). */
export function candidates(mirror, repo) {
  const log = gitIn(mirror, ['log', '--no-merges', `-n${MAX_COMMITS}`, '--format=%h%x09%s', 'HEAD']).split('\n').filter(Boolean);
  const found = [];
  for (const line of log) {
    const [fix, subject] = line.split('\t');
    if (!FIX_SUBJECT.test(subject ?? '')) continue;
    const paths = gitIn(mirror, ['show', '--name-only', '--format=', fix]).split('\n').filter(Boolean);
    const { tests, sources } = splitChanges(paths);
    const runnable = tests.filter((t) => RUNNABLE_TEST.test(t) && !NOT_RUNNABLE.test(t));
    if (sources.length !== 1 || runnable.length === 0) continue;
    let pkg;
    try {
      pkg = JSON.parse(gitIn(mirror, ['show', `${fix}~1:package.json`]));
    } catch {
      continue;
    }
    const testCmd = runnerCommand(pkg, runnable);
    if (testCmd === null) continue;
    const name = repo.split('/')[1].replace(/\.js$/, '');
    found.push({ id: `${name}-${fix}`, repo, fix, subject, install: 'npm install --no-audit --no-fund --ignore-scripts --legacy-peer-deps', testCmd });
  }
  return found;
}

/** Adds a picked case to repos.json (once): written as each project is done, so a long run keeps what it found. */
function append(c) {
  const file = join(here, 'repos.json');
  const cases = JSON.parse(readFileSync(file, 'utf8'));
  if (!cases.some((k) => k.id === c.id)) writeFileSync(file, `${JSON.stringify([...cases, c], null, 2)}\n`);
}

function main(argv) {
  const gitUrl = flagValue(argv, '--git-url') ?? '/work/.mirror/{owner}+{name}/repo';
  const only = flagValue(argv, '--projects')?.split(',');
  const picked = [];
  for (const repo of PROJECTS.filter((p) => !only || only.includes(p))) {
    const [owner, name] = repo.split('/');
    const mirror = gitUrl.replace('{owner}', owner).replace('{name}', name);
    const tried = candidates(mirror, repo).slice(0, MAX_TRIED);
    if (argv.includes('--list')) {
      for (const c of tried) process.stderr.write(`  ${repo} ${c.fix} ${c.subject.slice(0, 60)} | ${c.testCmd}\n`);
      continue;
    }
    let chosen = null;
    for (const c of tried) {
      const verdict = verifyCase(c, gitUrl);
      process.stderr.write(`  ${repo} ${c.fix} ${c.subject.slice(0, 60)}: ${verdict.ok ? 'verified' : verdict.why}\n`);
      if (verdict.ok) {
        chosen = c;
        break;
      }
    }
    if (!chosen) process.stderr.write(`  ${repo}: no case (${tried.length} candidate(s) tried)\n`);
    else {
      const c = { id: chosen.id, repo, fix: chosen.fix, heldOut: true, install: chosen.install, testCmd: chosen.testCmd };
      picked.push(c);
      if (argv.includes('--write')) append(c);
    }
  }
  console.log(JSON.stringify(picked, null, 2));
  return 0;
}

runIfMain(import.meta.url, 'pick', main);
