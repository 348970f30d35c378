#!/usr/bin/env node
// The bin, dist/cli.cjs: a few kilobytes that load the CLI (cli.ts, bundled into dist/cli-main.cjs) through
// V8's code cache (Node's compile cache on 22.1+), so a start reads compiled code instead of parsing the CLI.

import { loadBundledCli } from '@adlc/core/light';

loadBundledCli(import.meta.url);
