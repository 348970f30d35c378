import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreInterruptedRuns, RestoreReportSchema, toRestoreReport } from '../src/restore-interrupted.js';
import { journalDir } from '../src/snapshot.js';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';

let repo: TempRepo;
beforeEach(() => {
  repo = makeTempRepo({ files: { 'a.txt': 'original\n' } });
});
afterEach(() => repo.cleanup());

async function plantJournal(name: string, body: string): Promise<string> {
  const dir = await journalDir(repo.dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), body);
  return path.join(dir, name);
}

describe('restoreInterruptedRuns', () => {
  it('with nothing to restore, says so on the log and reports empty lists', async () => {
    const lines: string[] = [];
    const report = await restoreInterruptedRuns({ cwd: repo.dir, tool: 'some-tool', log: (line) => lines.push(line) });
    expect(report).toEqual({ restored: [], skipped: [], kept: [] });
    expect(lines).toEqual(['some-tool: nothing to restore: no interrupted run left files behind']);
  });

  it('restores, skips and reports in the one shape both tools print, every line prefixed with the tool', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    const entry = { path: 'a.txt', existed: true, mode: 0o644, content: Buffer.from('original\n').toString('base64'), existingDir: null };
    const good = await plantJournal(`old-${dead}-0000.json`, JSON.stringify({ version: 1, tool: 'old-tool', pid: dead, hostname: os.hostname(), startedAt: 2, root: realpathSync(repo.dir), entries: [entry] }));
    const corrupt = await plantJournal('broken-1-0000.json', '{"version": 2');
    writeFileSync(path.join(repo.dir, 'a.txt'), 'left by the killed run\n');

    const lines: string[] = [];
    const report = RestoreReportSchema.parse(await restoreInterruptedRuns({ cwd: repo.dir, tool: 'some-tool', log: (line) => lines.push(line) }));
    expect(report.restored).toEqual([{ tool: 'old-tool', pid: dead, files: ['a.txt'], journal: good }]);
    expect(report.skipped).toEqual([{ tool: 'unknown', pid: 0, journal: corrupt, status: 'corrupt', why: expect.any(String), reason: expect.any(String) }]);
    expect(report.skipped[0]?.why).toBe(report.skipped[0]?.reason);
    expect(report.kept).toEqual([]);
    expect(repo.read('a.txt')).toBe('original\n');
    expect(lines.every((line) => line.startsWith('some-tool: '))).toBe(true);
    expect(lines.some((line) => line.includes('restored 1 file(s)'))).toBe(true);
    expect(existsSync(corrupt)).toBe(true);
    expect(readdirSync(path.dirname(corrupt))).toEqual(['broken-1-0000.json']);
  });
});

describe('toRestoreReport', () => {
  const base = { journalPath: '/r/.git/adlc/journals/x.json', tool: 't', pid: 7, startedAt: 1, restored: [], kept: [] };
  it.each([
    ['a live run', { ...base, skipped: 'live' as const }, { skipped: [{ tool: 't', pid: 7, journal: base.journalPath, status: 'live', why: 'its run (pid 7) is still going', reason: 'its run (pid 7) is still going' }] }],
    ['a failed restore', { ...base, skipped: 'failed' as const, error: 'disk full' }, { skipped: [{ tool: 't', pid: 7, journal: base.journalPath, status: 'failed', why: 'disk full', reason: 'disk full' }] }],
    [
      'a recovery that kept a file',
      { ...base, restored: ['b'], kept: [{ path: 'a', file: '/r/a', now: 'changed' as const, saved: '/r/.git/adlc/originals/x/a' }] },
      {
        restored: [{ tool: 't', pid: 7, journal: base.journalPath, files: ['b'] }],
        kept: [{ tool: 't', pid: 7, journal: base.journalPath, path: 'a', file: '/r/a', now: 'changed', saved: '/r/.git/adlc/originals/x/a' }],
      },
    ],
  ])('%s', (_, recovered, expected) => {
    expect(toRestoreReport([recovered])).toEqual({ restored: [], skipped: [], kept: [], ...expected });
  });
});
