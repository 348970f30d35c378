// tdd-kernel's command line. check and hook run on every edit an agent makes, so they go through
// fast.ts, which reads its few flags itself and loads neither commander nor zod. Every other command
// line, and every failure or interrupt of a hot command, goes through commands.ts and core's runMain:
// the one place that exits, and the one error document.

import type { HotEnd } from './fast.js';

const argv = process.argv.slice(2);
// Only a command line naming `check` or `hook` can be a hot call (fast.ts hotCall).
const hot: HotEnd = argv.includes('check') || argv.includes('hook') ? await (await import('./fast.js')).runHot(argv) : 'full';
if (hot !== 'done') await (await import('./cli/commands.js')).runFull(argv, hot);
