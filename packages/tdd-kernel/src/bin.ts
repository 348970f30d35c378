#!/usr/bin/env node
// The bin, dist/cli.cjs. check and the hooks run on every edit an agent makes, so their code (fast.ts and
// what it loads: the gate, the agents' adapters, the flush) is bundled into this file and runs from it:
// Node compiles only the functions a call runs, and nothing else is read. Every other command, `--help`,
// and every failure or interrupt of a hot command loads the full CLI (cli.ts, built to dist/cli-main.cjs)
// through V8's code cache (core's requireWithCodeCache; Node's compile cache on 22.1+).

import { fileURLToPath } from 'node:url';
import { enableCompileCache, requireWithCodeCache } from '@adlc/core/light';
import { runHot } from './fast.js';

const argv = process.argv.slice(2);
void runHot(argv).then((hot) => {
  if (hot === 'done') return;
  enableCompileCache();
  const cli = requireWithCodeCache(fileURLToPath(new URL('./cli-main.cjs', import.meta.url))) as typeof import('./cli.js');
  return cli.runFull(argv, hot);
});
