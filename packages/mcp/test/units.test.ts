// The server's pure parts, one case a line: the repository lock's rule and queue, replacing the one
// occurrence of a search text, hiding key values in a result, reading roots, keeping stdout for the protocol.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { canStart, RepoLocks, type Access } from '../src/repo-lock.js';
import { rootDirs } from '../src/roots.js';
import { flagsAsArguments, hideKeys } from '../src/tool-result.js';
import { reserveStdout } from '../src/stdout.js';
import { replaceOnce } from '../src/tools/tdd-edit.js';
import { consensusFixTool } from '../src/tools/consensus-fix.js';
import { consensusReviewTool } from '../src/tools/consensus-review.js';

describe('canStart', () => {
  it.each([
    ['read on an idle repository', { readers: 0, writing: false }, 'read', true],
    ['write on an idle repository', { readers: 0, writing: false }, 'write', true],
    ['read beside readers', { readers: 2, writing: false }, 'read', true],
    ['write beside readers', { readers: 1, writing: false }, 'write', false],
    ['read while a writer runs', { readers: 0, writing: true }, 'read', false],
    ['write while a writer runs', { readers: 0, writing: true }, 'write', false],
  ] as Array<[string, { readers: number; writing: boolean }, Access, boolean]>)('%s: %s', (_what, lane, access, expected) => {
    expect(canStart(lane, access)).toBe(expected);
  });
});

describe('RepoLocks', () => {
  it('first come, first served: writers one at a time, readers together, per repository', async () => {
    const locks = new RepoLocks();
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    const task = (name: string, key: string, access: Access) =>
      locks.run(key, access, new AbortController().signal, async () => {
        log.push(`start ${name}`);
        await new Promise<void>((resolve) => gates.set(name, resolve));
        log.push(`end ${name}`);
      });
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const runs = [task('w1', 'a', 'write'), task('r1', 'a', 'read'), task('r2', 'a', 'read'), task('w2', 'a', 'write'), task('other', 'b', 'write')];
    await tick();
    expect(log).toEqual(['start w1', 'start other']);
    gates.get('w1')!();
    await tick();
    expect(log.slice(2)).toEqual(['end w1', 'start r1', 'start r2']);
    gates.get('r1')!();
    await tick();
    expect(log.at(-1)).toBe('end r1');
    gates.get('r2')!();
    await tick();
    expect(log.slice(-2)).toEqual(['end r2', 'start w2']);
    gates.get('w2')!();
    gates.get('other')!();
    await Promise.all(runs);
  });

  it('a call cancelled while it waits never starts, and the queue moves on', async () => {
    const locks = new RepoLocks();
    let release!: () => void;
    const first = locks.run('a', 'write', new AbortController().signal, () => new Promise<void>((resolve) => (release = resolve)));
    const cancel = new AbortController();
    let started = false;
    const waiting = locks.run('a', 'write', cancel.signal, async () => {
      started = true;
    });
    const third = locks.run('a', 'read', new AbortController().signal, async () => 'ran');
    cancel.abort();
    await expect(waiting).rejects.toThrow(/interrupted/);
    release();
    await first;
    expect(await third).toBe('ran');
    expect(started).toBe(false);
  });
});

describe('replaceOnce', () => {
  it.each([
    ['one occurrence', 'a b c', 'b', 'B', 'a B c'],
    ['a replacement with $ patterns, taken literally', 'x = 1', '1', '$&$1', 'x = $&$1'],
    ['multi-line search', 'one\ntwo\nthree\n', 'two\nthree', '2\n3', 'one\n2\n3\n'],
  ])('%s', (_what, text, search, replace, expected) => {
    expect(replaceOnce(text, search, replace, 'f.ts')).toBe(expected);
  });

  it.each([
    ['none', 'abc', 'x', /does not occur in f\.ts/],
    ['two', 'a a', 'a', /occurs 2 times in f\.ts; it must occur exactly once/],
  ])('refuses %s', (_what, text, search, message) => {
    expect(() => replaceOnce(text, search, 'y', 'f.ts')).toThrow(message);
  });
});

describe('flagsAsArguments', () => {
  const review = consensusReviewTool.flags!;
  it.each([
    ['a flag and a flag=value', '--mode=code-review needs --base-sha', 'mode=code-review needs baseSha'],
    ['a renamed option (--prompt is question)', 'general-prompt needs --prompt', 'general-prompt needs question'],
    ['a flag with no argument stays', 'pass --allow-dirty, or --reviewers-file', 'pass --allow-dirty, or --reviewers-file'],
    ['a longer flag is not cut down to a known one', '--base-sha-ish and --no-chunks', '--base-sha-ish and --no-chunks'],
    ['a quoted command stays; a quoted lone flag is renamed', 'run `git diff --exclude x` or set `--exclude`', 'run `git diff --exclude x` or set `exclude`'],
    ['no flag at all', 'the tree is dirty', 'the tree is dirty'],
  ])('%s', (_what, text, expected) => {
    expect(flagsAsArguments(text, review)).toBe(expected);
  });

  it('comes from the option table: each argument but cwd has its flag, none other', () => {
    for (const tool of [consensusFixTool, consensusReviewTool]) {
      expect([...tool.flags!.values()].sort()).toEqual(Object.keys(tool.input.shape).filter((name) => name !== 'cwd').sort());
    }
    expect(consensusFixTool.flags!.get('--test-cmd')).toBe('testCmd');
    expect(consensusFixTool.flags!.has('--restore')).toBe(false);
  });
});

describe('hideKeys', () => {
  it.each([
    ['a string', 'key=sk-secret-1', 'key=[REDACTED]'],
    ['nested values', { a: ['sk-secret-1 and sk-secret-2'], b: { c: 3, d: null, e: true } }, { a: ['[REDACTED] and [REDACTED]'], b: { c: 3, d: null, e: true } }],
    ['nothing to hide', { a: 'plain' }, { a: 'plain' }],
  ])('%s', (_what, value, expected) => {
    expect(hideKeys(value, ['sk-secret-1', 'sk-secret-2'])).toEqual(expected);
  });
});

describe('rootDirs', () => {
  it.each([
    [['file:///home/me/project'], ['/home/me/project']],
    [['file:///tmp/with%20space', 'https://example.com/repo'], ['/tmp/with space']],
    [[], []],
  ])('%j -> %j', (uris, dirs) => {
    expect(rootDirs(uris)).toEqual(dirs);
  });
});

describe('reserveStdout', () => {
  it('gives the protocol its own way onto stdout and sends every other stdout write to stderr', async () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const read = (stream: PassThrough) => (stream.read() as Buffer | null)?.toString() ?? '';
    const protocol = reserveStdout(stdout as unknown as NodeJS.WriteStream, stderr as unknown as NodeJS.WriteStream);
    stdout.write('a stray console.log\n');
    await new Promise<void>((resolve) => protocol.write('{"jsonrpc":"2.0"}\n', () => resolve()));
    expect(read(stdout)).toBe('{"jsonrpc":"2.0"}\n');
    expect(read(stderr)).toBe('a stray console.log\n');
  });
});
