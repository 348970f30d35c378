// Reads and checks .tdd-kernel/config.json with core's loader and error style: an unknown key or a bad
// value is an OpError (exit 1) naming the file, the key and what it takes. The checked config is kept
// in the scratch dir (config.ts) so the hook, which must not load zod, reads it while the file is unchanged.

import path from 'node:path';
import { checkConfigObject, findConfigFileSync, opError } from '@adlc/core';
import { CONFIG_FILE } from './config.js';
import { configText, storeCheckedConfig } from './checked-config.js';
import { CONFIG_KEYS, KernelConfigSchema, RUNNER_NEEDS, type KernelConfig } from './config-schema.js';

/** The project's config (an empty one when it has no file); `cwd` is where file names in errors are relative to. */
export function loadConfig(root: string, cwd: string = process.cwd()): KernelConfig {
  // Read before the loader does: if the file changes in between, the copy is stale and checked again.
  const text = configText(root);
  const config = checkConfig(root, cwd);
  if (text !== null) storeCheckedConfig(root, text, config);
  return config;
}

function checkConfig(root: string, cwd: string): KernelConfig {
  const found = findConfigFileSync({ cwd: root, searchPlaces: [CONFIG_FILE], stopDir: root });
  if (found === null) return {};
  const where = { file: found.file, cwd, prefix: [] };
  const { $schema: _schema, ...config } = checkConfigObject(KernelConfigSchema, found.config, where, `the file takes ${CONFIG_KEYS.join(', ')}`);
  const needed = config.runner ? RUNNER_NEEDS[config.runner] : undefined;
  if (needed && config[needed] === undefined) {
    const file = path.relative(cwd, found.file).startsWith('..') ? found.file : path.relative(cwd, found.file);
    throw opError(`${file}: runner "${config.runner}" needs "${needed}"`, { hint: `add "${needed}" to ${file}, or choose another runner` });
  }
  return config;
}
