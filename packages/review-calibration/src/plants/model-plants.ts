// The model's plants for a run: asked once (every trial plants the same ones), each checked without
// a model, the ones that fail discarded with why, the rest kept 7 lines apart in the order given.

import type { Plant } from '../types.js';
import { askModelForPlants, MODEL_CATEGORIES, type PlanterContext } from './ask-model.js';
import { checkModelPlant, type OriginalSyntax } from './check-model-plant.js';
import { MIN_LINE_DISTANCE } from './generate.js';
import type { Target } from './targets.js';

export interface ModelPlants {
  model: string;
  proposed: number;
  accepted: Plant[];
  discarded: Array<{ file: string; category: string; reason: string }>;
}

export async function modelPlants(targets: readonly Target[], count: number, ctx: PlanterContext): Promise<ModelPlants> {
  const answer = await askModelForPlants(targets, count, ctx);
  const contents = new Map(targets.map((t) => [t.file, t.content]));
  const accepted: Plant[] = [];
  const discarded: ModelPlants['discarded'] = [];
  const syntax: OriginalSyntax = new Map();
  for (const [i, proposed] of answer.plants.entries()) {
    const discard = (reason: string) => discarded.push({ file: proposed.file, category: proposed.category, reason });
    if (!(MODEL_CATEGORIES as readonly string[]).includes(proposed.category)) {
      discard(`unknown category ${JSON.stringify(proposed.category)}`);
      continue;
    }
    if (proposed.description.trim() === '') {
      discard('no description of the defect');
      continue;
    }
    const checked = await checkModelPlant(proposed, i, contents, syntax);
    if (!checked.ok) discard(checked.reason);
    else if (accepted.length >= count) discard(`more than the ${count} plants asked for`);
    else if (tooClose(checked.plant, accepted)) discard(`within ${MIN_LINE_DISTANCE - 1} lines of another plant`);
    else accepted.push(checked.plant);
  }
  return { model: answer.model, proposed: answer.plants.length, accepted, discarded };
}

/** Closer than 7 lines to one of `others` in the same file: their ±3 windows would overlap. */
export function tooClose(plant: Plant, others: readonly Plant[]): boolean {
  return others.some(
    (o) => o.file === plant.file && plant.line - (o.endLine ?? o.line) < MIN_LINE_DISTANCE && o.line - (plant.endLine ?? plant.line) < MIN_LINE_DISTANCE,
  );
}
