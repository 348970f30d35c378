// `--restore` of the tools that journal their writes (consensus-fix, review-calibration): recover
// every killed run of the repository, say on stderr what happened, and describe it as one JSON shape.

import * as z from 'zod';
import { recoverJournals, type RecoveredJournal } from './snapshot-recover.js';

const run = { tool: z.string(), pid: z.number().int() };

/** What `--restore` found and did, in every tool that journals its writes. */
export const RestoreReportSchema = z.object({
  /** Every journal recovered (files put back; `files` may be empty when all were intact or kept). */
  restored: z.array(z.object({ ...run, files: z.array(z.string()), journal: z.string() })),
  /** Journals left in place; `why` and `reason` say the same (each tool's original field name). */
  skipped: z.array(
    z.object({ ...run, journal: z.string(), status: z.enum(['live', 'corrupt', 'failed']), why: z.string(), reason: z.string() }),
  ),
  /** Files a person changed after the killed run: left as they are, their originals saved under the git dir. */
  kept: z.array(
    z.object({
      ...run,
      journal: z.string(),
      /** Relative to the repository root. */
      path: z.string(),
      /** Absolute path in the working tree. */
      file: z.string(),
      now: z.enum(['changed', 'missing', 'not-a-file']),
      /** Absolute path of the original; null when the file did not exist before the run. */
      saved: z.string().nullable(),
    }),
  ),
});
export type RestoreReport = z.infer<typeof RestoreReportSchema>;

/**
 * The document `--restore --json` prints, the same in consensus-fix and review-calibration: the report
 * at the top (review-calibration's shape) and again under `restore` (consensus-fix's earlier shape, whose
 * published schema named it), so neither tool's readers lose a key.
 */
export const RestoreDocumentSchema = RestoreReportSchema.extend({
  /** The same report as the top-level keys; kept for readers of consensus-fix's earlier shape. */
  restore: RestoreReportSchema,
});
export type RestoreDocument = z.infer<typeof RestoreDocumentSchema>;

export function toRestoreDocument(report: RestoreReport): RestoreDocument {
  return { ...report, restore: report };
}

export interface RestoreInterruptedOptions {
  /** Any directory of the repository (or the directory itself outside git). */
  cwd: string;
  /** Prefixes each stderr line, e.g. `consensus-fix`. */
  tool: string;
  /** Where the lines for people go (a reporter's `info`). */
  log: (line: string) => void;
}

/** Recovers every interrupted run, tells `log` what it restored, kept or skipped (or that there was nothing). */
export async function restoreInterruptedRuns(opts: RestoreInterruptedOptions): Promise<RestoreReport> {
  const recovered = await recoverJournals({ cwd: opts.cwd, log: (line) => opts.log(`${opts.tool}: ${line}`) });
  if (recovered.length === 0) opts.log(`${opts.tool}: nothing to restore: no interrupted run left files behind`);
  return toRestoreReport(recovered);
}

export function toRestoreReport(recovered: readonly RecoveredJournal[]): RestoreReport {
  const report: RestoreReport = { restored: [], skipped: [], kept: [] };
  for (const r of recovered) {
    const base = { tool: r.tool, pid: r.pid, journal: r.journalPath };
    if (r.skipped !== undefined) {
      const why = r.skipped === 'live' ? `its run (pid ${r.pid}) is still going` : (r.error ?? r.skipped);
      report.skipped.push({ ...base, status: r.skipped, why, reason: why });
      continue;
    }
    report.restored.push({ ...base, files: r.restored });
    report.kept.push(...r.kept.map((k) => ({ ...base, path: k.path, file: k.file, now: k.now, saved: k.saved })));
  }
  return report;
}
