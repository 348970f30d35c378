// The command's one table of options: the flags, the library's option types, the MCP tool's input and
// the "consensus-fix" section of the config file all come from it. Also the run's context.

import { DEFAULT_MAX_TOKENS, defineOptions, flagMeta, SHARED_OPTIONS, tierOption, type ProjectConfig, type Reporter } from '@adlc/core';
// Its own entry: the barrel would bring the localizer into the chunk --help loads.
import { LOCALIZE_DEFAULTS } from '@adlc/localize/defaults';
import * as z from 'zod';
import type { EarlyPreflight } from './preflight-head-start.js';
import { EDIT_FORMAT_OPTIONS } from '../edits/format.js';

export const TOOL = 'consensus-fix';

/** Asked per run (this failing test, these files, this run's output): flags only, not keys of the config file. */
const PER_RUN = { config: false } as const;

/** How candidates are compared for agreement (--normalize, and the --json document's `normalize`). */
export const NORMALIZE_MODES = ['whitespace', 'syntax'] as const;

/** Node's timers hold at most 2^31−1 ms; a longer timeout would fire at once. */
/** Rounds of N completions a run may ask for (--rounds). */
export const MAX_ROUNDS = 3;

/** --localize: when a model picks among the deterministic top 10. */
export const LOCALIZE_MODES = ['auto', 'deterministic', 'model'] as const;
export type LocalizeMode = (typeof LOCALIZE_MODES)[number];

export const MAX_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

export const FIX_OPTIONS = defineOptions(TOOL, {
  tier: tierOption('mid'),
  json: SHARED_OPTIONS.json,
  promptOnly: SHARED_OPTIONS.promptOnly,
  allowDirty: SHARED_OPTIONS.allowDirty,
  quiet: SHARED_OPTIONS.quiet,
  testCmd: z.string().min(1).optional().describe('shell command running the failing test (must fail now)').register(flagMeta, { value: 'cmd', ...PER_RUN }),
  files: z
    .array(z.string().min(1))
    .optional()
    .describe('comma-separated files the fix may change (omitted: localized from the failing run)')
    .register(flagMeta, { value: 'paths', list: 'comma', ...PER_RUN }),
  maxFiles: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(LOCALIZE_DEFAULTS.maxFiles)
    .describe('without --files: how many localized files the fix may change')
    .register(flagMeta, { value: 'k' }),
  localizeOnly: z
    .boolean()
    .default(false)
    .describe('print the ranking of the files to fix and exit 0 (no model call, no key, nothing written)')
    .register(flagMeta, PER_RUN),
  localize: z
    .enum(LOCALIZE_MODES)
    .default('auto')
    .describe('without --files: auto (a cheap model picks among the top 10 when the ranking has no clear winner), deterministic (never), model (always, even with --localize-only)')
    .register(flagMeta, { value: 'mode' }),
  rounds: z
    .number()
    .int()
    .min(1)
    .max(MAX_ROUNDS)
    .default(1)
    .describe('ask N models again, shown how the previous round failed, while no fix survives (at most 3 rounds)')
    .register(flagMeta, { value: 'k' }),
  rails: z.string().min(1).optional().describe('the full regression suite; a candidate survives only if it passes too').register(flagMeta, { value: 'cmd' }),
  n: z.number().int().min(1).max(100).default(3).describe('number of independent candidates').register(flagMeta, { value: 'int' }),
  apply: z.boolean().default(false).describe('write the winning fix (default: dry run)').register(flagMeta, PER_RUN),
  timeout: z
    .number()
    .int()
    .min(1)
    .max(MAX_TIMEOUT_SECONDS)
    .default(LOCALIZE_DEFAULTS.timeout)
    .describe('bound on each test or rails run')
    .register(flagMeta, { value: 'seconds' }),
  jobs: z
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .describe('candidates evaluated at once, each in a temporary copy of the tree (1 = in place)')
    .register(flagMeta, { value: 'k' }),
  normalize: z.enum(NORMALIZE_MODES).default('whitespace').describe('how candidates are compared for agreement').register(flagMeta, { value: 'mode' }),
  editFormat: z
    .enum(EDIT_FORMAT_OPTIONS)
    .default('auto')
    .describe('what the models answer: whole files, or search/replace edits of the suspect spans (auto: replace once a file has over 300 lines)')
    .register(flagMeta, { value: 'mode' }),
  // No zod default: left unset, the run takes ADLC_MAX_TOKENS (core's setting for every tool) before this.
  maxTokens: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe(`token limit of each answer; an answer cut off there is discarded (default: ${DEFAULT_MAX_TOKENS}, or ADLC_MAX_TOKENS when set)`)
    .register(flagMeta, { value: 'k' }),
  maxChangedLines: z.number().int().min(1).optional().describe('discard candidates changing more lines than this').register(flagMeta, { value: 'k' }),
  providers: z
    .array(z.string().min(1))
    .optional()
    .describe('rotate the N completions over these providers, e.g. anthropic,openai,gemini')
    .register(flagMeta, { value: 'list', list: 'comma' }),
  out: z.string().min(1).optional().describe('write the winner as a patch `git apply` accepts').register(flagMeta, { value: 'file', ...PER_RUN }),
  logDir: z
    .string()
    .min(1)
    .optional()
    .describe("write the run's artifacts (events.ndjson, prompt, answers, verdicts, patch)")
    .register(flagMeta, { value: 'dir', path: true }),
  restore: z.boolean().default(false).describe('restore files a killed run left behind, then exit').register(flagMeta, PER_RUN),
});

/** The options as a library caller (or the MCP tool) passes them: each as its flag, the defaulted ones optional. */
export type ConsensusFixInput = z.input<typeof FIX_OPTIONS.schema>;

/** The options of a run once resolved: what was given over the config file over the defaults. */
export type ConsensusFixOptions = z.output<typeof FIX_OPTIONS.schema>;

/** The options the run's phases read: the token limit settled too (the flag, the file, ADLC_MAX_TOKENS or core's default). */
export type RunOptions = ConsensusFixOptions & { maxTokens: number };

/** What a run given no option resolves to (the file aside); the token limit's is core's, after ADLC_MAX_TOKENS. */
export const DEFAULTS = { ...FIX_OPTIONS.schema.parse({}), maxTokens: DEFAULT_MAX_TOKENS };

/** Injected at the edge so tests and embedders control environment, directory and stderr. */
export interface RunContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stderr?: NodeJS.WriteStream;
  /** Where progress, notes and warnings go instead of stderr (an MCP host turns progress into notifications). */
  reporter?: Reporter;
  /** The project config file, already read by the caller (the bin reads it before the early pre-flight); read from cwd when absent. */
  config?: ProjectConfig;
  /** The pre-flight's test, already started by the caller (the bin, see preflight-head-start.ts); the run takes it over. */
  earlyPreflight?: EarlyPreflight;
}

/** Whether a run checks that the tree is clean before it writes: not under --prompt-only, --localize-only or --allow-dirty. */
export function guardsTree(opts: { promptOnly?: boolean; localizeOnly?: boolean; allowDirty?: boolean }): boolean {
  return !opts.promptOnly && !opts.localizeOnly && !opts.allowDirty;
}
