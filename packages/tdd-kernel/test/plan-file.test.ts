// `status --plan`: the RFC's plan file, read with its zod schema. A good plan shows each step's state; a
// bad one is exit 1 with one line naming the file and the step, never a status that quietly drops it.

import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusOutputSchema } from '../src/index.js';
import { BIN } from './support.js';

let dir: string;
beforeAll(() => {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'tdd-plan-')));
  expect(run(['init', 'claude-code']).status).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, TDD_KERNEL_SESSION: '' } });
const plan = (name: string, value: unknown) => {
  writeFileSync(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  return name;
};

describe('status --plan', () => {
  it('shows each step with its state; keys a step does not need are ignored', () => {
    const file = plan('good.json', { steps: [{ title: 'parse', test_id: 'test/a.test.js::parses' }, { title: 'tidy up', note: 'later' }] });
    const result = run(['status', '--json', '--plan', file]);
    expect(result.status, result.stderr).toBe(0);
    expect(StatusOutputSchema.parse(JSON.parse(result.stdout)).plan).toEqual({
      file,
      steps: [
        { title: 'parse', test_id: 'test/a.test.js::parses', state: 'not-run' },
        { title: 'tidy up', state: 'refactor-only' },
      ],
    });
  });

  it.each([
    ['no steps', { tasks: [] }, /the plan .*no-steps\.json has no "steps" list/],
    ['a step without a title', { steps: [{ title: 'one' }, { test_id: 'x' }] }, /the plan .*: step 2 has no valid "title"/],
    ['a test id that is not a string', { steps: [{ title: 'one', test_id: 7 }] }, /the plan .*: step 1 has no valid "test_id"/],
    ['a step that is not an object', { steps: ['one'] }, /the plan .*: step 1 is not an object/],
    ['not JSON', '{ steps: ', /cannot read the plan .*not-json\.json/],
  ])('%s: exit 1, one line naming the file and the step', (name, value, message) => {
    const file = plan(`${name.toLowerCase().split(' ').slice(0, 2).join('-').replace(/[^a-z-]/g, '')}.json`, value);
    const result = run(['status', '--plan', file]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const [first, ...rest] = result.stderr.trimEnd().split('\n');
    expect(first).toMatch(message);
    expect(rest.join('\n')).not.toMatch(/\n\s+at /);
  });
});
