// tdd-kernel CLI: the full command line. The bin (bin.ts, dist/cli.cjs) runs the hot commands (check,
// hook) itself, in fast.ts, without commander, zod or core; it loads this file (dist/cli-main.cjs) for
// everything else, and for every failure or interrupt of a hot command, which go through core's runMain:
// the one place that exits, and the one error document.

import type { HotEnd } from './fast.js';

/**
 * What the bin takes from this file instead of carrying it (tsup.config.ts `viaMain`), keyed by the specifier
 * as the hot path's importer (agents/hook/decide.ts) writes it: that is what the build matches.
 */
export const lazy = { '../../turn/flush.js': () => import('./turn/flush.js') };

/** Runs what the hot path did not finish: `full` is any other command line. */
export async function runFull(argv: readonly string[], hot: Exclude<HotEnd, 'done'>): Promise<void> {
  const [{ runMain, InterruptedError }, { main, asOpError }] = await Promise.all([import('@adlc/core/cli'), import('./cli/commands.js')]);
  const command = hot === 'full' ? () => main([...argv]) : () => Promise.reject('signal' in hot ? new InterruptedError(hot.signal) : asOpError(hot.error));
  await runMain('tdd-kernel', command, { argv: [...argv] });
}
