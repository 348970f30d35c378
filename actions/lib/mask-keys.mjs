// @ts-check
// Step: tell the runner to mask every provider key in the environment, before anything else runs.
// Keys passed from `secrets` are masked already; this covers keys that reach the job another way.

import { maskCommands } from './secrets.mjs';

for (const line of maskCommands(process.env)) process.stdout.write(`${line}\n`);
