// Whether a covered run's coverage is whole. Every Node process of the run writes its V8 coverage
// when it ends; one that a signal kills first writes none, and one whose runner moved
// NODE_V8_COVERAGE elsewhere (tap, c8) writes it there. Without a check, a ranking made from what is
// left looks as sure as one made from everything, and differs from run to run (Vitest ends its
// workers with SIGTERM and SIGKILLs them 500 ms later, before a busy machine let them write).
//
// Two preloads, part of every covered run's: each process notes its start (its pid, its script and
// where its coverage goes) and its normal end; a runner's SIGKILL of a child it had just sent SIGTERM
// waits (up to HOLD_MS) for that child to end, so the SIGTERM flush (FLUSH_ON_SIGTERM) can write the
// child's coverage. After the run, the notes against the coverage files name each process that
// left none, and why; coverage written elsewhere is read from there.

import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { listDir } from '../coverage/v8.js';
import { isProcessAlive } from '@adlc/core';

/** How long a SIGKILL of a child already sent SIGTERM waits for it to end by itself. */
export const HOLD_MS = 20_000;

/**
 * Notes each process's start (`started-<pid>.json`: its script, its NODE_V8_COVERAGE) and normal end
 * (`exited-<pid>`), in the watch directory. A worker thread is part of its process.
 */
export const NOTE_PROCESS = (dirEnv: string) => `
// consensus-fix: notes this process's start and end (localization's covered runs only).
(function () {
  var dir = process.env.${dirEnv};
  if (!dir || !require('node:worker_threads').isMainThread) return;
  var fs = require('node:fs');
  var path = require('node:path');
  try {
    fs.writeFileSync(path.join(dir, 'started-' + process.pid + '.json'), JSON.stringify({ script: process.argv[1] || '', coverage: process.env.NODE_V8_COVERAGE || '', runner: process.execArgv.indexOf('--test') >= 0 }));
  } catch (e) {}
  process.on('exit', function () {
    // Written here, in the exit handler, rather than after it: a runner that SIGKILLs a worker once it
    // is on its way out (seen with Vitest's forks) would cut Node's own write short.
    try { require('node:v8').takeCoverage(); } catch (e) {}
    // Node names a coverage file by pid and millisecond, and a take resets the counts: its own write at
    // exit, in the same millisecond, would replace this file with a nearly empty one. Let the clock move.
    var taken = Date.now();
    while (Date.now() === taken) {}
    try { fs.writeFileSync(path.join(dir, 'exited-' + process.pid), ''); } catch (e) {}
  });
})();
`;

/**
 * A runner that ends a worker with SIGTERM and then, on a timer, with SIGKILL (Vitest's forks pool,
 * jest-worker, tinypool) kills it mid-write on a loaded machine. In a covered run, a SIGKILL of a
 * child this process sent SIGTERM waits until that child ends, for at most HOLD_MS.
 */
export const HOLD_SIGKILL = `
// consensus-fix: gives a child sent SIGTERM the time to write its coverage (localization's covered runs only).
(function () {
  var proto = require('node:child_process').ChildProcess.prototype;
  var kill = proto.kill;
  var terminated = new WeakMap();
  proto.kill = function (signal) {
    var child = this;
    var running = child.exitCode === null && child.signalCode === null;
    if ((signal === 'SIGKILL' || signal === 9) && running && terminated.has(child)) {
      var timer = setTimeout(function () { kill.call(child, 'SIGKILL'); }, Math.max(0, ${HOLD_MS} - (Date.now() - terminated.get(child))));
      child.once('exit', function () { clearTimeout(timer); });
      return true;
    }
    if ((signal === undefined || signal === 'SIGTERM' || signal === 15) && running && !terminated.has(child)) terminated.set(child, Date.now());
    return kill.apply(this, arguments);
  };
})();
`;

/** Why a process of a covered run left no coverage. */
export type GapReason = 'killed' | 'redirected' | 'unwritten';

