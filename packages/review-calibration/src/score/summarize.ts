// Builds the result document from the trials, pure: pooled counts, the gate, per-category recall,
// the Wilson interval when there are several trials.

import type { CalibrationJson } from '../schema.js';
import type { TrialResult } from '../review/trial.js';
import type { Scorer } from '../types.js';
import { gateVerdict, ratio, type CategoryScore } from './score.js';
import { wilsonInterval } from './wilson.js';
import type { DecoySummary } from '../review/decoys.js';

export interface SummaryInput {
  trials: readonly TrialResult[];
  scorer: Scorer;
  minRecall: number;
  minPrecision: number | null;
  /** The clean runs, when --decoys asked for them, with the --max-decoy-findings bar (null: not gated). */
  decoy?: DecoySummary & { max: number | null };
  commit: string;
  commitSha: string;
  seed: number;
  /** Plants asked for per trial (--plants), null when they come from --plants-file. */
  plantsRequested: number | null;
  /** What the model proposed for --plant-source model|both, and why any was discarded. */
  modelPlants?: CalibrationJson['modelPlants'];
  targets: CalibrationJson['targets'];
  warnings: readonly string[];
}

export function summarize(input: SummaryInput): CalibrationJson {
  const { trials } = input;
  const many = trials.length > 1;
  const sum = (pick: (t: TrialResult) => number) => trials.reduce((n, t) => n + pick(t), 0);
  const caught = sum((t) => t.score.caught);
  const total = sum((t) => t.score.total);
  const truePositives = sum((t) => t.score.truePositives);
  const falsePositives = sum((t) => t.score.falsePositives);
  const recall = ratio(caught, total);
  const precision = truePositives + falsePositives === 0 ? null : truePositives / (truePositives + falsePositives);
  const gate = gateVerdict({ recall, precision }, input.minRecall, input.minPrecision, input.decoy ? { findings: input.decoy.findings, max: input.decoy.max } : undefined);
  const agreements = trials.map((t) => t.judgeAgreement).filter((a): a is number => a !== null);
  const last = trials[trials.length - 1];
  // A recall over fewer plants than asked for is shown with its uncertainty, as several trials are.
  const fewer = input.plantsRequested !== null && total < input.plantsRequested * trials.length;

  return {
    recall,
    caught,
    total,
    precision,
    truePositives,
    falsePositives,
    minRecall: input.minRecall,
    minPrecision: input.minPrecision,
    gatePass: gate.pass,
    scorer: input.scorer,
    judgeAgreement: agreements.length === 0 ? null : agreements.reduce((a, b) => a + b, 0) / agreements.length,
    equivalentExcluded: sum((t) => t.score.equivalentExcluded),
    commit: input.commit,
    reviewExitCode: last?.reviewExitCode ?? 0,
    perCategory: pooledCategories(trials),
    plants: plantsJson(trials),
    located: sum((t) => t.score.located),
    commitSha: input.commitSha,
    seed: input.seed,
    targets: input.targets,
    findingsFormat: last?.format ?? 'prose',
    findings: findingsJson(trials),
    unanchoredFindings: sum((t) => t.score.unanchored),
    judgeInvalid: sum((t) => t.judgeInvalid),
    controls: { echo: pooledControl(trials, (t) => t.controls.echo), oracle: pooledControl(trials, (t) => t.controls.oracle) },
    gateReasons: gate.reasons,
    warnings: [...new Set([...input.warnings, ...trials.flatMap((t) => t.warnings)])],
    plantsRequested: input.plantsRequested,
    ...(input.decoy ? { decoy: decoyJson(input.decoy) } : {}),
    ...(input.modelPlants ? { modelPlants: input.modelPlants, perSource: pooledSources(trials) } : {}),
    maxDecoyFindings: input.decoy?.max ?? null,
    ...(many ? { trials: trials.map(trialJson) } : {}),
    ...(many || fewer ? { recallInterval: wilsonInterval(caught, total) } : {}),
  };
}

function decoyJson(d: DecoySummary): NonNullable<CalibrationJson['decoy']> {
  return { runs: d.runs, findings: d.findings, findingsPerRun: d.findingsPerRun, filesFlagged: d.filesFlagged };
}

