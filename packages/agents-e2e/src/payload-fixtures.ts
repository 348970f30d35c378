// Hook payloads as fixtures: what changes from run to run (temp paths, session and call ids,
// timings) becomes a placeholder, so a payload recorded once compares equal to every later run of
// the same pinned binary, and a change in the binary's contract shows up as a failing test.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentId } from './agent-pins.js';
import type { HookPayload } from './hook-recorder.js';

/** Fields whose value differs on every run. */
export const VOLATILE_FIELDS: Record<string, string> = {
  session_id: '<session-id>',
  turn_id: '<turn-id>',
  prompt_id: '<prompt-id>',
  tool_use_id: '<tool-use-id>',
  transcript_path: '<transcript-path>',
  duration_ms: '<duration-ms>',
};

/** Timings inside text (Codex's tool output). */
const VOLATILE_TEXT: Array<[RegExp, string]> = [[/Wall time: [\d.]+ seconds/g, 'Wall time: <seconds> seconds']];

export interface ScrubOptions {
  /** Literal strings (temp directories) and their placeholders, e.g. `[repo.dir, '<project>']`. */
  paths: Array<[string, string]>;
  /** More fields to replace whole (e.g. `model`, to compare Codex's two tool modes). */
  fields?: Record<string, string>;
}

function scrubText(text: string, paths: Array<[string, string]>): string {
  // Longest first, so a directory inside another is replaced as a whole.
  const ordered = [...paths].sort(([a], [b]) => b.length - a.length);
  let out = text;
  for (const [literal, placeholder] of ordered) out = out.split(literal).join(placeholder);
  for (const [pattern, placeholder] of VOLATILE_TEXT) out = out.replace(pattern, placeholder);
  return out;
}

export function scrubPayload(value: unknown, options: ScrubOptions): unknown {
  const fields = { ...VOLATILE_FIELDS, ...options.fields };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return scrubText(node, options.paths);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [key, key in fields && child !== undefined ? fields[key] : walk(child)]),
      );
    }
    return node;
  };
  return walk(value);
}

/** `PreToolUse.Write`, `Stop`: one fixture per event and tool. */
export function fixtureName(payload: HookPayload): string {
  return [payload.hook_event_name, payload.tool_name].filter(Boolean).join('.');
}

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

export function fixturePath(agent: AgentId, name: string): string {
  return join(FIXTURES_DIR, agent, `${name}.json`);
}

/** Set ADLC_RECORD_FIXTURES=1 to write the payloads of this run as the new fixtures. */
export function recordingFixtures(env: Record<string, string | undefined> = process.env): boolean {
  return env.ADLC_RECORD_FIXTURES === '1';
}

/**
 * The scrubbed payload next to its fixture, for a test to compare; when recording, writes the
 * payload as the fixture first (so the comparison holds and `git diff` shows what changed).
 */
export function payloadAndFixture(agent: AgentId, payload: HookPayload, options: ScrubOptions): { actual: unknown; fixture: unknown } {
  const actual = scrubPayload(payload, options);
  const path = fixturePath(agent, fixtureName(payload));
  if (recordingFixtures()) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(actual, null, 2)}\n`);
  }
  const fixture = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as unknown) : { missingFixture: path };
  return { actual, fixture };
}
