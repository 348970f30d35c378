// Whole coverage or a named gap (run/coverage-gaps.ts): real Node processes under the covered runs'
// preload. A runner that SIGKILLs a worker it has just sent SIGTERM waits for the worker to end (it
// writes its coverage on the way), and the notes against the coverage files name what is missing.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCoverage } from '../src/run/coverage-gaps.js';
import { describeCoverage } from '../src/render.js';
import { readV8Executions } from '../src/coverage/v8.js';
import { COVERED_RUN_PRELOAD, withPreload } from '../src/run/coverage-run.js';
import { WATCH_DIR_ENV } from '../src/run/prototype-probe.js';

const scratch = mkdtempSync(join(tmpdir(), 'localize-gaps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function script(name: string, code: string): string {
  const file = join(scratch, name);
  writeFileSync(file, code);
  return file;
}
const preload = script('covered.cjs', COVERED_RUN_PRELOAD);

/** Runs a script as a covered run would (coverage into `<dir>/v8`, notes into `<dir>/notes`). */
function coveredRun(name: string, code: string): { dir: string; stdout: string; status: number | null } {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'notes'), { recursive: true });
  const env = { ...process.env, NODE_V8_COVERAGE: join(dir, 'v8'), [WATCH_DIR_ENV]: join(dir, 'notes'), NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, preload) };
  const r = spawnSync(process.execPath, [script(`${name}.cjs`, code)], { env, encoding: 'utf8', timeout: 120_000 });
  return { dir, stdout: r.stdout, status: r.status };
}

// A worker as Vitest's forks pool ends it: SIGTERM, then SIGKILL on a timer long before the worker is
// done with its SIGTERM (it busy-waits two seconds, as a loaded machine would make it).
const RUNNER = (worker: string) => `
const { fork } = require('node:child_process');
const child = fork(${JSON.stringify(worker)});
child.on('message', () => {
  setTimeout(() => child.kill('SIGKILL'), 50);
  child.kill();
});
child.on('exit', (code, signal) => console.log(signal ?? code));
`;
// Busy for two seconds once it said it is ready, as a loaded machine would keep it: the SIGTERM
// handler (the flush) runs only after that, long after the SIGKILL's timer.
const SLOW_WORKER = `
setInterval(() => {}, 1000);
process.send('ready', () => {
  const end = Date.now() + 2000;
  while (Date.now() < end);
});
`;

describe('the hold on a runner\'s SIGKILL', () => {
  it('a worker sent SIGTERM, then SIGKILL 50 ms later, ends by the SIGTERM, and its coverage is written', () => {
    const worker = script('worker.cjs', SLOW_WORKER);
    const dir = join(scratch, 'hold');
    mkdirSync(join(dir, 'notes'), { recursive: true });
    const env = { ...process.env, NODE_V8_COVERAGE: join(dir, 'v8'), [WATCH_DIR_ENV]: join(dir, 'notes'), NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, preload) };
    const r = spawnSync(process.execPath, [script('runner.cjs', RUNNER(worker))], { env, encoding: 'utf8', timeout: 120_000 });
    expect(r.stdout.trim()).toBe('SIGTERM');
    expect(checkCoverage(join(dir, 'notes'), join(dir, 'v8')).gaps).toEqual([]);
  });
});

describe('checkCoverage', () => {
  it('names a process killed before it wrote, and one that ended without writing; the others are whole', () => {
    const { dir, status } = coveredRun(
      'gaps',
      [
        "const { spawn, spawnSync } = require('node:child_process');",
        // killed by a signal from outside once it is up: no coverage, no normal end
        "const killed = spawn(process.execPath, ['-e', 'console.log(1); setInterval(() => {}, 1000)']);",
        "killed.stdout.once('data', () => killed.kill('SIGKILL'));",
        "killed.on('exit', () => {",
        // coverage turned off by its parent: it ends normally and writes none
        "spawnSync(process.execPath, ['-e', '1'], { env: { ...process.env, NODE_V8_COVERAGE: '' } });",
        // a child whose runner sends its coverage elsewhere: read from there
        `spawnSync(process.execPath, ['-e', '2'], { env: { ...process.env, NODE_V8_COVERAGE: ${JSON.stringify(join(scratch, 'gaps-elsewhere'))} } });`,
        '});',
      ].join('\n'),
    );
    expect(status).toBe(0);
    const check = checkCoverage(join(dir, 'notes'), join(dir, 'v8'));
    expect(check.gaps.map((g) => g.reason).sort()).toEqual(['killed', 'redirected']);
    expect(check.elsewhere.length).toBeGreaterThan(0);
    for (const file of check.elsewhere) expect(file.startsWith(join(scratch, 'gaps-elsewhere'))).toBe(true);
    // Only the parent's own (taken in its exit handler, and by Node after it).
    expect(new Set(readdirSync(join(dir, 'v8')).map((name) => name.split('-')[1])).size).toBe(1);
  });

  it('a run whose processes all wrote: no gaps', () => {
    const { dir } = coveredRun('whole', "require('node:child_process').spawnSync(process.execPath, ['-e', '1']);");
    expect(checkCoverage(join(dir, 'notes'), join(dir, 'v8'))).toEqual({ elsewhere: [], gaps: [] });
  });
});

