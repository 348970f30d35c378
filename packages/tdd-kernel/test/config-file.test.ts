// .tdd-kernel/config.json read by core's loader and checked by one zod object: a bad file is exit 1
// naming the file, the key and what it takes, in every command; the hook reads the checked copy and
// checks the file in full only after it changed.

import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { createKernel, DoctorOutputSchema, HookDenySchema, KernelConfigSchema } from '../src/index.js';
import { HEAVY_MODULES, kernel, loadedSources, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const editEvent = (dir: string) =>
  JSON.stringify({ session_id: 's', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(dir, 'src/a.ts'), old_string: '{}', new_string: '{ a }' } });

describe('.tdd-kernel/config.json', () => {
  it.each([
    ['an unknown key', { runnr: 'vitest' }, '.tdd-kernel/config.json: unknown key "runnr"', 'the file takes runner, command'],
    ['a bad runner', { runner: 'mocha' }, '.tdd-kernel/config.json: "runner" is "mocha"; expected one of "vitest", "jest", "node", "pytest", "junit", "command"', 'fix or remove "runner"'],
    ['a bad timeout', { timeoutMs: 5 }, '.tdd-kernel/config.json: "timeoutMs" is 5; expected a whole number from 1000 up', 'fix or remove "timeoutMs"'],
    ['a bad glob list', { files: ['src/**', 3] }, '.tdd-kernel/config.json: "files.1" is 3; expected a non-empty string', 'fix or remove "files.1"'],
    ['a runner without its command', { runner: 'junit' }, '.tdd-kernel/config.json: runner "junit" needs "junitCommand"', 'add "junitCommand"'],
  ])('%s is exit 1 naming the file, the key and what is allowed, in check and status alike', async (_what, config, message, hint) => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n', '.tdd-kernel/config.json': JSON.stringify(config) });
    for (const args of [['check', 'src/a.ts'], ['status']]) {
      const r = await kernel(repo, args);
      expect(r.exitCode, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(`tdd-kernel: error: ${message}\n`);
      expect(r.stderr).toContain(hint);
    }
  });

  it('the hook refuses in the agent\'s contract and names the problem', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n', '.tdd-kernel/config.json': JSON.stringify({ mode: 'loose' }) });
    const r = await kernel(repo, ['hook', 'claude-code'], editEvent(repo.dir));
    expect(r.exitCode).toBe(0);
    expect(HookDenySchema.parse(JSON.parse(r.stdout)).hookSpecificOutput.permissionDecisionReason).toContain('"mode" is "loose"; expected one of "strict", "warn"');
  });

  it('every documented key is accepted, runner node and files included', async () => {
    const config = { runner: 'node', command: 'node --test', files: ['src/**', '!src/generated/**'], testGlobs: ['test/**'], verify: 'npm test', log: '.tdd-kernel/events.jsonl', mode: 'warn', timeoutMs: 60000 };
    repo = makeProject('none', { 'src/a.ts': 'export {};\n', '.tdd-kernel/config.json': JSON.stringify(config) });
    const doctor = DoctorOutputSchema.parse(JSON.parse((await kernel(repo, ['doctor', '--json'])).stdout));
    expect(doctor.gated).toEqual({ files: config.files, from: 'config' });
    expect(KernelConfigSchema.parse(config)).toEqual(config);
    expect(createKernel({ root: repo.dir }).context.config).toEqual(config);
  });

  it('the hook checks a changed file in full once, then reads the checked copy without zod or the loader', () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n', '.tdd-kernel/config.json': JSON.stringify({ files: ['src/**'] }) });
    const heavy = () => loadedSources(repo, ['hook', 'claude-code'], editEvent(repo.dir)).filter((source) => HEAVY_MODULES.test(source));
    expect(heavy().length).toBeGreaterThan(0);
    expect(heavy()).toEqual([]);
    writeFileSync(path.join(repo.dir, '.tdd-kernel/config.json'), JSON.stringify({ files: ['lib/**'] }));
    expect(heavy().length).toBeGreaterThan(0);
    expect(heavy()).toEqual([]);
  });

  it('a changed file is read afresh by the hook: a bad one after a good one refuses', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n', '.tdd-kernel/config.json': JSON.stringify({ files: ['lib/**'] }) });
    expect((await kernel(repo, ['check', 'src/a.ts'])).exitCode).toBe(0);
    writeFileSync(path.join(repo.dir, '.tdd-kernel/config.json'), JSON.stringify({ files: 'src/**' }));
    const r = await kernel(repo, ['check', 'src/a.ts']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('"files" is "src/**"; expected a list of non-empty strings');
  });
});
