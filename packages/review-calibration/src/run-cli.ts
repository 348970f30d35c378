// Maps parsed CLI options onto the command's typed options.

import type { Outcome } from '@adlc/core';
import { calibrate, type CalibrateOptions } from './calibrate.js';
import type { Scorer } from './types.js';

export function runCli(raw: Record<string, unknown>, deps: { cwd: string; env: NodeJS.ProcessEnv; version: string }): Promise<Outcome> {
  const opts: CalibrateOptions = {
    commit: String(raw.commit ?? 'HEAD'),
    plants: Number(raw.plants ?? 8),
    minRecall: Number(raw.minRecall ?? 0.5),
    files: (raw.files as string[] | undefined) ?? [],
    scorer: (raw.scorer as Scorer | undefined) ?? 'judge',
    json: raw.json === true,
    seed: Number(raw.seed ?? 1),
    trials: Number(raw.trials ?? 1),
    report: (raw.report as string[] | undefined) ?? [],
    timeout: Number(raw.timeout ?? 120),
    reviewTimeout: Number(raw.reviewTimeout ?? 1800),
    restore: raw.restore === true,
    ...(typeof raw.reviewCmd === 'string' ? { reviewCmd: raw.reviewCmd } : {}),
    ...(typeof raw.minPrecision === 'number' ? { minPrecision: raw.minPrecision } : {}),
    ...(typeof raw.plantsFile === 'string' ? { plantsFile: raw.plantsFile } : {}),
    ...(typeof raw.history === 'string' ? { history: raw.history } : {}),
  };
  return calibrate(opts, deps);
}
