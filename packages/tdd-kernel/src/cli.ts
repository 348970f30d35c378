#!/usr/bin/env node
// tdd-kernel CLI. The hot commands (check, hook) take a fast path without commander, zod or core; the
// rest is declared in commands.ts and run through core's runMain, the one place that exits.

import { enableCompileCache } from '@adlc/core/light';

enableCompileCache(); // keeps the lazily loaded code's compiled form between runs (Node 22.1+)
const argv = process.argv.slice(2);
const { runFast } = await import('./fast.js');
const code = await runFast(argv);
if (code !== null) {
  // Let stdout drain to a pipe before leaving.
  process.stdout.write('', () => process.exit(code));
} else {
  const [{ runMain }, { main }] = await Promise.all([import('@adlc/core/cli'), import('./commands.js')]);
  await runMain('tdd-kernel', () => main(argv), { argv });
}
