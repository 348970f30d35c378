// The options every tool shares, as fields to spread into a tool's table, worded as createProgram's
// shared flags so the four CLIs read alike.

import * as z from 'zod';
import { TIERS, type Tier } from '../providers/types.js';
import { flagMeta } from './define-options.js';
import { QUIET_DESCRIPTION } from '../args.js';

export const SHARED_OPTIONS = {
  json: z.boolean().default(false).describe('print one JSON document on stdout (machine-readable)').register(flagMeta, { config: false }),
  promptOnly: z
    .boolean()
    .default(false)
    .describe('print the prompt(s) that would be sent and exit 0 (no API key needed)')
    .register(flagMeta, { config: false }),
  // Per run, not per project: a team that wants dirty trees reviewed says so at each run.
  allowDirty: z.boolean().default(false).describe('run even when the git working tree has uncommitted changes').register(flagMeta, { config: false }),
  quiet: z.boolean().default(false).describe(QUIET_DESCRIPTION).register(flagMeta, { config: false }),
};

/** The model tier, with the tool's own default. */
export function tierOption(defaultTier: Tier) {
  return z.enum(TIERS).default(defaultTier).describe('model tier for the LLM calls').register(flagMeta, { value: 'tier' });
}
