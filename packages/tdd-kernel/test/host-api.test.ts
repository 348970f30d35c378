// What a host that offers the commands in-process (the MCP server) uses: the kernel of a command run in
// a given directory, and the kernel's errors with their hints, one case a line.

import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunnerError } from '../src/kernel/errors.js';
import { NoRunnerError } from '../src/kernel/run-tests.js';
import { commandKernel, describeKernelError, KernelUsageError } from '../src/index.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('commandKernel', () => {
  it('finds the root from the directory given, not from the process, and the session as the CLI does', () => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'tdd-host-')));
    mkdirSync(path.join(dir, '.tdd-kernel'));
    mkdirSync(path.join(dir, 'src/deep'), { recursive: true });
    const kernel = commandKernel({}, { TDD_KERNEL_SESSION: 'host-session' }, path.join(dir, 'src/deep'));
    expect(kernel.root).toBe(dir);
    expect(kernel.status()).toMatchObject({ root: dir, session: 'host-session', mode: 'strict' });
    expect(commandKernel({ session: 'flag', mode: 'warn' }, { TDD_KERNEL_SESSION: 'env' }, dir).status()).toMatchObject({ session: 'flag', mode: 'warn' });
  });
});

describe('describeKernelError', () => {
  it.each([
    ['a usage error with its hint', new KernelUsageError('bad id', 'use file::name'), { message: 'bad id', hint: 'use file::name' }],
    ['a usage error without one', new KernelUsageError('bad id'), { message: 'bad id' }],
    ['a runner error', new RunnerError('no report'), { message: 'no report', hint: expect.stringContaining('runs on its own') }],
    ['no runner', new NoRunnerError('no runner found'), { message: 'no runner found', hint: expect.stringContaining('"runner"') }],
    ['anything else', new Error('boom'), null],
  ])('%s', (_what, error, expected) => {
    expect(describeKernelError(error)).toEqual(expected);
  });
});
