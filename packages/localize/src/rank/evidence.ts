// The evidence table: every candidate file with what each signal says about it. Pure.

import type { FrameHit, PrototypeWriteHit } from '../signals/frame-files.js';
import type { Evidence } from '../schema.js';
import type { FileSpectrum } from './spectrum.js';
import type { TestCall } from '../signals/test-calls.js';

export interface Signals {
  frames: ReadonlyMap<string, FrameHit[]>;
  /** Where the prototype-write probe saw the repository write onto Object.prototype. */
  writes: ReadonlyMap<string, PrototypeWriteHit[]>;
  /** Undefined when the run had no coverage. */
  spectrum: ReadonlyMap<string, FileSpectrum> | undefined;
  /** True when the spectrum had a passing side (rails, or the passing tests run by themselves). */
  hasPassing?: boolean;
  distances: ReadonlyMap<string, number>;
  identifiers: ReadonlyMap<string, string[]>;
  definitions: ReadonlyMap<string, string[]>;
  /** The failing test's calls each file ran (or defines). */
  testCalls: ReadonlyMap<string, TestCall[]>;
  /** Files the failing run started a process with (a spawned CLI). */
  programs?: ReadonlySet<string>;
}

const MAX_FRAMES = 5;
const MAX_FUNCTIONS = 3;
const round = (x: number) => Math.round(x * 1000) / 1000;

/** The files any signal points at (before eligibility): frames, executed files, the import graph. */
export function pointedAt(signals: Omit<Signals, 'identifiers' | 'definitions' | 'testCalls' | 'hasPassing'>): string[] {
  const files = new Set([...signals.frames.keys(), ...signals.writes.keys(), ...signals.distances.keys()]);
  for (const [file, s] of signals.spectrum ?? []) if (s.loaded) files.add(file);
  return [...files].sort();
}

export function evidenceOf(file: string, signals: Signals): Evidence {
  const evidence: Evidence = {};
  const frames = signals.frames.get(file);
  if (frames && frames.length > 0) evidence.frames = frames.slice(0, MAX_FRAMES);
  const writes = signals.writes.get(file);
  if (writes && writes.length > 0) evidence.prototypeWrites = writes.slice(0, MAX_FRAMES);
  const spectrum = signals.spectrum?.get(file);
  if (spectrum && spectrum.coveredLines > 0) {
    evidence.ochiai = round(spectrum.ochiai);
    evidence.coveredLines = spectrum.coveredLines;
    if (signals.hasPassing) evidence.exclusiveLines = spectrum.exclusiveLines;
    evidence.functions = spectrum.functions.slice(0, MAX_FUNCTIONS).map((f) => ({ name: f.name, line: f.line, ochiai: round(f.ochiai) }));
  }
  const distance = signals.distances.get(file);
  if (distance !== undefined) evidence.graphDistance = distance;
  const identifiers = signals.identifiers.get(file);
  if (identifiers && identifiers.length > 0) evidence.identifiers = identifiers;
  const defines = signals.definitions.get(file);
  if (defines && defines.length > 0) evidence.defines = defines;
  const testCalls = signals.testCalls.get(file);
  if (testCalls && testCalls.length > 0) evidence.testCalls = testCalls;
  if (signals.programs?.has(file)) {
    const top = Math.max(0, ...(spectrum?.functions ?? []).map((f) => f.top));
    evidence.program = signals.hasPassing && top > 0 && top < 1 ? { ochiai: round(top) } : {};
  }
  return evidence;
}

export function evidenceTable(pool: readonly string[], signals: Signals): Array<{ file: string; evidence: Evidence }> {
  return pool.map((file) => ({ file, evidence: evidenceOf(file, signals) }));
}
