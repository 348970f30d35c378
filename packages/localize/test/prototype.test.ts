// The prototype-write probe (src/run/prototype-probe.ts): its two preloads in real Node
// processes, and the pure steps from their records to the evidence.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COVERED_RUN_PRELOAD, readMainScripts, withPreload } from '../src/run/coverage-run.js';
import { prototypeWritesByFile } from '../src/signals/frame-files.js';
import { failureWrites, readAddedNames, readPrototypeWrites, suspectNames, trapSetup, WATCH_DIR_ENV, type PrototypeWrite } from '../src/run/prototype-probe.js';
import { scoreFile } from '../src/rank/score.js';

const scratch = mkdtempSync(join(tmpdir(), 'cf-prototype-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Ended {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
}

/** Runs a script file with the given environment; `killOn` sends SIGTERM once stdout says it. */
function runNode(file: string, env: NodeJS.ProcessEnv, killOn?: string): Promise<Ended> {
  const child = spawn(process.execPath, [file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (killOn && stdout.includes(killOn)) child.kill('SIGTERM');
  });
  return new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve({ exitCode, signal, stdout })));
}

function script(name: string, code: string): string {
  const file = join(scratch, name);
  writeFileSync(file, code);
  return file;
}

describe('the watch (in every covered run\'s preload)', () => {
  const preload = script('covered.cjs', COVERED_RUN_PRELOAD);
  /** Runs `code` as a script under the watch: how it ended, and the names it added. */
  async function watchRun(name: string, code: string, killOn?: string): Promise<{ ended: Ended; added: string[] }> {
    const dir = join(scratch, `watch-${name}`);
    mkdirSync(dir);
    const ended = await runNode(script(`${name}.cjs`, code), { [WATCH_DIR_ENV]: dir, NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, preload) }, killOn);
    return { ended, added: readAddedNames(dir) };
  }

  it('names the script each process was started with, its own and its children\'s, not a worker thread\'s or a `node -e`', async () => {
    const dir = join(scratch, 'main-scripts');
    mkdirSync(dir);
    const child = script('child-cli.cjs', "console.log('child');");
    const worker = script('worker.cjs', "require('node:worker_threads').parentPort.postMessage('hi');");
    const parent = script(
      'parent.cjs',
      [
        "const { execFileSync } = require('node:child_process');",
        "const { Worker } = require('node:worker_threads');",
        `execFileSync(process.execPath, [${JSON.stringify(child)}]);`,
        "execFileSync(process.execPath, ['-e', '1']);",
        `new Worker(${JSON.stringify(worker)}).once('message', () => console.log('done'));`,
      ].join('\n'),
    );
    const ended = await runNode(parent, { [WATCH_DIR_ENV]: dir, NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, preload) });
    expect(ended).toMatchObject({ exitCode: 0, stdout: 'done\n' });
    expect(readMainScripts(dir)).toEqual([realpathSync(child), realpathSync(parent)].sort());
    expect(readMainScripts(join(scratch, 'no-such-dir'))).toEqual([]);
  });

  it('writes down the names a process added to Object.prototype, and only those (none over 200 characters)', async () => {
    const { ended, added } = await watchRun('added', "const o = JSON.parse('{\"a\":{}}'); Object.prototype.leaked = 1; Object.prototype['/path'] = {}; Object.prototype['x'.repeat(201)] = 1; o.own = 2; console.log('done');");
    expect(ended).toMatchObject({ exitCode: 0, stdout: 'done\n' });
    expect(added).toEqual(['/path', 'leaked']);
  });

  it('a process that adds nothing leaves nothing, and behaves as without the watch', async () => {
    const { ended, added } = await watchRun('clean', "process.exitCode = 3; console.log(Object.keys({}).length, process.listenerCount('SIGTERM'));");
    expect(ended).toMatchObject({ exitCode: 3, stdout: '0 1\n' });
    expect(added).toEqual([]);
  });

  it('watches every vm context too (Jest runs each test file in one), each against its own Object.prototype', async () => {
    const { ended, added } = await watchRun(
      'contexts',
      [
        "const vm = require('node:vm');",
        'const first = vm.createContext({});',
        "vm.runInContext('Object.prototype.inFirst = 1', first);",
        'const second = vm.createContext({});', // the first is settled here
        "vm.runInContext('Object.prototype.inSecond = 1', second);",
        "console.log(vm.isContext(second), 'inFirst' in {});",
      ].join('\n'),
    );
    expect(ended).toMatchObject({ exitCode: 0, stdout: 'true false\n' });
    expect(added).toEqual(['inFirst', 'inSecond']);
  });

  it('a process SIGTERM ends still reports (it never reaches exit), and still dies by the signal', async () => {
    const { ended, added } = await watchRun('sigterm', "Object.prototype.beforeKill = true; setInterval(() => {}, 1000); console.log('ready');", 'ready');
    expect(ended.signal).toBe('SIGTERM');
    expect(added).toEqual(['beforeKill']);
  });
});

