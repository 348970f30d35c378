// The options of a run, as the CLI parses them (and as a library caller passes them).

import type { Tier } from '@adlc/core';
import type { Normalize } from './result.js';

export interface ConsensusFixOptions {
  testCmd?: string | undefined;
  files?: string[] | undefined;
  rails?: string | undefined;
  n: number;
  tier: Tier;
  apply?: boolean | undefined;
  allowDirty?: boolean | undefined;
  json?: boolean | undefined;
  promptOnly?: boolean | undefined;
  /** Seconds for each test or rails run. */
  timeout: number;
  jobs: number;
  normalize: Normalize;
  maxChangedLines?: number | undefined;
  logDir?: string | undefined;
  out?: string | undefined;
  providers?: string[] | undefined;
  restore?: boolean | undefined;
}

export const DEFAULTS = { n: 3, tier: 'mid', timeout: 600, jobs: 1, normalize: 'whitespace' } as const;

/** Injected at the edge so tests and embedders control environment, directory and stderr. */
export interface RunContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stderr?: NodeJS.WriteStream;
}
