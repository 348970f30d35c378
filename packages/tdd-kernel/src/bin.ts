#!/usr/bin/env node
// The bin, dist/cli.cjs: a few lines of CommonJS that load the CLI (cli.ts, built to dist/cli-main.cjs)
// through V8's code cache (core's requireWithCodeCache; Node's compile cache on 22.1+). Node 20 spends
// tens of milliseconds more on an ES module entry and on compiling the CLI than on these two steps, and
// check and the hooks run on every edit an agent makes.

import { fileURLToPath } from 'node:url';
import { enableCompileCache, requireWithCodeCache } from '@adlc/core/light';

enableCompileCache();
requireWithCodeCache(fileURLToPath(new URL('./cli-main.cjs', import.meta.url)));
