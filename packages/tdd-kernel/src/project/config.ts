// Where tdd-kernel keeps its own files in a project, and the config's type. The keys and their checks
// are config-schema.ts; reading the file is checked-config.ts (hot path) and load-config.ts (full check).

import path from 'node:path';

export type { KernelConfig, RunnerId } from './config-schema.js';

export const CONFIG_DIR = '.tdd-kernel';
export const CONFIG_FILE = path.join(CONFIG_DIR, 'config.json');
export const DEFAULT_LOG = path.join(CONFIG_DIR, 'events.jsonl');
