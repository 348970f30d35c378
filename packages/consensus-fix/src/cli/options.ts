// The options of a run, as the CLI parses them (and as a library caller passes them), and the one
// declaration of their defaults: the CLI's flags (and so its --help) and `consensusFix` both read DEFAULTS.

import type { EarlyPreflight } from './preflight-head-start.js';
import type { Reporter, Tier } from '@adlc/core';
import type { EditFormatOption } from '../edits/format.js';
import type { Normalize } from '../output/result.js';

export const TOOL = 'consensus-fix';

export interface ConsensusFixOptions {
  testCmd?: string | undefined;
  files?: string[] | undefined;
  rails?: string | undefined;
  n: number;
  tier: Tier;
  apply?: boolean | undefined;
  allowDirty?: boolean | undefined;
  json?: boolean | undefined;
  /** No progress and no notes on stderr (warnings and errors still print). */
  quiet?: boolean | undefined;
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
  /** Without --files: how many of the localized files the fix may change. */
  maxFiles: number;
  /** Rank the files to fix (needs no --files, no key), print the ranking and stop. */
  localizeOnly?: boolean | undefined;
  /** What the models answer: whole files, search/replace edits, or `auto` (edits once a file has over 300 lines). */
  editFormat: EditFormatOption;
  /** The token limit of each answer; an answer that reaches it is cut off and discarded. */
  maxTokens: number;
}

/** The options that have a default. */
export type Defaulted = 'n' | 'tier' | 'timeout' | 'jobs' | 'normalize' | 'maxFiles' | 'editFormat' | 'maxTokens';

export const DEFAULTS = {
  n: 3,
  tier: 'mid',
  // @adlc/localize's LOCALIZE_DEFAULTS, like maxFiles (a test keeps them equal).
  timeout: 600,
  jobs: 1,
  normalize: 'whitespace',
  maxFiles: 3,
  editFormat: 'auto',
  // @adlc/core's DEFAULT_MAX_TOKENS (a test keeps them equal): core's entry is too heavy to load for --help.
  maxTokens: 16_384,
} as const satisfies Pick<ConsensusFixOptions, Defaulted>;

/** What a library caller passes: the defaulted options may be left out. */
export type ConsensusFixInput = Omit<ConsensusFixOptions, Defaulted> & Partial<Pick<ConsensusFixOptions, Defaulted>>;

/** Fills every defaulted option left out (or undefined) from DEFAULTS. */
export function withDefaults(input: ConsensusFixInput): ConsensusFixOptions {
  return {
    ...input,
    n: input.n ?? DEFAULTS.n,
    tier: input.tier ?? DEFAULTS.tier,
    timeout: input.timeout ?? DEFAULTS.timeout,
    jobs: input.jobs ?? DEFAULTS.jobs,
    normalize: input.normalize ?? DEFAULTS.normalize,
    maxFiles: input.maxFiles ?? DEFAULTS.maxFiles,
    editFormat: input.editFormat ?? DEFAULTS.editFormat,
    maxTokens: input.maxTokens ?? DEFAULTS.maxTokens,
  };
}

/** Injected at the edge so tests and embedders control environment, directory and stderr. */
export interface RunContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stderr?: NodeJS.WriteStream;
  /** Where progress, notes and warnings go instead of stderr (an MCP host turns progress into notifications). */
  reporter?: Reporter;
  /** The pre-flight's test, already started by the caller (the bin, see preflight-head-start.ts); the run takes it over. */
  earlyPreflight?: EarlyPreflight;
}

/** Whether a run checks that the tree is clean before it writes: not under --prompt-only, --localize-only or --allow-dirty. */
export function guardsTree(opts: { promptOnly?: boolean; localizeOnly?: boolean; allowDirty?: boolean }): boolean {
  return !opts.promptOnly && !opts.localizeOnly && !opts.allowDirty;
}
