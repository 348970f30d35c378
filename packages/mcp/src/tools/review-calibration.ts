// review_calibration: plants real bugs, runs the reviewer on them and measures its recall; the same
// run and document as `review-calibration --json`.

import { calibrate, CALIBRATION_OPTIONS, CalibrationJsonSchema, type CalibrationJson } from '@adlc/review-calibration';
import { toolShape } from '@adlc/core';
import { cliDocument } from '../tool-result.js';
import { argumentsOfFlags, defineTool, toolInput } from '../tool.js';

// The CLI's own fields (bounds, descriptions), so the tool and the flags cannot drift. One reviewer
// per call: reviewCmd is one command of --review-cmd's list, and required.
const f = toolShape(CALIBRATION_OPTIONS, ['reviewCmd', 'commit', 'plants', 'minPlants', 'seed', 'scorer', 'minRecall']);
const reviewCmd = f.reviewCmd.unwrap().element.describe('shell command that runs the reviewer; {base} becomes the commit ref');
const input = toolInput({ reviewCmd, commit: f.commit, plants: f.plants, minPlants: f.minPlants, seed: f.seed, scorer: f.scorer, minRecall: f.minRecall });

export const reviewCalibrationTool = defineTool({
  name: 'review_calibration',
  title: 'Review calibration',
  description:
    "Measures an automated reviewer's recall and precision: plants real bugs in the working tree, runs the reviewer, scores what it caught (with controls), and takes the plants out again. " +
    'gatePass says whether recall reaches minRecall; a failed gate is a normal result. Needs a clean tree; runs one at a time per repository.',
  input,
  output: CalibrationJsonSchema,
  flags: argumentsOfFlags(CALIBRATION_OPTIONS, input),
  access: 'write',
  annotations: { destructiveHint: false, openWorldHint: true },
  async run({ cwd: _cwd, reviewCmd, ...args }, ctx) {
    const outcome = await calibrate({ ...args, reviewCmd: [reviewCmd], json: true }, { cwd: ctx.cwd, env: ctx.env, reporter: ctx.reporter });
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