/** Per-category counts summed over the trials, recall recomputed from the sums, keys sorted. */
function pooledCategories(trials: readonly TrialResult[]): Record<string, CategoryScore> {
  const perCategory: Record<string, CategoryScore> = {};
  for (const t of trials) {
    for (const [name, c] of Object.entries(t.score.perCategory)) {
      const into = (perCategory[name] ??= { caught: 0, located: 0, total: 0, recall: 0 });
      into.caught += c.caught;
      into.located += c.located;
      into.total += c.total;
    }
  }
  for (const c of Object.values(perCategory)) c.recall = ratio(c.caught, c.total);
  return sortKeys(perCategory);
}

/** Recall per plant source (rules, model), over the valid plants of every trial. */
function pooledSources(trials: readonly TrialResult[]): Record<string, CategoryScore> {
  const per: Record<string, CategoryScore> = {};
  for (const t of trials) {
    for (const p of t.score.plants) {
      if (p.status === 'equivalent') continue;
      const into = (per[p.plant.source ?? 'rules'] ??= { caught: 0, located: 0, total: 0, recall: 0 });
      into.total += 1;
      if (p.status === 'caught') into.caught += 1;
      if (p.status === 'caught' || p.status === 'located') into.located += 1;
    }
  }
  for (const c of Object.values(per)) c.recall = ratio(c.caught, c.total);
  return sortKeys(per);
}

type ControlCounts = { caught: number; located: number; total: number; ok: boolean };

/** One control over all trials: counts summed, ok only when it was ok in every trial. */
function pooledControl(trials: readonly TrialResult[], pick: (t: TrialResult) => ControlCounts): ControlCounts & { recall: number } {
  const c = { caught: 0, located: 0, total: 0, ok: true };
  for (const t of trials) {
    const x = pick(t);
    c.caught += x.caught;
    c.located += x.located;
    c.total += x.total;
    c.ok &&= x.ok;
  }
  return { ...c, recall: ratio(c.caught, c.total) };
}

/** Every trial's `items` as JSON, each with its trial index when there are several trials. */
function perTrial<T, J>(trials: readonly TrialResult[], items: (t: TrialResult) => readonly T[], json: (item: T, t: TrialResult) => J): Array<J & { trial?: number }> {
  const many = trials.length > 1;
  return trials.flatMap((t, trial) => items(t).map((item) => ({ ...json(item, t), ...(many ? { trial } : {}) })));
}

/** `plants[]`: every trial's plants. */
function plantsJson(trials: readonly TrialResult[]): CalibrationJson['plants'] {
  return perTrial(
    trials,
    (t) => t.score.plants,
    (p, t) => ({
      file: p.plant.file,
      line: p.plant.line,
      category: p.plant.category,
      operator: p.plant.operator,
      status: p.status,
      original: p.plant.original,
      mutated: p.plant.mutated,
      id: p.plant.id,
      column: p.plant.column,
      description: p.plant.description,
      identifiedBy: p.identifiedBy === null || p.identifiedBy === 'none' ? null : p.identifiedBy,
      locatedBy: p.locatedBy,
      caughtBy: p.caughtBy,
      ...(p.reason ? { reason: p.reason } : {}),
      ...(p.plant.source ? { source: p.plant.source } : {}),
      ...(t.unverified.has(p.plant.id) ? { unverified: true as const } : {}),
      lines: (p.plant.endLine ?? p.plant.line) - p.plant.line + 1,
      ...(p.plant.endLine === undefined ? {} : { endLine: p.plant.endLine }),
    }),
  );
}

/** `findings[]`: every trial's findings with their kind. */
function findingsJson(trials: readonly TrialResult[]): CalibrationJson['findings'] {
  return perTrial(
    trials,
    (t) => t.score.findings,
    (f) => ({
      index: f.finding.index,
      file: f.finding.file,
      line: f.finding.line,
      description: f.finding.description,
      ...(f.finding.severity ? { severity: f.finding.severity } : {}),
      ...(f.finding.repro ? { repro: f.finding.repro } : {}),
      ...(f.finding.reviewer ? { reviewer: f.finding.reviewer } : {}),
      kind: f.kind,
      plant: f.plant,
    }),
  );
}

/** One entry of `trials[]`. */
function trialJson(t: TrialResult): NonNullable<CalibrationJson['trials']>[number] {
  return {
    seed: t.seed,
    recall: t.score.recall,
    caught: t.score.caught,
    located: t.score.located,
    total: t.score.total,
    precision: t.score.precision,
    truePositives: t.score.truePositives,
    falsePositives: t.score.falsePositives,
    equivalentExcluded: t.score.equivalentExcluded,
    reviewExitCode: t.reviewExitCode,
  };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
