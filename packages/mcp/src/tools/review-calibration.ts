// review_calibration: plants real bugs, runs the reviewer on them and measures its recall; the same
// run and document as `review-calibration --json`.

import { calibrate, calibrateOptions, CalibrationJsonSchema, DEFAULTS, SCORERS, type CalibrationJson } from '@adlc/review-calibration';
import * as z from 'zod';
import { cliDocument } from '../tool-result.js';
import { defineTool, toolInput } from '../tool.js';

const input = toolInput({
  reviewCmd: z.string().min(1).describe('Shell command that runs the reviewer; {base} becomes the commit ref.'),
  commit: z.string().min(1).optional().describe(`Commit whose changed files get the plants (default ${DEFAULTS.commit}).`),
  plants: z.number().int().min(1).max(1000).optional().describe(`Number of bugs to plant (default ${DEFAULTS.plants}).`),
  minPlants: z.number().int().min(1).max(1000).optional().describe(`Fewer valid plants than this is an error, not a recall (default ${DEFAULTS.minPlants}).`),
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional().describe(`Seed of the plant selection (default ${DEFAULTS.seed}).`),
  scorer: z.enum(SCORERS).optional().describe(`How a located finding is judged to identify the bug (default ${DEFAULTS.scorer}).`),
  minRecall: z.number().min(0).max(1).optional().describe(`Minimum recall to pass, 0 to 1 (default ${DEFAULTS.minRecall}).`),
});

export const reviewCalibrationTool = defineTool({
  name: 'review_calibration',
  title: 'Review calibration',
  description:
    "Measures an automated reviewer's recall and precision: plants real bugs in the working tree, runs the reviewer, scores what it caught (with controls), and takes the plants out again. " +
    'gatePass says whether recall reaches minRecall; a failed gate is a normal result. Needs a clean tree; runs one at a time per repository.',
  input,
  output: CalibrationJsonSchema,
  access: 'write',
  annotations: { destructiveHint: false, openWorldHint: true },
  async run({ cwd: _cwd, ...args }, ctx) {
    const outcome = await calibrate(calibrateOptions({ ...args, json: true }), { cwd: ctx.cwd, env: ctx.env, reporter: ctx.reporter });
    const doc = cliDocument<CalibrationJson>(outcome);
    return { doc, summary: summarize(doc) };
  },
});

function summarize(doc: CalibrationJson): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
  const precision = doc.precision === null ? 'precision n/a' : `precision ${pct(doc.precision)}`;
  const gate = doc.gatePass ? `gate: PASS (min recall ${pct(doc.minRecall)})` : `gate: FAIL: ${doc.gateReasons.join('; ')}`;
  return `recall ${pct(doc.recall)} (${doc.caught}/${doc.total} caught, ${doc.located} located), ${precision}, scorer ${doc.scorer}\n${gate}`;
}
