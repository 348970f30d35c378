// Where each trial's plants come from: --plants-file as given, or the mutation engine's pool over
// the commit's targets (else --files), selected per seed; never fewer than asked without saying so.

import { opError } from '@adlc/core';
import type { Plant } from '../types.js';
import { mutantPool, selectFromPool, type MutantPool } from './generate.js';
import { loadPlantsFile } from './plants-file.js';
import { chooseTargets } from './targets.js';

export interface PlantOptions {
  commit: string;
  plants: number;
  files: string[];
  plantsFile?: string;
}

export interface PlantSource {
  kind: 'commit' | 'files' | 'plants-file';
  files: string[];
  /** Changed or listed files that get no plants, and why (generated, binary, …). */
  skipped: Array<{ file: string; reason: string }>;
  plants(seed: number): Plant[];
}

export async function plantSource(opts: PlantOptions, root: string, cwd: string, warnings: string[]): Promise<PlantSource> {
  if (opts.plantsFile) {
    const plants = await loadPlantsFile(opts.plantsFile, { root, cwd });
    return { kind: 'plants-file', files: [...new Set(plants.map((p) => p.file))], skipped: [], plants: () => plants };
  }
  const choice = await chooseTargets({ root, cwd, commit: opts.commit, files: opts.files });
  if (choice.source === 'commit' && opts.files.length > 0) {
    warnings.push(`--files is a fallback and was not used: commit ${opts.commit} changes eligible source files`);
  }
  for (const s of choice.skipped) warnings.push(`skipped ${s.file}: ${s.reason}`);
  const pool: MutantPool = await mutantPool(choice.targets, root);
  for (const file of pool.widened) warnings.push(`${file}: no mutant fits the lines the commit changed; planted anywhere in the file`);
  return {
    kind: choice.source,
    files: choice.targets.map((t) => t.file),
    skipped: choice.skipped,
    plants: (seed) => selectFromPool(pool, opts.plants, seed).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line)),
  };
}

/** One trial's plants; `warnings` (first trial only) hears when fewer fit than were asked for. */
export function trialPlants(opts: PlantOptions, source: PlantSource, seed: number, warnings?: string[]): Plant[] {
  const plants = source.plants(seed);
  if (plants.length === 0) throw opError('no plants could be generated: the mutation engine found nothing to mutate in the target files');
  if (plants.length < opts.plants && !opts.plantsFile && warnings) {
    warnings.push(`only ${plants.length} of the ${opts.plants} requested plants fit (plants are 7 lines apart, in the lines the commit changed when it changed any)`);
  }
  return plants;
}
