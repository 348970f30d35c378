// Merging the kernel's hook entries into an agent's JSON settings: every setting and hook of the user's
// stays, earlier entries of this agent's kernel hook are replaced (so `init` twice leaves one entry each).

import * as fs from 'node:fs';
import { KernelUsageError } from '../../kernel/errors.js';

export type Json = Record<string, unknown>;

/** The settings file as an object ({} when it does not exist); invalid JSON is an error that changes nothing. */
export function readSettings(file: string, display: string): { doc: Json; created: boolean } {
  if (!fs.existsSync(file)) return { doc: {}, created: true };
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new KernelUsageError(`${display} is not valid JSON (${(error as Error).message}); fix it first, nothing was changed`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new KernelUsageError(`${display} must hold a JSON object`);
  return { doc: doc as Json, created: false };
}

export function hooksOf(doc: Json, display: string): Record<string, unknown> {
  const hooks = doc.hooks ?? {};
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) throw new KernelUsageError(`${display}: "hooks" must be an object`);
  return hooks as Record<string, unknown>;
}

type Group = { matcher?: string; hooks?: Json[] };

/** Claude Code's shape: groups of handlers per event. Returns how many earlier kernel handlers were removed. */
export function mergeMatcherGroups(hooks: Record<string, unknown>, isOurs: (handler: Json) => boolean, add: ReadonlyArray<{ event: string; group: Group }>): number {
  let replaced = 0;
  for (const event of Object.keys(hooks)) {
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as Group[]) : [];
    hooks[event] = groups
      .map((g) => {
        const kept = (g.hooks ?? []).filter((h) => !isOurs(h));
        replaced += (g.hooks ?? []).length - kept.length;
        return { ...g, hooks: kept };
      })
      .filter((g) => g.hooks.length > 0);
  }
  for (const { event, group } of add) hooks[event] = [...((hooks[event] as Group[] | undefined) ?? []), group];
  return replaced;
}

/** The flat shape (Copilot, VS Code, Cursor, Windsurf): handlers listed directly under each event. */
export function mergeFlat(hooks: Record<string, unknown>, isOurs: (handler: Json) => boolean, add: ReadonlyArray<{ event: string; handler: Json }>): number {
  let replaced = 0;
  for (const event of Object.keys(hooks)) {
    if (!Array.isArray(hooks[event])) continue;
    const list = hooks[event] as unknown[];
    const kept = list.filter((h) => !(typeof h === 'object' && h !== null && isOurs(h as Json)));
    replaced += list.length - kept.length;
    hooks[event] = kept;
  }
  for (const { event, handler } of add) hooks[event] = [...((hooks[event] as unknown[] | undefined) ?? []), handler];
  return replaced;
}
