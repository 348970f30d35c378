// The global flags, declared once: the commander program (commands.ts) adds them from this table, and
// the hot path (fast.ts) parses them from it with node:util's parseArgs, before or after the command.

export interface GlobalFlags {
  json?: boolean;
  log?: string;
  session?: string;
  mode?: 'strict' | 'warn';
  root?: string;
}

export interface GlobalOption {
  name: 'log' | 'session' | 'mode' | 'root';
  /** In commander's syntax: every one takes a value. */
  flags: `--${string} <${string}>`;
  description: string;
}

export const GLOBAL_OPTIONS: readonly GlobalOption[] = [
  { name: 'log', flags: '--log <path>', description: 'event log (default: .tdd-kernel/events.jsonl, or "log" in .tdd-kernel/config.json)' },
  { name: 'session', flags: '--session <id>', description: 'agent session id (default: $TDD_KERNEL_SESSION, else the session the hook last saw)' },
  { name: 'mode', flags: '--mode <mode>', description: 'strict refuses, warn only reports (default: strict, or "mode" in config)' },
  { name: 'root', flags: '--root <dir>', description: 'project root (default: the nearest directory with .tdd-kernel/ or .git)' },
];

/** The table as parseArgs options; `--json` is core's shared flag (createProgram declares it). */
export const PARSE_OPTIONS = {
  json: { type: 'boolean' },
  ...Object.fromEntries(GLOBAL_OPTIONS.map((o) => [o.name, { type: 'string' }])),
} as Record<'json' | GlobalOption['name'], { type: 'boolean' | 'string' }>;

export function isMode(value: unknown): value is 'strict' | 'warn' {
  return value === 'strict' || value === 'warn';
}
