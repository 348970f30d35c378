// Scoring, pure: which plants were caught (located AND identified), located only, or missed; recall
// over the valid plants, precision over the anchored findings, and recall per bug category.

import type * as z from 'zod';
import type { CategoryScoreSchema, FindingJsonSchema } from '../schema.js';
import { isAnchored, locatePlant } from '../review/locate.js';
import { EQUIVALENT_REASON, type EquivalentPlants, type Finding, type Identification, type Plant, type PlantStatus } from '../types.js';

export type FindingKind = z.infer<typeof FindingJsonSchema>['kind'];

export interface LocatedFinding {
  finding: Finding;
  /** The plant it points at (valid or equivalent), or null. */
  plant: Plant | null;
}

export interface PlantResult {
  plant: Plant;
  status: PlantStatus;
  /** How the first identifying finding identified it. */
  identifiedBy: Identification['by'] | null;
  /** Indices of the findings that locate it, and of those that also identify it. */
  locatedBy: number[];
  caughtBy: number[];
  reason?: string;
}

export interface FindingResult {
  finding: Finding;
  plant: string | null;
  kind: FindingKind;
  by?: Identification['by'];
  reason?: string;
}

export type CategoryScore = z.infer<typeof CategoryScoreSchema>;

export interface Score {
  caught: number;
  /** Valid plants at least one finding points at (caught ones included). */
  located: number;
  total: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  /** null when no finding was anchored to a file and line of a valid plant or nothing at all. */
  precision: number | null;
  /** Findings without a file and line: they can locate nothing, so they count on neither side. */
  unanchored: number;
  equivalentExcluded: number;
  perCategory: Record<string, CategoryScore>;
  plants: PlantResult[];
  findings: FindingResult[];
}

/** Pairs each finding with the plant it locates (pure; no identification yet). */
export function locateFindings(findings: readonly Finding[], plants: readonly Plant[]): LocatedFinding[] {
  return findings.map((finding) => ({ finding, plant: locatePlant(finding, plants) }));
}

export function score(input: {
  plants: readonly Plant[];
  equivalent: EquivalentPlants;
  located: readonly LocatedFinding[];
  identifications: readonly Identification[];
}): Score {
  const verdict = new Map<string, Identification>();
  for (const id of input.identifications) verdict.set(key(id.finding, id.plant), id);

  const findings: FindingResult[] = input.located.map(({ finding, plant }) => {
    if (!isAnchored(finding)) return { finding, plant: null, kind: 'unanchored' };
    if (plant === null) return { finding, plant: null, kind: 'false-positive' };
    if (input.equivalent.has(plant.id)) return { finding, plant: plant.id, kind: 'equivalent' };
    const id = verdict.get(key(finding.index, plant.id));
    const identified = id?.identified === true;
    return {
      finding,
      plant: plant.id,
      kind: identified ? 'true-positive' : 'located',
      ...(id ? { by: id.by } : {}),
      ...(id?.reason ? { reason: id.reason } : {}),
    };
  });

  const plants: PlantResult[] = input.plants.map((plant) => {
    const mine = findings.filter((f) => f.plant === plant.id);
    const locatedBy = mine.map((f) => f.finding.index);
    const caught = mine.filter((f) => f.kind === 'true-positive');
    const status: PlantStatus = input.equivalent.has(plant.id)
      ? 'equivalent'
      : caught.length > 0
        ? 'caught'
        : locatedBy.length > 0
          ? 'located'
          : 'missed';
    // An excluded plant's reason is why it was excluded, not what a finding on it said.
    const reason = status === 'equivalent' ? equivalentReason(input.equivalent, plant.id) : (caught[0] ?? mine[0])?.reason;
    return {
      plant,
      status,
      identifiedBy: caught[0]?.by ?? null,
      locatedBy,
      caughtBy: caught.map((f) => f.finding.index),
      ...(reason ? { reason } : {}),
    };
  });

  const valid = plants.filter((p) => p.status !== 'equivalent');
  const caught = valid.filter((p) => p.status === 'caught').length;
  const located = valid.filter((p) => p.status === 'caught' || p.status === 'located').length;
  const truePositives = findings.filter((f) => f.kind === 'true-positive').length;
  const falsePositives = findings.filter((f) => f.kind === 'false-positive').length;

  const perCategory: Record<string, CategoryScore> = {};
  for (const p of valid) {
    const c = (perCategory[p.plant.category] ??= { caught: 0, located: 0, total: 0, recall: 0 });
    c.total += 1;
    if (p.status === 'caught') c.caught += 1;
    if (p.status === 'caught' || p.status === 'located') c.located += 1;
  }
  for (const c of Object.values(perCategory)) c.recall = ratio(c.caught, c.total);

  return {
    caught,
    located,
    total: valid.length,
    recall: ratio(caught, valid.length),
    truePositives,
    falsePositives,
    precision: truePositives + falsePositives === 0 ? null : truePositives / (truePositives + falsePositives),
    unanchored: findings.filter((f) => f.kind === 'unanchored').length,
    equivalentExcluded: plants.length - valid.length,
    perCategory,
    plants,
    findings,
  };
}

function equivalentReason(equivalent: EquivalentPlants, id: string): string {
  return ('get' in equivalent ? equivalent.get(id) : undefined) ?? EQUIVALENT_REASON;
}

export function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function key(finding: number, plant: string): string {
  return `${finding}\0${plant}`;
}

/** The verdict of the gate on one score. */
export function gateVerdict(
  s: { recall: number; precision: number | null },
  minRecall: number,
  minPrecision: number | null,
  decoy?: { findings: number; max: number | null },
): {
  pass: boolean;
  reasons: string[];
} {
  const reasons: string[] = [];
  if (s.recall < minRecall) reasons.push(`recall ${fmt(s.recall)} is below --min-recall ${fmt(minRecall)}`);
  // No anchored finding means no false alarm either: precision has nothing to fail on.
  if (minPrecision !== null && s.precision !== null && s.precision < minPrecision) {
    reasons.push(`precision ${fmt(s.precision)} is below --min-precision ${fmt(minPrecision)}`);
  }
  if (decoy && decoy.max !== null && decoy.findings > decoy.max) {
    reasons.push(`${decoy.findings} findings on the clean commit (decoys) is above --max-decoy-findings ${decoy.max}`);
  }
  return { pass: reasons.length === 0, reasons };
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/0+$/, '');
}
