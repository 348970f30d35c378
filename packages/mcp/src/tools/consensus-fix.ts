// consensus_fix: N independent fixes for a failing test, gated by the test and the rails, grouped by
// agreement; the same run and the same --json document as `consensus-fix --json`.

import { consensusFix, ConsensusFixOutputSchema, DEFAULTS, EDIT_FORMAT_OPTIONS, type ConsensusFixOutput } from '@adlc/consensus-fix';
import { z } from 'zod';
import { cliDocument } from '../tool-result.js';
import { defineTool, toolInput } from '../tool.js';

const input = toolInput({
  testCmd: z.string().min(1).describe('Shell command running the failing test (it must fail now).'),
  files: z.array(z.string().min(1)).min(1).optional().describe('Files the fix may change, relative to cwd (omitted: localized from the failing run).'),
  rails: z.string().min(1).optional().describe('The full regression suite; a candidate survives only if it passes too.'),
  n: z.number().int().min(1).max(100).optional().describe(`Number of independent candidates (default ${DEFAULTS.n}).`),
  apply: z.boolean().optional().describe('Write the winning fix into the tree (default: dry run, nothing written).'),
  maxFiles: z.number().int().min(1).max(50).optional().describe(`Without files: how many localized files the fix may change (default ${DEFAULTS.maxFiles}).`),
  timeout: z.number().int().min(1).optional().describe(`Seconds: bound on each run of the test or the rails (default ${DEFAULTS.timeout}).`),
  jobs: z.number().int().min(1).max(64).optional().describe('Candidates evaluated at once, each in a temporary copy of the tree (default 1: in place).'),
  editFormat: z
    .enum(EDIT_FORMAT_OPTIONS)
    .optional()
    .describe(`What the models answer: whole files, or search/replace edits of the suspect spans (default ${DEFAULTS.editFormat}: replace once a file has over 300 lines).`),
});

export const consensusFixTool = defineTool({
  name: 'consensus_fix',
  title: 'Consensus fix',
  description:
    'N independent LLM fixes for a failing test, each gated by the failing test and the regression rails, grouped by agreement; the smallest fix of the largest group wins. ' +
    'A verdict without a winner (no survivor, all divergent) is a normal result. The tree is clean afterwards unless apply is true. Runs one at a time per repository.',
  input,
  output: ConsensusFixOutputSchema,
  access: 'write',
  annotations: { destructiveHint: true, openWorldHint: true },
  async run({ cwd: _cwd, ...args }, ctx) {
    const outcome = await consensusFix({ ...args, json: true }, { env: ctx.env, cwd: ctx.cwd, reporter: ctx.reporter });
    const doc = cliDocument<ConsensusFixOutput>(outcome);
    return { doc, summary: summarize(doc) };
  },
});

function summarize(doc: ConsensusFixOutput): string {
  const { summary, winner } = doc;
  const counts = `${summary.passed}/${summary.total} survived, ${summary.failed} failed, ${summary.discarded} discarded, ${summary.groups} group(s)`;
  if (winner === null) return `${doc.verdict}: ${doc.message}\n${counts}`;
  const applied = winner.applied ? 'applied to the tree' : 'not applied (dry run)';
  return `${doc.verdict}: ${doc.message}\n${counts}; winner #${winner.index}: ${winner.changedLines} changed line(s), ${applied}\n${winner.diff}`;
}
