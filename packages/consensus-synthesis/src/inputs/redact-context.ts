// Redacts what leaves the machine: core's credential patterns and key values, plus the values of
// `.env`-style files (every KEY=value line of a .env file in a diff, or a --context-file named so).

import path from 'node:path';
import { redactWithCount } from '@adlc/core';

export interface RedactionCount {
  count: number;
  kinds: Record<string, number>;
}

export const ENV_FILE_KIND = 'env-file';

/** `.env`, `.env.local`, `prod.env`, `.envrc`: files whose values are secrets by convention. */
export function isEnvFile(file: string): boolean {
  const base = path.posix.basename(file.replaceAll('\\', '/'));
  return /^\.env(?:\..+)?$/i.test(base) || /\.env$/i.test(base) || base === '.envrc';
}

const ASSIGNMENT = /^(\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*[=:]\s*)(\S.*)$/;

/** Replaces the value of every KEY=value line (comments and blank lines kept), counting them. */
export function redactEnvText(text: string): { text: string; count: number } {
  let count = 0;
  const lines = text.split('\n').map((line) => {
    if (/^\s*#/.test(line)) return line;
    const match = ASSIGNMENT.exec(line);
    if (!match) return line;
    count += 1;
    return `${match[1]}[REDACTED]`;
  });
  return { text: lines.join('\n'), count };
}

/** The path a `diff --git` section is about (the new side, else the old one). */
function sectionPath(section: string): string | null {
  const plus = /^\+\+\+ (?:b\/)?(.+)$/m.exec(section);
  if (plus?.[1] && plus[1] !== '/dev/null') return plus[1].trim();
  const minus = /^--- (?:a\/)?(.+)$/m.exec(section);
  if (minus?.[1] && minus[1] !== '/dev/null') return minus[1].trim();
  const header = /^diff --git a\/(.+?) b\/(.+)$/m.exec(section);
  return header?.[2]?.trim() ?? null;
}

/** Redacts every value line of a .env file's hunks, leaving the key names so reviewers see what changed. */
export function redactEnvHunks(diff: string): { text: string; count: number } {
  const sections = diff.split(/(?=^diff --git )/m);
  let count = 0;
  const out = sections.map((section) => {
    const file = sectionPath(section);
    if (file === null || !isEnvFile(file)) return section;
    const lines = section.split('\n').map((line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return line;
      const marker = line[0];
      if (marker !== '+' && marker !== '-' && marker !== ' ') return line;
      const redacted = redactEnvText(line.slice(1));
      count += redacted.count;
      return `${marker}${redacted.text}`;
    });
    return lines.join('\n');
  });
  return { text: out.join(''), count };
}

function add(total: RedactionCount, kind: string, n: number): void {
  if (n === 0) return;
  total.count += n;
  total.kinds[kind] = (total.kinds[kind] ?? 0) + n;
}

/** A redactor that keeps a running count across every piece of text it cleans. */
export function createRedactor(env: NodeJS.ProcessEnv) {
  const total: RedactionCount = { count: 0, kinds: {} };
  // Core's pass leaves an already-redacted `KEY=[REDACTED]` alone, so a .env line counts once.
  const general = (text: string): string => {
    const result = redactWithCount(text, env);
    for (const [kind, n] of Object.entries(result.kinds)) add(total, kind, n);
    return result.text;
  };
  return {
    total,
    text: general,
    diff(diff: string): string {
      const env = redactEnvHunks(diff);
      add(total, ENV_FILE_KIND, env.count);
      return general(env.text);
    },
    /** Text read from a file: a .env file has all its values redacted. */
    file(text: string, file: string): string {
      if (!isEnvFile(file)) return general(text);
      const env = redactEnvText(text);
      add(total, ENV_FILE_KIND, env.count);
      return general(env.text);
    },
  };
}
export type Redactor = ReturnType<typeof createRedactor>;
