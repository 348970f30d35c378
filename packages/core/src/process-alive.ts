// Is the process that wrote a journal still running? A bare `kill(pid, 0)` is fooled by zombies and
// by pid reuse (containers hand out the same small pids run after run), so on Linux we also read
// /proc to reject zombies and processes that started after the journal was written.

import { readFileSync } from 'node:fs';

/** Linux reports start times in USER_HZ ticks, fixed at 100 on every mainstream architecture. */
const TICKS_PER_SECOND = 100;
/** Boot time has one-second resolution and drifts with clock adjustments. */
const START_TIME_TOLERANCE_MS = 2000;

/**
 * True when `pid` is a running process that could have been running at `startedAt` (ms since epoch).
 * Errs on the side of "alive" when it cannot tell (no /proc), so a live run is never disturbed.
 */
export function isProcessAlive(pid: number, startedAt?: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, it just is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const info = procInfo(pid);
  if (info === null) return true;
  if (info.state === 'Z' || info.state === 'X') return false;
  if (startedAt !== undefined && info.startMs !== null && info.startMs > startedAt + START_TIME_TOLERANCE_MS) return false;
  return true;
}

function procInfo(pid: number): { state: string; startMs: number | null } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may contain spaces and parentheses: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '';
  const startTicks = Number(fields[19]);
  const boot = bootTimeMs();
  const startMs = boot === null || !Number.isFinite(startTicks) ? null : boot + (startTicks * 1000) / TICKS_PER_SECOND;
  return { state, startMs };
}

function bootTimeMs(): number | null {
  try {
    const match = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return match ? Number(match[1]) * 1000 : null;
  } catch {
    return null;
  }
}
