// consensus_fix: N independent fixes for a failing test, gated by the test and the rails, grouped by
// agreement; the same run and the same --json document as `consensus-fix --json`.

import { consensusFix, ConsensusFixOutputSchema, FIX_OPTIONS, type ConsensusFixOutput } from '@adlc/consensus-fix';
import { toolShape } from '@adlc/core';
import { cliDocument } from '../tool-result.js';
import { argumentsOfFlags, defineTool, toolInput } from '../tool.js';

// The CLI's own fields (bounds, descriptions), so the tool and the flags cannot drift.
const f = toolShape(FIX_OPTIONS, ['testCmd', 'files', 'rails', 'n', 'apply', 'maxFiles', 'timeout', 'jobs', 'editFormat', 'rounds', 'localize']);
const input = toolInput({
  ...f,
  // The failing test is what the tool is for: required here, while the CLI's --restore runs without it.
  testCmd: f.testCmd.unwrap().describe(f.testCmd.description ?? ''),
});

export const consensusFixTool = defineTool({
  name: 'consensus_fix',
  title: 'Consensus fix',
  description:
    'N independent LLM fixes for a failing test, each gated by the failing test and the regression rails, grouped by agreement; the smallest fix of the largest group wins. ' +
    'A verdict without a winner (no survivor, all divergent) is a normal result. The tree is clean afterwards unless apply is true. Runs one at a time per repository.',
  input,
  output: ConsensusFixOutputSchema,
  flags: argumentsOfFlags(FIX_OPTIONS, input),
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
