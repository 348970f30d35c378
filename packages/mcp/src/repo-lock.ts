// One writer at a time per repository, readers side by side. consensus_fix, review_calibration and the
// tdd tools that write files, run tests or append events take a repository alone; reviews and
// tdd_status share it with each other, and never see a tree a writer has half changed.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { InterruptedError } from '@adlc/core';

export type Access = 'read' | 'write';

interface Waiter {
  access: Access;
  start: () => void;
}

interface Lane {
  readers: number;
  writing: boolean;
  /** First come, first served: a reader behind a waiting writer waits too, so writers never starve. */
  waiting: Waiter[];
}

/** Whether a call with `access` may start on the lane now. Pure. */
export function canStart(lane: Pick<Lane, 'readers' | 'writing'>, access: Access): boolean {
  return access === 'read' ? !lane.writing : !lane.writing && lane.readers === 0;
}

/** The repository a directory belongs to: the nearest directory above it (or itself) with a .git; else itself. */
export function repoKey(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, '.git'))) return at;
    if (path.dirname(at) === at) return dir;
  }
}

export class RepoLocks {
  private readonly lanes = new Map<string, Lane>();

  /** Runs `fn` holding `key` for `access`; a call cancelled while it waits never starts. */
  async run<T>(key: string, access: Access, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire(key, access, signal);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private acquire(key: string, access: Access, signal: AbortSignal): Promise<() => void> {
    const lane = this.lanes.get(key) ?? { readers: 0, writing: false, waiting: [] };
    this.lanes.set(key, lane);
    const release = () => this.release(key, lane, access);
    if (lane.waiting.length === 0 && canStart(lane, access)) {
      take(lane, access);
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        access,
        start: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const at = lane.waiting.indexOf(waiter);
        if (at >= 0) lane.waiting.splice(at, 1);
        this.pump(key, lane);
        reject(new InterruptedError('SIGINT'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      lane.waiting.push(waiter);
    });
  }

  private release(key: string, lane: Lane, access: Access): void {
    if (access === 'write') lane.writing = false;
    else lane.readers -= 1;
    this.pump(key, lane);
  }

  /** Starts every waiter at the head of the queue that may start now; forgets an idle lane. */
  private pump(key: string, lane: Lane): void {
    while (lane.waiting.length > 0 && canStart(lane, lane.waiting[0]!.access)) {
      const next = lane.waiting.shift()!;
      take(lane, next.access);
      next.start();
    }
    if (lane.readers === 0 && !lane.writing && lane.waiting.length === 0) this.lanes.delete(key);
  }
}

function take(lane: Lane, access: Access): void {
  if (access === 'write') lane.writing = true;
  else lane.readers += 1;
}
