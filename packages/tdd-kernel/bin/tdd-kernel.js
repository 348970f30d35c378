#!/usr/bin/env node
import module from 'node:module';

// Node 22.1+ keeps the compiled bundle between runs; older Node has no such cache and runs without it.
module.enableCompileCache?.();
await import('../dist/cli.js');
