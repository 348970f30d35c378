import { existsSync, readFileSync } from 'node:fs';

/**
 * Whether `pid` names a live process. A zombie is not one: it has exited, and where pid 1 does not
 * reap (a container's init, or a busy one) it can linger for seconds after its parent died.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    // Gone between the two reads; or a system without /proc, where the kill above is all there is.
    return !existsSync('/proc/self/stat');
  }
}
