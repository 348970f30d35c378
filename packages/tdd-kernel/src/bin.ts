#!/usr/bin/env node
// The bin, dist/cli.cjs. check and the hooks run on every edit an agent makes, so their code (fast.ts and
// what it loads: the gate, the agents' adapters, the flush) is bundled into this file and runs from it:
// Node compiles only the functions a call runs, and nothing else is read. Every other command, `--help`,
// and every failure or interrupt of a hot command loads the full CLI (cli.ts, built to dist/cli-main.cjs)
// through V8's code cache (core's requireWithCodeCache; Node's compile cache on 22.1+).

import { loadBundledCli } from '@adlc/core/light';
import type { HotEnd } from './fast.js';

const argv = process.argv.slice(2);
// Only a command line naming `check` or `hook` can be a hot call (fast.ts hotCall): any other (--help,
// init, status...) skips the hot path's modules, which would only be set up to say 'full'.
const hotPath: Promise<HotEnd> = argv.includes('check') || argv.includes('hook') ? import('./fast.js').then((fast) => fast.runHot(argv)) : Promise.resolve('full');
void hotPath.then((hot) => {
  if (hot === 'done') return;
  const cli = loadBundledCli(import.meta.url) as typeof import('./cli.js');
  return cli.runFull(argv, hot);
});
