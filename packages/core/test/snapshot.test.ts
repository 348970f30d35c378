import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpError } from '../src/errors.js';
import { FileSnapshot, journalDir } from '../src/snapshot.js';
import { recoverJournals } from '../src/snapshot-recover.js';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { isRunning, spawnNode } from './support/child.js';

const CHILD = fileURLToPath(new URL('./fixtures/snapshot-child.mjs', import.meta.url));

// Every byte value, NULs included: a restore must be binary-safe.
const BINARY = Buffer.concat([Buffer.from([0, 0, 0xff, 0xfe]), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);
const FILES = {
  'src/a.js': 'export const a = 1;\n',
  'src/crlf.txt': 'first\r\nsecond\r\n',
  'src/no-final-newline.txt': 'the last line has no newline',
  'bin/run.sh': { content: '#!/bin/sh\necho hi\n', mode: 0o755 },
  'assets/blob.bin': BINARY,
};
const NEW_FILE = 'src/new/deep/file.js';
const SNAPSHOT_FILES = [...Object.keys(FILES), NEW_FILE];

let repo: TempRepo;
let originals: Map<string, { content: Buffer; mode: number }>;

beforeEach(() => {
  repo = makeTempRepo({ files: FILES });
  originals = new Map(
    Object.keys(FILES).map((rel) => {
      const abs = path.join(repo.dir, rel);
      return [rel, { content: readFileSync(abs), mode: statSync(abs).mode & 0o7777 }];
    }),
  );
  expect(repo.status()).toBe('');
});

afterEach(() => repo.cleanup());

function expectPristine(): void {
  for (const [rel, original] of originals) {
    const abs = path.join(repo.dir, rel);
    expect(readFileSync(abs).equals(original.content), `${rel} bytes`).toBe(true);
    expect(statSync(abs).mode & 0o7777, `${rel} mode`).toBe(original.mode);
  }
  expect(existsSync(path.join(repo.dir, 'src/new')), 'created directories removed').toBe(false);
  expect(repo.status()).toBe('');
}

function journals(): string[] {
  const dir = path.join(repo.dir, '.git/adlc/journals');
  return existsSync(dir) ? readdirSync(dir) : [];
}

function tempFiles(): string[] {
  const dir = path.join(repo.dir, '.git/adlc/tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('FileSnapshot', () => {
  it('journals before returning, then restores bytes and modes exactly and deletes files that did not exist', async () => {
    const snapshot = await FileSnapshot.create({ root: repo.dir, files: SNAPSHOT_FILES, tool: 'unit' });
    expect(snapshot.journalPath.startsWith(realpathSync(path.join(repo.dir, '.git/adlc/journals')))).toBe(true);
    expect(existsSync(snapshot.journalPath)).toBe(true);
    expect(snapshot.entries.map((e) => [e.path, e.existed])).toEqual(SNAPSHOT_FILES.map((f) => [f, f !== NEW_FILE]));

    for (const file of SNAPSHOT_FILES) await snapshot.write(file, `garbage for ${file}\n`);
    chmodSync(path.join(repo.dir, 'bin/run.sh'), 0o600);
    expect(readFileSync(path.join(repo.dir, NEW_FILE), 'utf8')).toBe(`garbage for ${NEW_FILE}\n`);

    expect((await snapshot.restore()).sort()).toEqual([...SNAPSHOT_FILES].sort());
    expectPristine();
    expect(existsSync(snapshot.journalPath), 'the journal outlives a restore').toBe(true);
    expect(snapshot.restoreSync(), 'idempotent').toEqual([]);

    // A snapshot serves candidate after candidate.
    await snapshot.write('src/a.js', 'second candidate\n');
    expect(await snapshot.close()).toEqual(['src/a.js']);
    expect(existsSync(snapshot.journalPath)).toBe(false);
    expect(await snapshot.close()).toEqual([]);
    expectPristine();
    expect(tempFiles()).toEqual([]);
  });

  it('gives back the original bytes, and null for a file that did not exist', async () => {
    const snapshot = await FileSnapshot.create({ root: repo.dir, files: SNAPSHOT_FILES, tool: 'unit' });
    try {
      expect(snapshot.original('assets/blob.bin')?.equals(BINARY)).toBe(true);
      expect(snapshot.original(path.join(repo.dir, 'src/crlf.txt'))?.toString()).toBe('first\r\nsecond\r\n');
      expect(snapshot.original(NEW_FILE)).toBeNull();
      expect(() => snapshot.original('src/unknown.js')).toThrow(OpError);
    } finally {
      await snapshot.close();
    }
  });

  it('refuses to write a path it does not cover, however it is spelled', async () => {
    writeFileSync(path.join(repo.dir, 'outside-target.txt'), 'x');
    const snapshot = await FileSnapshot.create({ root: repo.dir, files: ['src/a.js'], tool: 'unit' });
    try {
      for (const file of ['src/b.js', '../a.js', '/etc/passwd', 'src/../outside-target.txt']) {
        await expect(snapshot.write(file, 'nope'), file).rejects.toThrow(OpError);
      }
      // Another spelling of a covered file is fine.
      await snapshot.write('./src/../src/a.js', 'candidate\n');
      expect(repo.read('src/a.js')).toBe('candidate\n');
    } finally {
      await snapshot.close();
    }
    expect(readFileSync(path.join(repo.dir, 'outside-target.txt'), 'utf8')).toBe('x');
  });

  it('refuses to snapshot files outside the root, through .. or a symlink', async () => {
    const outside = realpathSync(os.tmpdir());
    symlinkSync(outside, path.join(repo.dir, 'tmp-link'));
    for (const file of ['../elsewhere.txt', '/etc/hostname', 'tmp-link/x.txt', 'src']) {
      await expect(FileSnapshot.create({ root: repo.dir, files: [file], tool: 'unit' }), file).rejects.toThrow(OpError);
    }
    expect(journals()).toEqual([]);
  });

  it('replaces a symlink or directory planted on a snapshotted path instead of following it', async () => {
    const victim = path.join(os.tmpdir(), `adlc-victim-${process.pid}-${Date.now()}.txt`);
    writeFileSync(victim, 'not yours');
    const snapshot = await FileSnapshot.create({ root: repo.dir, files: ['src/a.js', 'src/crlf.txt'], tool: 'unit' });
    try {
      rmSync(path.join(repo.dir, 'src/a.js'));
      symlinkSync(victim, path.join(repo.dir, 'src/a.js'));
      await snapshot.write('src/a.js', 'candidate\n');
      expect(readFileSync(victim, 'utf8')).toBe('not yours');
      expect(repo.read('src/a.js')).toBe('candidate\n');

      rmSync(path.join(repo.dir, 'src/a.js'));
      symlinkSync(victim, path.join(repo.dir, 'src/a.js'));
      rmSync(path.join(repo.dir, 'src/crlf.txt'));
      mkdirSync(path.join(repo.dir, 'src/crlf.txt/inner'), { recursive: true });
      expect((await snapshot.close()).sort()).toEqual(['src/a.js', 'src/crlf.txt']);
      expect(readFileSync(victim, 'utf8')).toBe('not yours');
      expectPristine();
    } finally {
      rmSync(victim, { force: true });
    }
  });

  it('release keeps what the tool applied and drops the journal', async () => {
    const snapshot = await FileSnapshot.create({ root: repo.dir, files: ['src/a.js'], tool: 'unit' });
    await snapshot.write('src/a.js', 'the winner\n');
    await snapshot.release();
    expect(existsSync(snapshot.journalPath)).toBe(false);
    expect(repo.read('src/a.js')).toBe('the winner\n');
    await expect(snapshot.write('src/a.js', 'late')).rejects.toThrow(OpError);
    expect(await snapshot.close()).toEqual([]);
    expect(repo.read('src/a.js')).toBe('the winner\n');
  });

  it('restores only the files it is given, and rewrites none that is already back', async () => {
    const snapshot = await FileSnapshot.create({ root: repo.dir, files: ['src/a.js', NEW_FILE], tool: 'unit' });
    await snapshot.write('src/a.js', 'changed\n');
    await snapshot.write(NEW_FILE, 'created\n');
    expect(await snapshot.restore([NEW_FILE])).toEqual([NEW_FILE]);
    expect(existsSync(path.join(repo.dir, NEW_FILE))).toBe(false);
    expect(repo.read('src/a.js')).toBe('changed\n');
    expect(await snapshot.restore([NEW_FILE])).toEqual([]);
    expect(await snapshot.close()).toEqual(['src/a.js']);
    expect(repo.status()).toBe('');
  });

  it('outside a git repository, journals live in the OS temp dir', async () => {
    const plain = makeTempRepo({ noGit: true, files: { 'a.txt': 'original' } });
    const key = createHash('sha1').update(realpathSync(plain.dir)).digest('hex');
    const expected = path.join(os.tmpdir(), 'adlc-journals', key);
    try {
      expect(await journalDir(plain.dir)).toBe(expected);
      const snapshot = await FileSnapshot.create({ root: plain.dir, files: ['a.txt'], tool: 'unit' });
      expect(path.dirname(snapshot.journalPath)).toBe(expected);
      await snapshot.write('a.txt', 'changed');
      expect(await snapshot.close()).toEqual(['a.txt']);
      expect(readdirSync(plain.dir)).toEqual(['a.txt']);
      expect(plain.read('a.txt')).toBe('original');
    } finally {
      plain.cleanup();
      rmSync(expected, { recursive: true, force: true });
      rmSync(path.join(os.tmpdir(), 'adlc-tmp', key), { recursive: true, force: true });
    }
  });
});

describe('recoverJournals', () => {
  it('leaves a corrupt journal in place and says so', async () => {
    const dir = await journalDir(repo.dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'broken-1-0000.json'), '{"version": 1, "tool": "x"');
    writeFileSync(path.join(dir, 'escaping-2-0000.json'), JSON.stringify({ version: 1, tool: 'x', pid: 2, hostname: 'h', startedAt: 1, root: repo.dir, entries: [{ path: '../../etc/passwd', existed: false, mode: null, content: null, existingDir: null }] }));
    const lines: string[] = [];
    const results = await recoverJournals({ cwd: repo.dir, log: (line) => lines.push(line) });
    expect(results.map((r) => r.skipped)).toEqual(['corrupt', 'corrupt']);
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.startsWith('left a corrupt journal in place'))).toBe(true);
    expect(journals().sort()).toEqual(['broken-1-0000.json', 'escaping-2-0000.json']);
  });

  it('keeps the journal when its root is gone, rather than recreating it', async () => {
    const gone = path.join(os.tmpdir(), `adlc-gone-${process.pid}-${Date.now()}`);
    const dir = await journalDir(repo.dir);
    mkdirSync(dir, { recursive: true });
    const entry = { path: 'a.txt', existed: true, mode: 0o644, content: Buffer.from('original').toString('base64'), existingDir: null };
    writeFileSync(path.join(dir, 'gone-2-0000.json'), JSON.stringify({ version: 1, tool: 'x', pid: 2, hostname: 'elsewhere', startedAt: 1, root: gone, entries: [entry] }));
    const [result] = await recoverJournals({ cwd: repo.dir });
    expect(result).toMatchObject({ skipped: 'failed', restored: [] });
    expect(existsSync(gone)).toBe(false);
    expect(journals()).toEqual(['gone-2-0000.json']);
  });

  it('sweeps temp files stranded by a dead writer, not a live one', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    const tmp = path.join(repo.dir, '.git/adlc/tmp');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(path.join(tmp, `${dead}-abcdef.tmp`), 'half a file');
    writeFileSync(path.join(tmp, `${process.pid}-abcdef.tmp`), 'ours, in flight');
    expect(await recoverJournals({ cwd: repo.dir })).toEqual([]);
    expect(tempFiles()).toEqual([`${process.pid}-abcdef.tmp`]);
  });
});

