import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeFileAtomicSync } from '../src/atomic-write.js';

let dir: string;
let tmpDir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'adlc-atomic-'));
  tmpDir = path.join(dir, 'scratch');
  mkdirSync(path.join(dir, 'tree'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['writeFileAtomic', writeFileAtomic],
  ['writeFileAtomicSync', async (...args: Parameters<typeof writeFileAtomicSync>) => writeFileAtomicSync(...args)],
] as const)('%s', (_name, write) => {
  it('replaces the content, keeps the mode, and leaves no temp behind', async () => {
    const target = path.join(dir, 'tree/run.sh');
    writeFileSync(target, 'old');
    chmodSync(target, 0o755);
    await write(target, Buffer.from([0, 1, 2, 255]), { tmpDir });
    expect(readFileSync(target)).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(statSync(target).mode & 0o7777).toBe(0o755);
    expect(readdirSync(path.join(dir, 'tree'))).toEqual(['run.sh']);
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it('creates parent directories and applies an explicit mode despite the umask', async () => {
    const target = path.join(dir, 'tree/new/deep/file.txt');
    await write(target, 'hello', { tmpDir, mode: 0o777 });
    expect(readFileSync(target, 'utf8')).toBe('hello');
    expect(statSync(target).mode & 0o7777).toBe(0o777);
  });

  it('writes through a symlink to its target instead of replacing the link', async () => {
    writeFileSync(path.join(dir, 'tree/real.txt'), 'old');
    symlinkSync('real.txt', path.join(dir, 'tree/link.txt'));
    await write(path.join(dir, 'tree/link.txt'), 'new', { tmpDir });
    expect(readFileSync(path.join(dir, 'tree/real.txt'), 'utf8')).toBe('new');
  });
});
