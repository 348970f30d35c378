// Which plant a finding points at: the file's basename and a line within ±3. A finding that gives
// more than a basename must not contradict the plant's path (`src/a.ts` never locates `lib/a.ts`;
// one path must end with the other, so absolute and subdirectory-relative paths still match).
// Plants are at least 7 lines apart, so a finding locates at most one plant per file; between files
// that share a basename, the one whose path matches more of the finding's path wins.

import type { Finding, Plant } from '../types.js';

export const LOCATE_WINDOW = 3;

export function locatePlant(finding: Finding, plants: readonly Plant[]): Plant | null {
  if (finding.file === null || finding.line === null) return null;
  const findingPath = splitPath(finding.file);
  const base = findingPath[findingPath.length - 1];
  let best: { plant: Plant; suffix: number; distance: number } | null = null;
  for (const plant of plants) {
    const plantPath = splitPath(plant.file);
    if (plantPath[plantPath.length - 1] !== base) continue;
    // A multi-line plant is located from anywhere in its lines, or within the window of either end.
    const end = plant.endLine ?? plant.line;
    const distance = finding.line < plant.line ? plant.line - finding.line : finding.line > end ? finding.line - end : 0;
    if (distance > LOCATE_WINDOW) continue;
    const suffix = commonSuffix(findingPath, plantPath);
    if (suffix < Math.min(findingPath.length, plantPath.length)) continue;
    if (!best || suffix > best.suffix || (suffix === best.suffix && distance < best.distance)) {
      best = { plant, suffix, distance };
    }
  }
  return best?.plant ?? null;
}

/** Whether a finding names a file and a line at all; one that does not can locate nothing. */
export function isAnchored(finding: Finding): boolean {
  return finding.file !== null && finding.line !== null;
}

function splitPath(file: string): string[] {
  return file
    .trim()
    .replaceAll('\\', '/')
    .replace(/^[ab]\/(?=.)/, '')
    .split('/')
    .filter((part) => part !== '' && part !== '.');
}

function commonSuffix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}
