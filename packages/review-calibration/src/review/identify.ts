// Decides, for every finding that locates a valid plant, whether it identifies the defect: by a
// repro that discriminates (verified by running it), by the judge, or (legacy string scorer) by
// location alone. One path for the reviewer and both controls.

import type { LocatedFinding } from '../score/score.js';
import type { EquivalentPlants, Identification, Scorer } from '../types.js';
import { checkKey, runChecks, type Check, type CheckContext } from './discriminate.js';
import { judgeAll, type JudgeContext } from './judge.js';

export interface IdentifyOptions {
  scorer: Scorer;
  equivalent: EquivalentPlants;
  /** Verify reviewer-supplied repros (off for the oracle under the judge: it is judged like any reviewer). */
  useRepros: boolean;
  /** Also ask the judge about findings a repro already identified, to measure agreement. */
  measureAgreement: boolean;
  checks: CheckContext;
  /** Required for the judge scorer. */
  judge?: JudgeContext;
}

export async function identify(located: readonly LocatedFinding[], opts: IdentifyOptions): Promise<Identification[]> {
  const pairs = located.flatMap(({ finding, plant }) =>
    plant === null || opts.equivalent.has(plant.id) ? [] : [{ finding, plant }],
  );
  if (opts.scorer === 'string') {
    return pairs.map(({ finding, plant }) => ({ finding: finding.index, plant: plant.id, identified: true, by: 'location' as const }));
  }

  const checks: Check[] = opts.useRepros
    ? pairs.flatMap(({ finding, plant }) => (finding.repro ? [{ command: finding.repro, plant }] : []))
    : [];
  const checked = await runChecks(checks, opts.checks);
  const reproOf = (pair: (typeof pairs)[number]) =>
    opts.useRepros && pair.finding.repro ? checked.get(checkKey({ command: pair.finding.repro, plant: pair.plant })) : undefined;

  const toJudge =
    opts.scorer === 'judge'
      ? pairs.filter((pair) => !reproOf(pair)?.discriminates || (opts.measureAgreement && pair.finding.repro !== undefined))
      : [];
  if (toJudge.length > 0 && !opts.judge) throw new Error('the judge scorer needs a judge context');
  const verdicts = toJudge.length > 0 && opts.judge ? await judgeAll(toJudge, opts.judge) : [];
  const judged = new Map(toJudge.map((pair, i) => [pair, verdicts[i]!]));

  return pairs.map((pair) => {
    const repro = reproOf(pair);
    const verdict = judged.get(pair);
    const base = {
      finding: pair.finding.index,
      plant: pair.plant.id,
      ...(repro ? { reproDiscriminates: repro.discriminates } : {}),
      ...(verdict ? { judgeMatch: verdict.match, ...(verdict.invalid ? { judgeInvalid: true } : {}) } : {}),
    };
    if (repro?.discriminates) return { ...base, identified: true, by: 'repro' as const, reason: `repro ${repro.reason}` };
    if (verdict) {
      const reproNote = repro ? ` (its repro ${repro.reason})` : '';
      return { ...base, identified: verdict.match, by: 'judge' as const, reason: `${verdict.reason}${reproNote}` };
    }
    const reason = repro ? `repro ${repro.reason}` : 'no repro supplied (the repro scorer identifies only by repro)';
    return { ...base, identified: false, by: 'none' as const, reason };
  });
}

/** Share of findings with both a repro verdict and a judge verdict on which the two agree; null when none. */
export function judgeAgreement(ids: readonly Identification[]): number | null {
  const both = ids.filter((i) => i.judgeMatch !== undefined && i.reproDiscriminates !== undefined && !i.judgeInvalid);
  if (both.length === 0) return null;
  return both.filter((i) => i.judgeMatch === i.reproDiscriminates).length / both.length;
}
