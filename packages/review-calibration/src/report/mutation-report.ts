// --report: the plants and their status in the mutation-testing-report-schema format (what
// Stryker's mutation-testing-elements viewer renders). Caught ↦ Killed (killedBy: the finding),
// located only ↦ Survived (coveredBy: the finding), missed ↦ Survived, equivalent ↦ Ignored (always with a statusReason: why it was excluded).
// Never Timeout: the viewer counts it as detected.

// The package's `/api` entry holds only the types; its root's declarations also import the JSON
// schema without an import attribute, which a NodeNext consumer that checks libraries rejects.
import type { MutantStatus, MutationTestResult, TestFile } from 'mutation-testing-report-schema/api';
import type { CalibrationJson } from '../schema.js';
import { languageOf } from '../plants/language.js';
import { EQUIVALENT_REASON } from '../types.js';
import type { MutationReportDocument } from './mutation-report-schema.js';

/**
 * The report as the schema package types it, with the fields this tool always writes made
 * required: `$schema` (the link the viewer follows; the package's type leaves it out), `config`,
 * `framework`, and `testFiles` (the reviewer's findings).
 */
export type MutationReport = MutationTestResult & {
  $schema: string;
  config: Record<string, unknown>;
  framework: NonNullable<MutationTestResult['framework']>;
  testFiles: Record<string, TestFile>;
};

const STATUS: Record<CalibrationJson['plants'][number]['status'], Extract<MutantStatus, 'Killed' | 'Survived' | 'Ignored'>> = {
  caught: 'Killed',
  located: 'Survived',
  missed: 'Survived',
  equivalent: 'Ignored',
};

export const REPORT_SCHEMA_URL =
  'https://raw.githubusercontent.com/stryker-mutator/mutation-testing-elements/master/packages/report-schema/src/mutation-testing-report-schema.json';

export function toMutationReport(
  doc: CalibrationJson,
  sources: ReadonlyMap<string, string>,
  meta: { reviewCommand: string; version?: string },
): MutationReport {
  const findingId = (trial: number | undefined, index: number) => (trial === undefined ? `finding-${index}` : `trial-${trial}-finding-${index}`);
  const files: MutationReportDocument['files'] = {};
  for (const p of doc.plants) {
    const file = (files[p.file] ??= { language: languageOf(p.file), source: sources.get(p.file) ?? '', mutants: [] });
    const status = STATUS[p.status];
    const reason =
      p.status === 'located'
        ? `located but not identified${p.reason ? `: ${p.reason}` : ''}`
        : p.status === 'missed'
          ? 'no finding points at this line'
          : p.status === 'equivalent'
            ? (p.reason ?? EQUIVALENT_REASON)
            : p.reason;
    file.mutants.push({
      id: p.trial === undefined ? p.id : `trial-${p.trial}:${p.id}`,
      mutatorName: p.operator,
      replacement: replacementOf(p.original, p.mutated, p.column),
      location: { start: { line: p.line, column: p.column }, end: endOf(p) },
      status,
      description: `${p.category}: ${p.description}`,
      ...(reason ? { statusReason: reason } : {}),
      ...(p.status === 'caught' ? { killedBy: p.caughtBy.map((i) => findingId(p.trial, i)) } : {}),
      ...(p.status === 'located' ? { coveredBy: p.locatedBy.map((i) => findingId(p.trial, i)) } : {}),
    });
  }
  const tests = doc.findings.map((f) => ({
    id: findingId(f.trial, f.index),
    name: `${f.file ?? '?'}:${f.line ?? '?'}: ${f.description.replace(/\s+/g, ' ').trim()}`.slice(0, 300),
  }));
  // Checked against the zod schema the build publishes, which is checked against the package's types.
  const report = {
    $schema: REPORT_SCHEMA_URL,
    schemaVersion: '2',
    // The viewer colours the score (here: recall) against these, in percent.
    thresholds: { high: Math.max(Math.round(doc.minRecall * 100), 80), low: Math.round(doc.minRecall * 100) },
    config: {
      tool: 'review-calibration',
      reviewCommand: meta.reviewCommand,
      commit: doc.commit,
      commitSha: doc.commitSha,
      scorer: doc.scorer,
      seed: doc.seed,
      recall: doc.recall,
      precision: doc.precision,
      caught: doc.caught,
      located: doc.located,
      total: doc.total,
      truePositives: doc.truePositives,
      falsePositives: doc.falsePositives,
      minRecall: doc.minRecall,
      minPrecision: doc.minPrecision,
      gatePass: doc.gatePass,
      perCategory: doc.perCategory,
    },
    framework: { name: 'review-calibration', ...(meta.version ? { version: meta.version } : {}) },
    files,
    testFiles: { reviewer: { tests } },
  } satisfies MutationReportDocument;
  return report;
}

/** Where the replaced text ends in the file: past the last original character that the plant changes (on a later line for a multi-line plant). */
function endOf(p: { line: number; column: number; original: string; mutated: string }): { line: number; column: number } {
  const a = p.original.slice(p.column - 1);
  const replaced = a.slice(0, Math.max(0, a.length - commonSuffix(a, p.mutated.slice(p.column - 1))));
  const lastBreak = replaced.lastIndexOf('\n');
  if (lastBreak === -1) return { line: p.line, column: p.column + replaced.length };
  return { line: p.line + replaced.split('\n').length - 1, column: replaced.length - lastBreak };
}

/** The part of the mutated code that differs from the original, starting at the plant's column. */
function replacementOf(original: string, mutated: string, column: number): string {
  const a = original.slice(column - 1);
  const b = mutated.slice(column - 1);
  const suffix = commonSuffix(a, b);
  return b.slice(0, b.length - suffix);
}

function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}
