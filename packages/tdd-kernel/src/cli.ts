#!/usr/bin/env node
// tdd-kernel CLI. The hot commands (check, hook) run in fast.ts without commander, zod or core and, when
// they succeed, end on their own with their exit code. Everything else, and every failure or interrupt of
// a hot command, goes through core's runMain: the one place that exits, and the one error document.

import { enableCompileCache } from '@adlc/core/light';

enableCompileCache(); // keeps the lazily loaded code's compiled form between runs (Node 22.1+)
const argv = process.argv.slice(2);
const { runHot } = await import('./fast.js');
const hot = await runHot(argv);
if (hot !== 'done') {
  const [{ runMain, InterruptedError }, { main, asOpError }] = await Promise.all([import('@adlc/core/cli'), import('./commands.js')]);
  const command = hot === 'full' ? () => main(argv) : () => Promise.reject('signal' in hot ? new InterruptedError(hot.signal) : asOpError(hot.error));
  await runMain('tdd-kernel', command, { argv });
}
