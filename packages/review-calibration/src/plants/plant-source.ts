// Where each trial's plants come from: --plants-file as given, or the mutation engine's pool over
// the commit's targets (else --files), selected per seed; never fewer than asked without saying so.

import { opError, requireProvider, type Tier } from '@adlc/core';
import type { Plant } from '../types.js';
import { modelPlants, tooClose, type ModelPlants } from './model-plants.js';
import { mutantPool, selectFromPool, type MutantPool } from './generate.js';
import { loadPlantsFile } from './plants-file.js';
import { chooseTargets } from './targets.js';

export interface PlantOptions {
  commit: string;
  plants: number;
  files: string[];
  plantsFile?: string;
  /** Who writes the plants: the mutation rules, a model, or both (half each, the model's first). */
  plantSource: 'rules' | 'model' | 'both';
  plantTier: Tier;
}

export interface PlantSource {
  kind: 'commit' | 'files' | 'plants-file';
  files: string[];
  /** Changed or listed files that get no plants, and why (generated, binary, …). */
  skipped: Array<{ file: string; reason: string }>;
  plants(seed: number): Plant[];
  /** What the model proposed and what became of it (model or both). */
  model?: ModelPlants;
}

export async function plantSource(opts: PlantOptions, root: string, cwd: string, warnings: string[], env: NodeJS.ProcessEnv = {}): Promise<PlantSource> {
  if (opts.plantsFile) {
    const plants = await loadPlantsFile(opts.plantsFile, { root, cwd });
    return { kind: 'plants-file', files: [...new Set(plants.map((p) => p.file))], skipped: [], plants: () => plants };
  }
  const choice = await chooseTargets({ root, cwd, commit: opts.commit, files: opts.files });
  if (choice.source === 'commit' && opts.files.length > 0) {
    warnings.push(`--files is a fallback and was not used: commit ${opts.commit} changes eligible source files`);
  }
  warnings.push(...choice.repeats);
  for (const s of choice.skipped) warnings.push(`skipped ${s.file}: ${s.reason}`);
  const byPlace = (a: Plant, b: Plant) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
  let model: ModelPlants | undefined;
  if (opts.plantSource !== 'rules') {
    requireProvider(env);
    const wanted = opts.plantSource === 'model' ? opts.plants : Math.ceil(opts.plants / 2);
    model = await modelPlants(choice.targets, wanted, { tier: opts.plantTier, env, cwd: root });
    for (const d of model.discarded) warnings.push(`model plant in ${d.file} discarded: ${d.reason}`);
  }
  const fromModel = model?.accepted ?? [];
  let pool: MutantPool | undefined;
  if (opts.plantSource !== 'model') {
    pool = await mutantPool(choice.targets, root);
    for (const file of pool.widened) warnings.push(`${file}: no mutant fits the lines the commit changed; planted anywhere in the file`);
  }
  const rules = (seed: number): Plant[] => {
    if (!pool) return [];
    // The rules fill what the model's plants leave, never within reach of one of them.
    const picked = selectFromPool(pool, opts.plants, seed).filter((p) => !tooClose(p, fromModel));
    return picked.slice(0, opts.plants - fromModel.length).map((p) => ({ ...p, source: 'rules' as const }));
  };
  return {
    kind: choice.source,
    files: choice.targets.map((t) => t.file),
    skipped: choice.skipped,
    plants: (seed) => [...fromModel, ...rules(seed)].sort(byPlace),
    ...(model ? { model } : {}),
  };
}

/**
 * Every trial's plants, one list per seed (the selection is pure, so all are known before any
 * review runs). A trial with no plant is an error; fewer than asked is one warning that is true
 * across the trials, not of the first one only.
 */
export function trialPlants(opts: PlantOptions, source: PlantSource, seeds: readonly number[], warnings: string[]): Plant[][] {
  const perTrial = seeds.map((seed) => source.plants(seed));
  if (perTrial.some((plants) => plants.length === 0)) {
    const who = opts.plantSource === 'model' ? 'the model proposed no plant that passed the checks' : 'the mutation engine found nothing to mutate in the target files';
    throw opError(`no plants could be generated: ${who}`);
  }
  if (!opts.plantsFile) {
    const warning = shortfall(opts, source, perTrial.map((plants) => plants.length));
    if (warning) warnings.push(warning);
  }
  return perTrial;
}

/** "only 6 of the 8 requested plants fit", said of one trial, of each trial, or of some of them with every count. */
export function shortfall(opts: Pick<PlantOptions, 'plants' | 'plantSource'>, source: Pick<PlantSource, 'model'>, counts: readonly number[]): string | undefined {
  const short = counts.filter((n) => n < opts.plants).length;
  if (short === 0) return undefined;
  const m = source.model;
  const why = [
    ...(m ? [`the model proposed ${m.proposed}, ${m.discarded.length} of them discarded`] : []),
    ...(opts.plantSource !== 'model' ? ['plants are 7 lines apart, in the lines the commit changed when it changed any'] : []),
  ];
  const because = why.length === 0 ? '' : ` (${why.join('; ')})`;
  if (counts.length === 1) return `only ${counts[0]} of the ${opts.plants} requested plants fit${because}`;
  if (counts.every((n) => n === counts[0])) return `only ${counts[0]} of the ${opts.plants} requested plants fit in each of the ${counts.length} trials${because}`;
  const which = short === counts.length ? 'every one' : `${short}`;
  return `fewer than the ${opts.plants} requested plants fit in ${which} of the ${counts.length} trials (per trial: ${[`${counts.join(', ')}`, ...why].join('; ')})`;
}
