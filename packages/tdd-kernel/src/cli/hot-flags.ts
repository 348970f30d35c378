// The global flags as node:util's parseArgs reads them on the hook's hot path (fast.ts), which may not
// load zod or commander. A plain copy of options.ts's KERNEL_OPTIONS: test/options-table.test.ts fails
// when the two differ.

export const MODES = ['strict', 'warn'] as const;
export type Mode = (typeof MODES)[number];

export function isMode(value: unknown): value is Mode {
  return (MODES as readonly unknown[]).includes(value);
}

/** Every flag that takes a value, by name, with its flag as commander shows it (for the same error words). */
export const HOT_VALUE_FLAGS = {
  log: '--log <path>',
  session: '--session <id>',
  mode: '--mode <mode>',
  root: '--root <dir>',
} as const;

export type HotValueFlag = keyof typeof HOT_VALUE_FLAGS;

/** The table as parseArgs options; `--json` is the one switch. */
export const PARSE_OPTIONS = {
  json: { type: 'boolean' },
  ...Object.fromEntries(Object.keys(HOT_VALUE_FLAGS).map((name) => [name, { type: 'string' }])),
} as Record<'json' | HotValueFlag, { type: 'boolean' | 'string' }>;