describe('describeCoverage (the text form)', () => {
  it('says nothing when whole, names each missing process and why, and says when there was none', () => {
    expect(describeCoverage({ complete: true, retried: 0, missing: [] })).toBeNull();
    expect(describeCoverage(undefined)).toBeNull();
    expect(describeCoverage({ complete: false, retried: 1, missing: [{ run: 'failing', script: 'node_modules/vitest/dist/workers/forks.js', reason: 'killed' }] })).toBe(
      '  coverage incomplete after running again 1 time: failing run: node_modules/vitest/dist/workers/forks.js (killed before it wrote its coverage)',
    );
    expect(describeCoverage({ complete: false, retried: 0, missing: [], none: true })).toContain('the failing run left none');
  });
});

describe('one process, several coverage files', () => {
  it('the files of one process (a take before its end, then Node\'s own) are one execution holding both parts', () => {
    const root = join(scratch, 'takes');
    mkdirSync(root);
    const file = join(root, 'two-parts.js');
    // The clock moves on after the take, as the covered runs' exit handler makes it: Node names the file
    // by pid and millisecond, so its own write in the same millisecond would replace the take's.
    writeFileSync(file, "function first() {\n  return 1;\n}\nfunction second() {\n  return 2;\n}\nfirst();\nrequire('node:v8').takeCoverage();\nconst t = Date.now();\nwhile (Date.now() === t) {}\nsecond();\n");
    spawnSync(process.execPath, [file], { env: { ...process.env, NODE_V8_COVERAGE: join(root, 'v8') }, timeout: 60_000 });
    expect(readdirSync(join(root, 'v8')).length).toBe(2);
    const executions = readV8Executions(join(root, 'v8'), root, (f) => f === 'two-parts.js');
    expect(executions).toHaveLength(1);
    expect([...executions[0]!.get("two-parts.js")!.called.keys()].sort()).toEqual([1, 2, 4, 5]);
  });
});

describe('the exit handler\'s take', () => {
  // Node names a coverage file by pid and millisecond: a take in an exit handler and Node's own write
  // right after it share a name in 4 of 40 bare runs measured here, and the second file (counts reset by
  // the take) holds nothing of the script. The handler waits for the clock to move, so both stay.
  it('is never replaced by Node\'s own write at exit: forty short processes each leave both files and the function they ran', () => {
    for (let i = 0; i < 40; i++) {
      const { dir, status } = coveredRun(`short-${i}`, 'function ran() {\n  return 1;\n}\nran();\n');
      expect(status).toBe(0);
      expect(readdirSync(join(dir, 'v8')), `run ${i}`).toHaveLength(2);
      const executions = readV8Executions(join(dir, 'v8'), scratch, (f) => f === `short-${i}.cjs`);
      expect(executions.some((e) => e.get(`short-${i}.cjs`)?.called.has(1)), `run ${i}`).toBe(true);
    }
  });
});

describe("node --test's own process", () => {
  it('writes no coverage (Node collects none there) and is no gap; the test file\'s process is whole', () => {
    const dir = join(scratch, 'node-test');
    mkdirSync(join(dir, 'notes'), { recursive: true });
    const file = script('one.test.js', "require('node:test')('passes', () => {});\n");
    const env = { ...process.env, NODE_V8_COVERAGE: join(dir, 'v8'), [WATCH_DIR_ENV]: join(dir, 'notes'), NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, preload) };
    const r = spawnSync(process.execPath, ['--test', file], { env, encoding: 'utf8', timeout: 120_000 });
    expect(r.status).toBe(0);
    expect(readdirSync(join(dir, 'notes')).filter((n) => n.startsWith('started-'))).toHaveLength(2);
    expect(checkCoverage(join(dir, 'notes'), join(dir, 'v8')).gaps).toEqual([]);
  });
});
