// The files that particular commands write, read from their operands: git's work-tree subcommands,
// mv's sources, sed/perl -i's files, and the destination of cp/mv/install/ln.

import path from 'node:path';
import type { BashWrites } from './bash-writes.js';

/** git subcommands that change files in the work tree: rm and mv, and checkout/restore of paths. */
export function gitWrites(args: string[], out: BashWrites): void {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) i += ['-C', '-c', '--git-dir', '--work-tree'].includes(args[i]!) ? 2 : 1;
  const sub = args[i];
  const rest = args.slice(i + 1);
  const paths = rest.filter((a) => !a.startsWith('-'));
  if (sub === 'rm') {
    if (!rest.includes('--cached')) out.deleted.push(...paths);
  } else if (sub === 'mv') {
    out.deleted.push(...moveSources(rest));
    out.files.push(...destination(rest));
  } else if (sub === 'restore' || (sub === 'checkout' && rest.includes('--'))) {
    const after = sub === 'checkout' ? rest.slice(rest.indexOf('--') + 1) : paths.filter((p) => !/^(?:HEAD|[0-9a-f]{7,40})$/.test(p));
    out.files.push(...after);
  }
}

/** The sources of a mv: gone from where they were. */
export function moveSources(args: string[]): string[] {
  const t = args.findIndex((a) => a === '-t' || a === '--target-directory');
  if (t !== -1) return args.filter((a, i) => i > t + 1 && !a.startsWith('-'));
  return args.filter((a) => !a.startsWith('-')).slice(0, -1);
}

export function inPlaceFiles(args: string[]): string[] {
  const files: string[] = [];
  let scriptGiven = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-e' || a === '-f' || a === '--expression' || a === '--file') {
      scriptGiven = true;
      i++;
    } else if (/^-[a-zA-Z]*e$/.test(a)) {
      scriptGiven = true; // perl -pie 's/a/b/'
      i++;
    } else if (a.startsWith('-')) {
      continue;
    } else if (!scriptGiven) {
      scriptGiven = true; // the first operand is the script
    } else {
      files.push(a);
    }
  }
  return files;
}

export function destination(args: string[]): string[] {
  const t = args.findIndex((a) => a === '-t' || a === '--target-directory');
  if (t !== -1 && args[t + 1]) return args.filter((a, i) => i > t + 1 && !a.startsWith('-')).map((s) => path.join(args[t + 1]!, path.basename(s)));
  const operands = args.filter((a) => !a.startsWith('-'));
  if (operands.length < 2) return [];
  const dest = operands[operands.length - 1]!;
  // Onto a directory (a trailing slash or several sources): the file lands inside it.
  if (dest.endsWith('/') || operands.length > 2) return operands.slice(0, -1).map((s) => path.join(dest, path.basename(s)));
  return [dest];
}
