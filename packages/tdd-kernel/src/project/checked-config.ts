// The config on the hook's hot path: the hook runs on every tool call and may not load zod or the
// config loader, so the config as load-config.ts checked it is kept in the scratch dir with the text it
// was checked from. While the file's text is unchanged the copy is read with one JSON.parse; a changed
// file is checked in full once (and an invalid one is reported like in every other command).

import * as fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '@adlc/core';
import pkg from '../../package.json' with { type: 'json' };
import { CONFIG_FILE, type KernelConfig } from './config.js';
import { scratchBase } from './paths.js';

interface CheckedCopy {
  /** The kernel's version: another version may check the same text otherwise. */
  version: string;
  text: string;
  config: KernelConfig;
}

/** The project's config: the checked copy while the file is unchanged, else checked in full. */
export async function projectConfig(root: string, cwd: string = process.cwd()): Promise<KernelConfig> {
  return checkedCopy(root) ?? (await import('./load-config.js')).loadConfig(root, cwd);
}

/** The config file's text; null when there is none (or it cannot be read: the full check says why). */
export function configText(root: string): string | null {
  try {
    return fs.readFileSync(path.join(root, CONFIG_FILE), 'utf8');
  } catch {
    return null;
  }
}

/** The checked config while the file is as it was checked; `{}` without a file; null when it must be checked. */
export function checkedCopy(root: string): KernelConfig | null {
  const text = configText(root);
  if (text === null) return fs.existsSync(path.join(root, CONFIG_FILE)) ? null : {};
  try {
    const copy = JSON.parse(fs.readFileSync(copyFile(root), 'utf8')) as CheckedCopy;
    return copy.version === pkg.version && copy.text === text ? copy.config : null;
  } catch {
    return null;
  }
}

export function storeCheckedConfig(root: string, text: string, config: KernelConfig): void {
  try {
    writeFileAtomicSync(copyFile(root), JSON.stringify({ version: pkg.version, text, config } satisfies CheckedCopy), { durable: false });
  } catch {
    // a copy only: the next call checks the file again
  }
}

function copyFile(root: string): string {
  return path.join(scratchBase(root), 'checked-config.json');
}