describe('the trap (the probe run\'s preload)', () => {
  it('records where a name is written onto Object.prototype, and the program goes on as without it', async () => {
    const trap = trapSetup(join(scratch, 'trap'), ['polluted', 'method', 'unused']);
    const store = script(
      'store.cjs',
      [
        'function walk(target, path, value) {',
        '  let node = target;',
        '  for (const key of path.slice(0, -1)) node = node[key];',
        '  node[path[path.length - 1]] = value;',
        '}',
        'module.exports = { walk };',
      ].join('\n'),
    );
    const main = script(
      'main.cjs',
      [
        `const { walk } = require(${JSON.stringify(store)});`,
        'const own = {};',
        "own.polluted = 'own';", // an ordinary assignment: an own property, not recorded
        "const text = 'str'; text.polluted = 1;", // onto a primitive: nothing, and no throw in sloppy code
        'const before = ({}).polluted;',
        "walk({}, ['__proto__', 'polluted'], 'yes');",
        "Object.prototype.method = function () { return 'm'; };",
        "console.log(JSON.stringify({ before, after: ({}).polluted, own: own.polluted, ownIsOwn: Object.hasOwn(own, 'polluted'), method: ({}).method(), unused: ({}).unused }));",
      ].join('\n'),
    );
    const ended = await runNode(main, { ...trap.env, NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, trap.preload) });
    expect(ended.exitCode).toBe(0);
    expect(JSON.parse(ended.stdout)).toEqual({ before: undefined, after: 'yes', own: 'own', ownIsOwn: true, method: 'm' });

    const writes = readPrototypeWrites(trap.out);
    expect(writes.map((w) => [w.key, w.kind])).toEqual([
      ['polluted', 'string'],
      ['method', 'function'],
    ]);
    // The stack names the line that wrote, below the trap's own frame.
    expect(writes[0]!.stack).toMatch(new RegExp(`\\(${store.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:\\d+\\)`));
    // A function is a method someone meant to add; a name the passing tests added too is theirs.
    expect(failureWrites(writes).map((w) => w.key)).toEqual(['polluted']);
    expect(suspectNames(['method', 'polluted'], ['polluted'])).toEqual(['method']);
  });
});

describe('the trap in a vm context', () => {
  it('records the write with the context\'s own stack', async () => {
    const trap = trapSetup(join(scratch, 'trap-context'), ['polluted']);
    const main = script(
      'context-main.cjs',
      [
        "const vm = require('node:vm');",
        'const context = vm.createContext({});',
        "const code = 'function walk(t, p, v) {\\n  t[p[0]][p[1]] = v;\\n}\\nwalk({}, [\"__proto__\", \"polluted\"], \"yes\");\\n({}).polluted';",
        "console.log(vm.runInContext(code, context, { filename: '/repo/lib/walk.js' }), ({}).polluted);",
      ].join('\n'),
    );
    const ended = await runNode(main, { ...trap.env, NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, trap.preload) });
    expect(ended).toMatchObject({ exitCode: 0, stdout: 'yes undefined\n' });
    const writes = readPrototypeWrites(trap.out);
    expect(writes.map((w) => w.key)).toEqual(['polluted']);
    expect(writes[0]!.stack).toContain('(/repo/lib/walk.js:2:');
  });
});

describe('prototypeWritesByFile', () => {
  const ctx = { root: '/repo', cwd: '/repo', files: new Set(['lib/store.js', 'lib/settings.js', 'test/a.test.js', 'node_modules/dep/index.js']) };
  const write = (key: string, ...frames: string[]): PrototypeWrite => ({
    key,
    kind: 'string',
    stack: ['Error: write of x onto Object.prototype', '    at Object.set [as x] (/tmp/consensus-fix-coverage-1/prototype-trap.cjs:20:25)', ...frames.map((f) => `    at ${f}`)].join('\n'),
  });

  it('places the write in the repository file that made it (depth 0) and its callers deeper, past the trap\'s own frame', () => {
    const hits = prototypeWritesByFile([write('polluted', 'assign (/repo/lib/store.js:8:20)', 'Settings.set (/repo/lib/settings.js:26:5)', 'TestContext.<anonymous> (/repo/test/a.test.js:9:14)')], ctx);
    expect(hits.get('lib/store.js')).toEqual([{ key: 'polluted', line: 8, depth: 0 }]);
    expect(hits.get('lib/settings.js')).toEqual([{ key: 'polluted', line: 26, depth: 1 }]);
    expect(hits.get('test/a.test.js')).toEqual([{ key: 'polluted', line: 9, depth: 2 }]);
  });

  it('a write a dependency made is not the repository\'s, even when repository code called it', () => {
    const hits = prototypeWritesByFile([write('should', 'extend (/repo/node_modules/dep/index.js:3:1)', 'Object.<anonymous> (/repo/lib/settings.js:1:1)')], ctx);
    expect(hits.size).toBe(0);
  });

  it('the same line written twice is one hit', () => {
    const hits = prototypeWritesByFile([write('a', 'assign (/repo/lib/store.js:8:20)'), write('a', 'assign (/repo/lib/store.js:8:20)'), write('b', 'assign (/repo/lib/store.js:8:20)')], ctx);
    expect(hits.get('lib/store.js')).toEqual([
      { key: 'a', line: 8, depth: 0 },
      { key: 'b', line: 8, depth: 0 },
    ]);
  });
});

describe('a write in the score', () => {
  const ctx = { bestOchiai: 0, queryIdentifiers: 0 };
  it('the file that wrote counts as a throw there; its callers a quarter at depth 1, against half for a throw', () => {
    expect(scoreFile({ prototypeWrites: [{ key: 'k', line: 8, depth: 0 }] }, ctx)).toBe(scoreFile({ frames: [{ line: 8, depth: 0 }] }, ctx));
    expect(scoreFile({ prototypeWrites: [{ key: 'k', line: 26, depth: 1 }] }, ctx)).toBe(4);
    expect(scoreFile({ frames: [{ line: 26, depth: 1 }] }, ctx)).toBe(8);
    // Both: the nearer counts, not the sum.
    expect(scoreFile({ frames: [{ line: 26, depth: 1 }], prototypeWrites: [{ key: 'k', line: 8, depth: 0 }] }, ctx)).toBe(16);
  });
});
