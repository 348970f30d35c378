// consensus_review: several models review a diff (or answer a question) side by side, a blind chairman
// compiles the consensus; the same run and document as `consensus-synthesis --json`.

import { ConsensusOutputSchema, runConsensusSynthesis, SYNTHESIS_OPTIONS, type ConsensusOutput } from '@adlc/consensus-synthesis';
import { opError, toolShape } from '@adlc/core';
import { cliDocument } from '../tool-result.js';
import { argumentsOfFlags, defineTool, toolInput } from '../tool.js';

// The CLI's own fields (bounds, descriptions), so the tool and the flags cannot drift; the question is --prompt.
const f = toolShape(SYNTHESIS_OPTIONS, ['mode', 'baseSha', 'headSha', 'description', 'prompt', 'failOn', 'minReviewers', 'chunks', 'exclude']);
const input = toolInput({
  mode: f.mode,
  baseSha: f.baseSha,
  headSha: f.headSha,
  description: f.description,
  question: f.prompt,
  failOn: f.failOn,
  minReviewers: f.minReviewers,
  chunks: f.chunks,
  exclude: f.exclude,
});

export const consensusReviewTool = defineTool({
  name: 'consensus_review',
  title: 'Consensus review',
  description:
    'Several models review a diff (code-review) or answer a design question (general-prompt) in parallel; a blind chairman compiles a three-tier consensus (high, medium, consider). ' +
    'gate.failed says whether the consensus reaches failOn; a failed gate is a normal result. Reads the repository only; reviews run side by side.',
  input,
  output: ConsensusOutputSchema,
  flags: argumentsOfFlags(SYNTHESIS_OPTIONS, input, { prompt: 'question' }),
  access: 'read',
  annotations: { readOnlyHint: true, openWorldHint: true },
  async run({ cwd: _cwd, question, ...args }, ctx) {
    const raw = { ...args, prompt: question, json: true };
    // Stdin is the protocol's: nothing this tool offers reads it, and nothing may.
    const readStdin = () => Promise.reject(opError('adlc-mcp does not read a context from stdin'));
    const outcome = await runConsensusSynthesis(raw, { env: ctx.env, cwd: ctx.cwd, reporter: ctx.reporter, readStdin });
    const doc = cliDocument<ConsensusOutput>(outcome);
    return { doc, summary: summarize(doc) };
  },
});

function summarize(doc: ConsensusOutput): string {
  const { consensus, gate } = doc;
  const chair = doc.chairman ? `, chaired by ${doc.chairman.name} (${doc.chairman.model})` : '';
  const tiers = `${consensus.high.length} high, ${consensus.medium.length} medium, ${consensus.consider.length} consider`;
  const lines = [`consensus from ${doc.answered}/${doc.total} reviewers${chair}: ${tiers}`, `gate ${gate.failed ? 'FAIL' : 'pass'}: ${gate.reason}`];
  if (doc.reportPath) lines.push(`report: ${doc.reportPath}`);
  return lines.join('\n');
}
