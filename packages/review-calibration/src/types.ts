// The shapes the calibration passes between its steps: plants (planted bugs), findings (what the
// reviewer said), and the verdicts that connect them.

export const SCORERS = ['judge', 'repro', 'string'] as const;
export type Scorer = (typeof SCORERS)[number];

export const PLANT_STATUSES = ['caught', 'located', 'missed', 'equivalent'] as const;
export type PlantStatus = (typeof PLANT_STATUSES)[number];

export const PLANT_SOURCES = ['rules', 'model'] as const;
export type PlantSourceKind = (typeof PLANT_SOURCES)[number];

/**
 * A planted bug: one line of one file replaced by a realistic mutant of it, or (model plants) up to
 * 8 consecutive lines replaced by as many lines.
 */
export interface Plant {
  /** Stable within a run, e.g. `src/a.ts:42:9:invert-comparison`. */
  id: string;
  /** Repository-relative, forward slashes. */
  file: string;
  /** 1-based line (the same before and after planting: plants never add or remove lines). */
  line: number;
  /** The last line a multi-line plant changes (absent: `line` alone). */
  endLine?: number;
  /** Who wrote it: the mutation rules (default) or a model. */
  source?: PlantSourceKind;
  /** 1-based column where the change starts (1 when only the line is known). */
  column: number;
  /** 1-based column just past the replaced text on the original line. */
  endColumn: number;
  /** The replacement text (the whole mutated line when only lines are known). */
  replacement: string;
  /** The whole original line, without its line break (lines `line`…`endLine` joined by `\n`). */
  original: string;
  /** The whole line as planted, without its line break (as many lines as `original`). */
  mutated: string;
  category: string;
  operator: string;
  /** The defect in words. */
  description: string;
  /** Language of the file, for reports. */
  language: string;
  /** A shell command that passes on the original and fails with this plant alone (plants file only). */
  witness?: string;
}

/**
 * The plants excluded as equivalent mutants, by id. A map also says why each one is (what its
 * witness did), which the report must show for every excluded plant.
 */
export type EquivalentPlants = ReadonlySet<string> | ReadonlyMap<string, string>;

/** Why a plant is excluded, when the caller did not say. */
export const EQUIVALENT_REASON = 'equivalent mutant: excluded from recall';

/** One thing the reviewer reported. */
export interface Finding {
  /** Position in the reviewer's output, from 0. */
  index: number;
  /** As the reviewer wrote it (may be absolute, relative, or only a basename); null when absent. */
  file: string | null;
  line: number | null;
  description: string;
  severity?: string;
  category?: string;
  /** A shell command that passes on the clean tree and fails with the defect present. */
  repro?: string;
  reviewer?: string;
}

/** How a located finding was judged to identify (or not) the plant it points at. */
export interface Identification {
  finding: number;
  plant: string;
  identified: boolean;
  by: 'repro' | 'judge' | 'location' | 'none';
  /** The judge's reason, or why a repro did not count. */
  reason?: string;
  /** The judge's verdict, when one was asked (also for findings a repro already identified). */
  judgeMatch?: boolean;
  /** Whether the finding's repro discriminated, when it had one and it was run. */
  reproDiscriminates?: boolean;
  /** The judge answered with invalid JSON twice. */
  judgeInvalid?: boolean;
}
