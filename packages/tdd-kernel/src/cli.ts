// tdd-kernel CLI: the body of the bin. bin.ts (dist/cli.cjs) loads this file (dist/cli-main.cjs) through
// V8's code cache. The hot commands (check, hook) run in fast.ts without commander, zod or core and, when
// they succeed, end on their own with their exit code. Everything else, and every failure or interrupt of
// a hot command, goes through core's runMain: the one place that exits, and the one error document.

import { runHot } from './fast.js';

const argv = process.argv.slice(2);
void runHot(argv).then(async (hot) => {
  if (hot === 'done') return;
  const [{ runMain, InterruptedError }, { main, asOpError }] = await Promise.all([import('@adlc/core/cli'), import('./commands.js')]);
  const command = hot === 'full' ? () => main(argv) : () => Promise.reject('signal' in hot ? new InterruptedError(hot.signal) : asOpError(hot.error));
  await runMain('tdd-kernel', command, { argv });
});
