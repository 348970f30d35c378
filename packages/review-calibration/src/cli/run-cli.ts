// Maps parsed CLI options onto the command's typed options, filling in the declared defaults.

import type { Outcome, Tier } from '@adlc/core';
import { calibrate, type CalibrateOptions } from '../calibrate.js';
import type { Scorer } from '../types.js';
import { DEFAULTS } from './defaults.js';

/** The command's options from parsed flags (camel-cased, as commander gives them); absent ones take `DEFAULTS`. */
export function calibrateOptions(raw: Record<string, unknown>): CalibrateOptions {
  return {
    commit: String(raw.commit ?? DEFAULTS.commit),
    plants: Number(raw.plants ?? DEFAULTS.plants),
    minPlants: Number(raw.minPlants ?? DEFAULTS.minPlants),
    minRecall: Number(raw.minRecall ?? DEFAULTS.minRecall),
    files: (raw.files as string[] | undefined) ?? [],
    scorer: (raw.scorer as Scorer | undefined) ?? DEFAULTS.scorer,
    plantSource: (raw.plantSource as CalibrateOptions['plantSource'] | undefined) ?? DEFAULTS.plantSource,
    plantTier: (raw.plantTier as Tier | undefined) ?? DEFAULTS.plantTier,
    json: raw.json === true,
    quiet: raw.quiet === true,
    seed: Number(raw.seed ?? DEFAULTS.seed),
    trials: Number(raw.trials ?? DEFAULTS.trials),
    report: (raw.report as string[] | undefined) ?? [],
    decoys: Number(raw.decoys ?? DEFAULTS.decoys),
    timeout: Number(raw.timeout ?? DEFAULTS.timeout),
    reviewTimeout: Number(raw.reviewTimeout ?? DEFAULTS.reviewTimeout),
    restore: raw.restore === true,
    ...(typeof raw.reviewCmd === 'string' || Array.isArray(raw.reviewCmd) ? { reviewCmd: raw.reviewCmd as string | string[] } : {}),
    ...(typeof raw.reviewersFile === 'string' ? { reviewersFile: raw.reviewersFile } : {}),
    ...(typeof raw.testCmd === 'string' ? { testCmd: raw.testCmd } : {}),
    ...(typeof raw.minPrecision === 'number' ? { minPrecision: raw.minPrecision } : {}),
    ...(typeof raw.plantsFile === 'string' ? { plantsFile: raw.plantsFile } : {}),
    ...(typeof raw.history === 'string' ? { history: raw.history } : {}),
    ...(typeof raw.maxDecoyFindings === 'number' ? { maxDecoyFindings: raw.maxDecoyFindings } : {}),
  };
}

export function runCli(raw: Record<string, unknown>, deps: { cwd: string; env: NodeJS.ProcessEnv; version: string }): Promise<Outcome> {
  return calibrate(calibrateOptions(raw), deps);
}
