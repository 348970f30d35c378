// localize: which files a fix of a failing test most likely changes, ranked with their evidence;
// the same `localization` document as `consensus-fix --localize-only --json`. No model, no key.

import { FIX_OPTIONS } from '@adlc/consensus-fix';
import { toolShape } from '@adlc/core';
import { localize, LOCALIZE_DEFAULTS, LocalizeOnlyOutputSchema, type LocalizeOnlyOutput } from '@adlc/localize';
import { argumentsOfFlags, defineTool, toolInput } from '../tool.js';

// consensus-fix --localize-only's own fields (bounds, defaults), so the tool and the flags cannot drift.
const f = toolShape(FIX_OPTIONS, ['testCmd', 'maxFiles', 'timeout']);
const input = toolInput({
  testCmd: f.testCmd.unwrap().describe(f.testCmd.description ?? ''),
  maxFiles: f.maxFiles.describe(`how many files to rank (default: ${LOCALIZE_DEFAULTS.maxFiles})`),
  timeout: f.timeout.describe(`seconds: bound on each run of the test (default: ${LOCALIZE_DEFAULTS.timeout})`),
});

export const localizeTool = defineTool({
  name: 'localize',
  title: 'Localize a failing test',
  description:
    'Runs the failing test once with coverage and ranks the source files a fix most likely changes, best first, each with its score and evidence ' +
    '(stack frames, executed functions, the calls the test makes, import hops, identifiers). No model is asked and nothing in the tree is written. ' +
    'A test that passes, or does not end within the timeout, is an error.',
  input,
  output: LocalizeOnlyOutputSchema,
  flags: argumentsOfFlags(FIX_OPTIONS, input),
  // It runs the user's tests, so never beside a call that is writing candidates into the same tree.
  access: 'read',
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ testCmd, maxFiles, timeout }, ctx) {
    const localization = await localize({
      testCmd,
      cwd: ctx.cwd,
      env: ctx.env,
      ...(maxFiles === undefined ? {} : { maxFiles }),
      ...(timeout === undefined ? {} : { timeout }),
      onProgress: (message) => ctx.reporter.progress(message),
    });
    const doc: LocalizeOnlyOutput = { localization };
    return { doc, summary: summarize(doc) };
  },
});

function summarize({ localization }: LocalizeOnlyOutput): string {
  if (localization.files.length === 0) return 'no source file localized: no stack frame, executed function or import of the failing test points at one';
  return localization.files.map((f, i) => `${i + 1}. ${f.file} (${f.score.toFixed(3)})`).join('\n');
}
