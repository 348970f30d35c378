// --history: one JSON line per run (date, commit, reviewer command, recall, precision, per
// category), and the change against the previous entry, so a model swap that costs recall shows.

import { appendFile, readFile } from 'node:fs/promises';
import { redactSecrets } from '@adlc/core';
import { HistoryEntrySchema, type CalibrationJson, type HistoryEntry } from '../schema.js';

export function historyEntry(doc: CalibrationJson, reviewCommand: string, date: Date, env: NodeJS.ProcessEnv): HistoryEntry {
  return {
    date: date.toISOString(),
    commit: doc.commit,
    commitSha: doc.commitSha,
    reviewCommand: redactSecrets(reviewCommand, env),
    scorer: doc.scorer,
    recall: doc.recall,
    precision: doc.precision,
    caught: doc.caught,
    total: doc.total,
    perCategory: doc.perCategory,
  };
}

/** The last well-formed entry of a history file's text (a torn last line from a crash is skipped). */
export function lastEntry(text: string): HistoryEntry | null {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const parsed = HistoryEntrySchema.safeParse(JSON.parse(lines[i]!));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: keep looking further up
    }
  }
  return null;
}

export function historyDelta(previous: HistoryEntry, current: HistoryEntry): NonNullable<CalibrationJson['history']>['delta'] {
  const perCategory: Record<string, number> = {};
  for (const [name, c] of Object.entries(current.perCategory)) {
    const before = previous.perCategory[name];
    if (before) perCategory[name] = c.recall - before.recall;
  }
  return {
    recall: current.recall - previous.recall,
    precision: current.precision === null || previous.precision === null ? null : current.precision - previous.precision,
    perCategory,
  };
}

export async function appendHistory(file: string, entry: HistoryEntry): Promise<NonNullable<CalibrationJson['history']>> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const previous = lastEntry(text);
  // A torn last line from an interrupted writer must not swallow this entry.
  const lead = text.length > 0 && !text.endsWith('\n') ? '\n' : '';
  await appendFile(file, `${lead}${JSON.stringify(entry)}\n`);
  return { file, previous, delta: previous ? historyDelta(previous, entry) : null };
}