export interface CoverageGap {
  /** The process's script (absolute, as it was started), '' for `node -e` and the like. */
  script: string;
  pid: number;
  reason: GapReason;
}

export interface CoverageCheck {
  /** Coverage files of the run's processes that their runner wrote outside the run's own directory. */
  elsewhere: string[];
  gaps: CoverageGap[];
}

/** How long, after a run's command ended, its processes that outlived it are waited for. */
export const OUTLIVED_MS = 30_000;

/** The pids of the run's processes (their start notes). */
function notedPids(notes: string): number[] {
  return listDir(notes).flatMap((name) => {
    const m = /^started-(\d+)\.json$/.exec(name);
    return m ? [Number(m[1])] : [];
  });
}

/**
 * Waits (up to OUTLIVED_MS) for the run's processes that outlived its command: a runner that exits
 * without waiting for a worker leaves it writing its coverage after the command has ended.
 */
export async function outlived(notes: string, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + OUTLIVED_MS;
  let pids = notedPids(notes).filter((pid) => pid !== process.pid);
  while (!signal?.aborted && Date.now() < deadline) {
    pids = pids.filter((pid) => isProcessAlive(pid));
    if (pids.length === 0) return;
    await sleep(50);
  }
}

/** A coverage file Node writes: `coverage-<pid>-<time>-<n>.json`. */
const COVERAGE_FILE = /^coverage-(\d+)-\d+-\d+\.json$/;

/** The coverage files in `dir` by pid, only those written whole (a killed process leaves a torn one). */
function wholeFiles(dir: string): Map<number, string[]> {
  const byPid = new Map<number, string[]>();
  for (const name of listDir(dir)) {
    const m = COVERAGE_FILE.exec(name);
    if (!m || !writtenWhole(path.join(dir, name))) continue;
    const pid = Number(m[1]);
    byPid.set(pid, [...(byPid.get(pid) ?? []), path.join(dir, name)]);
  }
  return byPid;
}

function writtenWhole(file: string): boolean {
  try {
    return readFileSync(file, 'utf8').trimEnd().endsWith('}');
  } catch {
    return false;
  }
}

/**
 * The run's processes (from the notes in `notes`) against the coverage in `v8Dir`: each that left
 * none, and why; the coverage files of those whose runner moved it elsewhere, when they are there.
 */
export function checkCoverage(notes: string, v8Dir: string): CoverageCheck {
  const own = wholeFiles(v8Dir);
  const others = new Map<string, Map<number, string[]>>();
  const elsewhere: string[] = [];
  const gaps: CoverageGap[] = [];
  const entries = listDir(notes);
  const exited = new Set(entries.filter((e) => e.startsWith('exited-')).map((e) => Number(e.slice('exited-'.length))));
  for (const name of entries) {
    const m = /^started-(\d+)\.json$/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    let note: { script?: string; coverage?: string; runner?: boolean };
    try {
      note = JSON.parse(readFileSync(path.join(notes, name), 'utf8')) as typeof note;
    } catch {
      continue;
    }
    const script = note.script ?? '';
    // `node --test`'s own process only starts the test files' processes: Node collects no coverage there.
    if (own.has(pid) || note.runner === true) continue;
    const dir = note.coverage ?? '';
    if (dir === '') {
      gaps.push({ script, pid, reason: 'redirected' });
      continue;
    }
    if (path.resolve(dir) !== path.resolve(v8Dir)) {
      if (!others.has(dir)) others.set(dir, wholeFiles(dir));
      const files = others.get(dir)!.get(pid);
      if (files) elsewhere.push(...files);
      else gaps.push({ script, pid, reason: 'redirected' });
      continue;
    }
    gaps.push({ script, pid, reason: exited.has(pid) ? 'unwritten' : 'killed' });
  }
  return { elsewhere: elsewhere.sort(), gaps: gaps.sort((a, b) => a.pid - b.pid) };
}
