// --rounds: ask and settle, round after round, while no fix holds. Each round after the first asks
// N models again with the first prompt plus how the previous round failed (round-feedback.ts); the
// candidates of every round are numbered on and grouped together by the decide phase, so the
// seed's rules (grouping, winner, rails, every safety check) are the same as in a single round.

import type { FanResult } from '@adlc/core';
import { decideVerdict, groupSurvivors } from '../candidates/grouping.js';
import { roundFeedback } from '../candidates/round-feedback.js';
import type { CandidateRecord, RoundSummary } from '../output/result.js';
import { ask, type Asked } from './ask.js';
import { survivorsOf } from './decide.js';
import { repositoryFailures } from '../candidates/repository-failures.js';
import { earlyPreparation, settle, type Workspaces } from './settle.js';
import type { Run } from './start-up.js';

export interface Rounds {
  /** Every round's candidates, in index order. */
  candidates: CandidateRecord[];
  /** Every round's completions, and the baseline rails of the first. */
  asked: Asked;
  rounds: RoundSummary[];
}

/** Rounds until one ends with a verdict that passes, or --rounds are spent. */
export async function askInRounds(run: Run, prompt: string, workspaces: Workspaces): Promise<Rounds> {
  const { opts, log, reporter } = run;
  const candidates: CandidateRecord[] = [];
  const completions: FanResult[] = [];
  const rounds: RoundSummary[] = [];
  let baselineRails: Asked['baselineRails'];
  let previous: CandidateRecord[] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    const roundPrompt = round === 1 ? prompt : withFeedback(run, prompt, previous, round);
    if (round > 1) {
      log.file(`prompt-round-${round}.txt`, roundPrompt);
      reporter.info(`consensus-fix: round ${round} of ${opts.rounds}: asking ${opts.n} model${opts.n === 1 ? '' : 's'} again, shown how round ${round - 1} failed`);
    }
    const early = earlyPreparation(run, round);
    const asked = await ask(run, roundPrompt, early.onAnswer, { round, offset: candidates.length });
    if (round === 1) run.baselineRails = baselineRails = asked.baselineRails;
    previous = await settle(run, await early.prepared(asked.completions), workspaces);
    candidates.push(...previous);
    completions.push(...asked.completions);
    const summary = { round, candidates: previous.length, survivors: previous.filter((c) => c.status === 'survived').length };
    rounds.push(summary);
    log.event('round', { ...summary });
    if (holds(candidates, opts.n)) break;
  }
  return { candidates, asked: { completions, baselineRails }, rounds };
}

/** The candidates so far pass the seed's gate: a survivor, and not all-divergent. */
function holds(candidates: readonly CandidateRecord[], n: number): boolean {
  return decideVerdict(n, groupSurvivors(survivorsOf(candidates))) === 'pass';
}

function withFeedback(run: Run, prompt: string, previous: readonly CandidateRecord[], round: number): string {
  const feedback = roundFeedback(previous, round, repositoryFailures(run.target.root));
  return feedback === '' ? prompt : `${prompt}\n\n${feedback}`;
}
