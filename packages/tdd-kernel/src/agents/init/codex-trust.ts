// Codex runs a project's hooks only in a trusted project, and each hook only once trusted: its hash stored
// in CODEX_HOME/config.toml as `[hooks.state."<key>"] trusted_hash`. Without both it skips them without a
// word. The hash is Codex's (openai/codex, hooks/src/engine/discovery.rs): sha256 of the canonical JSON
// (keys sorted, no spaces) of `{event_name, matcher?, hooks: [{type: "command", command, timeout, async}]}`;
// checked against the 0.169.0 binary's app-server (`hooks/list` reports the same `currentHash`).

import { createHash } from 'node:crypto';
import path from 'node:path';

/** Codex's snake_case label of a hooks.json event, used in the hash and the key. */
export const CODEX_EVENT_LABELS: Readonly<Record<string, string>> = { PreToolUse: 'pre_tool_use', PostToolUse: 'post_tool_use', Stop: 'stop', SessionStart: 'session_start', UserPromptSubmit: 'user_prompt_submit' };

export interface CodexHookDefinition {
  /** The hooks.json event name (PreToolUse, PostToolUse, Stop). */
  event: string;
  matcher?: string;
  command: string;
  /** Seconds; Codex's default when absent is 600. */
  timeoutSec?: number;
  statusMessage?: string;
}

export function codexHookHash(hook: CodexHookDefinition): string {
  const handler = { type: 'command', command: hook.command, timeout: Math.max(1, hook.timeoutSec ?? 600), async: false, ...(hook.statusMessage ? { statusMessage: hook.statusMessage } : {}) };
  // Stop (and the other events without tools) ignore a matcher, so it is not part of their identity.
  const matcher = hook.matcher !== undefined && TOOL_EVENTS.has(hook.event) ? { matcher: hook.matcher } : {};
  const identity = { event_name: label(hook.event), ...matcher, hooks: [handler] };
  return `sha256:${createHash('sha256').update(canonicalJson(identity)).digest('hex')}`;
}

const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PermissionRequest']);

function label(event: string): string {
  return CODEX_EVENT_LABELS[event] ?? event.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();
}

/** JSON with every object's keys sorted, as serde_json writes it (no spaces). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `<abs path of hooks.json>:<event label>:<group index>:<handler index>`. */
export function codexHookKey(hooksFile: string, event: string, group: number, handler: number): string {
  return `${path.resolve(hooksFile)}:${label(event)}:${group}:${handler}`;
}

/** The config.toml lines that trust each hook as it is now. */
export function hookTrustToml(hooks: ReadonlyArray<{ key: string; currentHash: string }>): string {
  return hooks.map((hook) => `\n[hooks.state.${JSON.stringify(hook.key)}]\ntrusted_hash = ${JSON.stringify(hook.currentHash)}\n`).join('');
}

export function projectTrustToml(root: string): string {
  return `\n[projects.${JSON.stringify(root)}]\ntrust_level = "trusted"\n`;
}

export interface CodexTrust {
  /** The project (or a directory above it) has trust_level = "trusted". */
  projectTrusted: boolean;
  /** key → the trusted_hash stored for it (absent when none). */
  trustedHashes: Record<string, string>;
}

/**
 * What a config.toml trusts, read from its `[projects."…"]` and `[hooks.state."…"]` tables (the form Codex
 * and the lines above write). Other TOML spellings are not read: a trust written that way is reported as
 * missing, which is the closed side.
 */
export function readCodexTrust(toml: string, root: string): CodexTrust {
  const tables = tomlTables(toml);
  const trustedHashes: Record<string, string> = {};
  let projectTrusted = false;
  for (const [header, values] of tables) {
    const [a, b, c] = header;
    if (a === 'projects' && b !== undefined && header.length === 2 && values.trust_level === 'trusted' && isAtOrAbove(b, root)) projectTrusted = true;
    if (a === 'hooks' && b === 'state' && c !== undefined && header.length === 3 && typeof values.trusted_hash === 'string') trustedHashes[c] = values.trusted_hash;
  }
  return { projectTrusted, trustedHashes };
}

function isAtOrAbove(dir: string, root: string): boolean {
  const rel = path.relative(path.resolve(dir), path.resolve(root));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** `[a."b c".d]` headers with their `key = "string"` lines. */
function tomlTables(toml: string): Array<[string[], Record<string, string>]> {
  const out: Array<[string[], Record<string, string>]> = [];
  let current: Record<string, string> | null = null;
  for (const raw of toml.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[') && !line.startsWith('[[')) {
      const header = tomlKeyPath(line.slice(1, line.lastIndexOf(']')));
      current = header ? {} : null;
      if (header && current) out.push([header, current]);
      continue;
    }
    const m = /^([A-Za-z0-9_-]+)\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*(?:#.*)?$/.exec(line);
    if (m && current) current[m[1]!] = tomlString(m[2]!);
  }
  return out;
}

function tomlKeyPath(text: string): string[] | null {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    parts.push(m[1] !== undefined ? tomlString(`"${m[1]}"`) : (m[2] ?? m[3]!));
    if (m[4] === '') break;
  }
  return parts.length > 0 ? parts : null;
}

function tomlString(quoted: string): string {
  if (quoted.startsWith("'")) return quoted.slice(1, -1);
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}