describe('an interrupted tool run (child process)', () => {
  const garbled = () => readFileSync(path.join(repo.dir, 'src/a.js'), 'utf8').startsWith('garbage');

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('restores every file on %s and exits %i; a live run is never recovered from under it', async (signal, code) => {
    const child = spawnNode(CHILD, ['wait', repo.dir, ...SNAPSHOT_FILES], { cwd: repo.dir });
    await child.waitForLine(/^ready /);
    expect(garbled()).toBe(true);

    const lines: string[] = [];
    const results = await recoverJournals({ cwd: repo.dir, log: (line) => lines.push(line) });
    expect(results).toMatchObject([{ tool: 'fixture-tool', pid: child.process.pid, skipped: 'live', restored: [] }]);
    expect(lines[0]).toMatch(/still running \(pid \d+\)/);
    expect(garbled()).toBe(true);

    child.process.kill(signal);
    expect((await child.exited).code).toBe(code);
    expectPristine();
    expect(journals()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('restores right in the signal handler even when the main flow is stuck, and exits on its own', async () => {
    const child = spawnNode(CHILD, ['stuck', repo.dir, ...SNAPSHOT_FILES], { cwd: repo.dir });
    await child.waitForLine(/^ready /);
    const started = Date.now();
    child.process.kill('SIGTERM');
    expect((await child.exited).code).toBe(143);
    expect(Date.now() - started).toBeLessThan(6000);
    expectPristine();
    expect(journals()).toEqual([]);
  });

  it('exits at once on a second signal', async () => {
    const child = spawnNode(CHILD, ['stuck', repo.dir, ...SNAPSHOT_FILES], { cwd: repo.dir });
    const journal = (await child.waitForLine(/^ready /)).slice('ready '.length);
    const started = Date.now();
    child.process.kill('SIGINT');
    // The first signal's cleanup has run once the journal is gone.
    await until(() => !existsSync(journal));
    child.process.kill('SIGINT');
    expect((await child.exited).code).toBe(130);
    expect(Date.now() - started).toBeLessThan(2500);
    expectPristine();
  });

  it('kills a running test command before restoring, so it cannot scribble on a restored file', async () => {
    const pidFile = path.join(os.tmpdir(), `adlc-scribbler-${process.pid}-${Date.now()}.pid`);
    const child = spawnNode(CHILD, ['command', repo.dir, ...SNAPSHOT_FILES], { cwd: repo.dir, env: { ADLC_TEST_PIDFILE: pidFile } });
    await child.waitForLine(/^ready /);
    await until(() => existsSync(pidFile) && repo.read('src/a.js') === 'junk');
    const scribbler = Number(readFileSync(pidFile, 'utf8'));
    rmSync(pidFile);

    child.process.kill('SIGINT');
    const exited = await child.exited;
    expect(exited.code).toBe(130);
    // The main flow learnt of it as runCommand rejecting with the InterruptedError.
    expect(exited.stderr).toBe('interrupted by SIGINT\n');
    expect(isRunning(scribbler)).toBe(false);
    expectPristine();
    expect(journals()).toEqual([]);
  });

  it('after a SIGKILL mid-write, recovery restores byte-identically, removes the journal, and a second recovery does nothing', async () => {
    const child = spawnNode(CHILD, ['loop', repo.dir, ...SNAPSHOT_FILES], { cwd: repo.dir });
    const journal = (await child.waitForLine(/^ready /)).slice('ready '.length);
    child.process.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
    expect(garbled()).toBe(true);
    expect(existsSync(journal)).toBe(true);

    const lines: string[] = [];
    const [result, ...others] = await recoverJournals({ cwd: repo.dir, log: (line) => lines.push(line) });
    expect(others).toEqual([]);
    expect(result).toMatchObject({ tool: 'fixture-tool', pid: child.process.pid, journalPath: journal });
    expect(result?.skipped).toBeUndefined();
    expect(result?.restored).toEqual(SNAPSHOT_FILES);
    // Killed at any point of the loop, whatever is on disk was journaled as the run's own write.
    expect(result?.kept).toEqual([]);
    expect(lines).toEqual([
      `restored ${SNAPSHOT_FILES.length} file(s) left by an interrupted fixture-tool run (pid ${child.process.pid}): ${SNAPSHOT_FILES.join(', ')}`,
    ]);
    expectPristine();
    expect(journals()).toEqual([]);
    expect(tempFiles()).toEqual([]);

    expect(await recoverJournals({ cwd: repo.dir })).toEqual([]);
    expectPristine();
  });
});

describe('recovery after a SIGKILL, when a person changed files since', () => {
  const CREATED_KEPT = 'src/new/deep/file.js';
  const CREATED_LEFT = 'src/created-by-the-run.js';
  const FILES_OF_RUN = [...Object.keys(FILES), CREATED_KEPT, CREATED_LEFT];

  async function killedRun(): Promise<{ journal: string; pid: number }> {
    const child = spawnNode(CHILD, ['loop', repo.dir, ...FILES_OF_RUN], { cwd: repo.dir });
    const journal = (await child.waitForLine(/^ready /)).slice('ready '.length);
    child.process.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
    return { journal, pid: child.process.pid as number };
  }

  it('restores what the run wrote, keeps what the person changed, saves those originals under .git and says where', async () => {
    const { journal, pid } = await killedRun();
    // The person, after the crash: edits one file, deletes another, puts a third back by hand,
    // and edits a file the run had created. The rest is still the run's garbage.
    writeFileSync(path.join(repo.dir, 'src/a.js'), 'export const a = 42; // my edit\n');
    rmSync(path.join(repo.dir, 'bin/run.sh'));
    writeFileSync(path.join(repo.dir, 'src/no-final-newline.txt'), 'the last line has no newline');
    writeFileSync(path.join(repo.dir, CREATED_KEPT), 'my new file\n');

    const lines: string[] = [];
    const [result, ...others] = await recoverJournals({ cwd: repo.dir, log: (line) => lines.push(line) });
    expect(others).toEqual([]);
    expect(result).toMatchObject({ tool: 'fixture-tool', pid, journalPath: journal });
    expect(result?.skipped).toBeUndefined();
    expect(result?.restored.sort()).toEqual(['assets/blob.bin', CREATED_LEFT, 'src/crlf.txt'].sort());
    const kept = [...(result?.kept ?? [])].sort((a, b) => a.path.localeCompare(b.path));
    expect(kept.map((k) => [k.path, k.now])).toEqual([
      ['bin/run.sh', 'missing'],
      ['src/a.js', 'changed'],
      [CREATED_KEPT, 'changed'],
    ]);

    // The person's work is untouched.
    expect(repo.read('src/a.js')).toBe('export const a = 42; // my edit\n');
    expect(existsSync(path.join(repo.dir, 'bin/run.sh'))).toBe(false);
    expect(repo.read(CREATED_KEPT)).toBe('my new file\n');
    // The others are back.
    for (const rel of ['src/crlf.txt', 'assets/blob.bin', 'src/no-final-newline.txt']) {
      expect(readFileSync(path.join(repo.dir, rel)).equals(originals.get(rel)!.content), rel).toBe(true);
    }
    expect(existsSync(path.join(repo.dir, CREATED_LEFT))).toBe(false);

    // The originals of kept files are saved under the git dir, bytes and mode; a created file had none.
    const gitDir = realpathSync(path.join(repo.dir, '.git'));
    for (const rel of ['src/a.js', 'bin/run.sh']) {
      const saved = kept.find((k) => k.path === rel)!.saved!;
      expect(saved.startsWith(path.join(gitDir, 'adlc') + path.sep), saved).toBe(true);
      expect(readFileSync(saved).equals(originals.get(rel)!.content), rel).toBe(true);
      expect(statSync(saved).mode & 0o7777).toBe(originals.get(rel)!.mode);
      expect(lines.some((line) => line.includes(rel) && line.includes(saved)), `stderr names ${saved}`).toBe(true);
    }
    expect(kept.find((k) => k.path === CREATED_KEPT)!.saved).toBeNull();
    const aSaved = kept.find((k) => k.path === 'src/a.js')!.saved!;
    expect(lines.join('\n')).toContain(`git diff --no-index ${aSaved} ${path.join(realpathSync(repo.dir), 'src/a.js')}`);
    expect(lines.join('\n')).toContain(`restored 3 file(s) left by an interrupted fixture-tool run (pid ${pid})`);

    // The journal is gone (the saved originals stay), nothing is left in the working tree but the person's changes.
    expect(journals()).toEqual([]);
    expect(repo.status().split('\n').filter(Boolean).sort()).toEqual([' D bin/run.sh', ' M src/a.js', '?? src/new/'].sort());
    expect(await recoverJournals({ cwd: repo.dir })).toEqual([]);
    expect(repo.read('src/a.js')).toBe('export const a = 42; // my edit\n');
  });

  it('a file put back to its original by hand, or never written, counts as intact', async () => {
    await killedRun();
    for (const [rel, original] of originals) writeFileSync(path.join(repo.dir, rel), original.content);
    const [result] = await recoverJournals({ cwd: repo.dir });
    expect(result?.kept).toEqual([]);
    expect(result?.restored.sort()).toEqual([CREATED_KEPT, CREATED_LEFT].sort());
    expectPristine();
  });

  it('journals the hash of a content before writing it, so a kill between the two still counts it as the run\'s', async () => {
    const snapshot = await FileSnapshot.create({ root: repo.dir, files: ['src/a.js'], tool: 'unit' });
    try {
      // Make the write itself fail after the journal step: `src` is now a plain file.
      rmSync(path.join(repo.dir, 'src'), { recursive: true });
      writeFileSync(path.join(repo.dir, 'src'), 'not a directory');
      await expect(snapshot.write('src/a.js', 'never landed\n')).rejects.toThrow();
      const journal = JSON.parse(readFileSync(snapshot.journalPath, 'utf8')) as { version: number; entries: Array<{ written: string[] }> };
      expect(journal.version).toBe(2);
      expect(journal.entries[0]?.written).toEqual([createHash('sha256').update('never landed\n').digest('hex')]);
    } finally {
      rmSync(path.join(repo.dir, 'src'), { force: true });
      await snapshot.close();
    }
  });

  it('a journal of the old format (no hashes) still recovers as before: everything restored', async () => {
    const dir = await journalDir(repo.dir);
    mkdirSync(dir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    const entry = { path: 'src/a.js', existed: true, mode: 0o644, content: originals.get('src/a.js')!.content.toString('base64'), existingDir: null };
    writeFileSync(path.join(dir, `old-${dead}-0000.json`), JSON.stringify({ version: 1, tool: 'old', pid: dead, hostname: os.hostname(), startedAt: 1, root: realpathSync(repo.dir), entries: [entry] }));
    writeFileSync(path.join(repo.dir, 'src/a.js'), 'whoever wrote this\n');
    const [result] = await recoverJournals({ cwd: repo.dir });
    expect(result).toMatchObject({ tool: 'old', restored: ['src/a.js'], kept: [] });
    expect(readFileSync(path.join(repo.dir, 'src/a.js')).equals(originals.get('src/a.js')!.content)).toBe(true);
  });
});

/** Polls a condition the test cannot be told about (a file another process writes). */
async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
