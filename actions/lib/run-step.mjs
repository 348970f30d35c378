// @ts-check
// Step: run the tool named by ADLC_TOOL (see tool.mjs).

import { runMain } from './io.mjs';
import { runTool } from './tool.mjs';

await runMain(`adlc ${process.env.ADLC_TOOL ?? ''}`.trim(), () => runTool(process.env.ADLC_TOOL ?? '', process.env));
