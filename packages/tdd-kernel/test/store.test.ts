// The state file is a cache of the folded log: a load writes it when it had none, or once the tail it
// folded again is large; a small tail (the hook's own refusals, one per call) is folded at each load
// instead of rewriting the whole state on every call. Either way the state is the log's.

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KernelEvent } from '../src/schemas/events.js';
import { foldEvents } from '../src/index.js';
import { projectPaths, type ProjectPaths } from '../src/project/paths.js';
import { emptyState } from '../src/kernel/state.js';
import { loadState, recordEvents, shouldRewriteState, STATE_REWRITE_BYTES, stateFilePath } from '../src/kernel/state-store.js';

const red = (i: number): KernelEvent => ({ type: 'test_run', test_id: `t${i % 40}.test.ts::case ${i % 40}`, test_id_source: 'native', status: i % 2 ? 'fail' : 'pass', ...(i % 2 ? { failure_kind: 'assertion' as const } : {}), command: 'x', duration_ms: 1, ts: 1000 + i });

describe('shouldRewriteState', () => {
  it.each([
    [false, 0, 10, 0, true],
    [true, 0, 10, 0, false],
    [true, 0, 10, 1, true],
    [true, 100, 100, 0, false],
    [false, 100, 100, 0, false],
    [true, 100, 100 + STATE_REWRITE_BYTES, 0, true],
    [true, 100, 99 + STATE_REWRITE_BYTES, 0, false],
  ])('cached %s, folded %i..%i with %i corrupt lines: %s', (cached, start, end, corrupt, expected) => expect(shouldRewriteState(cached, start, end, corrupt)).toBe(expected));
});

describe('loadState and the state file', () => {
  let root: string;
  let paths: ProjectPaths;
  const events: KernelEvent[] = [];
  const record = (list: KernelEvent[]) => {
    recordEvents(paths, list);
    events.push(...list);
  };
  const stateFile = () => fs.readFileSync(stateFilePath(paths), 'utf8');

  beforeEach(() => {
    root = fs.realpathSync(mkdtempSync(path.join(tmpdir(), 'tk-store-')));
    execFileSync('git', ['init', '-q'], { cwd: root });
    paths = projectPaths(root, {});
    events.length = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes the state file at the first load, keeps it through a small tail, and writes it again past the threshold', () => {
    record(Array.from({ length: 50 }, (_, i) => red(i)));
    expect(loadState(paths).state).toEqual(foldEvents(events, emptyState()));
    const first = stateFile();

    record([red(51)]);
    expect(loadState(paths).state).toEqual(foldEvents(events, emptyState()));
    expect(stateFile()).toBe(first);
    // Loaded again, the same small tail is folded again, to the same state.
    expect(loadState(paths).state).toEqual(foldEvents(events, emptyState()));

    const perEvent = JSON.stringify(red(52)).length + 1;
    record(Array.from({ length: Math.ceil(STATE_REWRITE_BYTES / perEvent) + 1 }, (_, i) => red(52 + i)));
    expect(loadState(paths).state).toEqual(foldEvents(events, emptyState()));
    const rewritten = stateFile();
    expect(rewritten).not.toBe(first);
    expect(JSON.parse(rewritten).offset).toBe(fs.statSync(paths.log).size);
  });

  it('a corrupt line in a small tail is warned about once: the state file then covers it', () => {
    record(Array.from({ length: 20 }, (_, i) => red(i)));
    loadState(paths);
    fs.appendFileSync(paths.log, '{"type": "test_run", torn\n');
    record([red(21)]);
    const first = loadState(paths);
    expect(first.warnings).toHaveLength(1);
    expect(first.state).toEqual(foldEvents(events, emptyState()));
    const again = loadState(paths);
    expect(again.warnings).toEqual([]);
    expect(again.corrupt).toBe(1);
    expect(again.state).toEqual(foldEvents(events, emptyState()));
  });

  it('a corrupt state file is refolded from the log and written again', () => {
    record(Array.from({ length: 20 }, (_, i) => red(i)));
    loadState(paths);
    fs.writeFileSync(stateFilePath(paths), '{"version":2,"log":');
    expect(loadState(paths).state).toEqual(foldEvents(events, emptyState()));
    expect(JSON.parse(stateFile()).offset).toBe(fs.statSync(paths.log).size);
  });
});
