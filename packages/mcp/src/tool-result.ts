// What a tool call answers: the CLI's --json document as structuredContent with a short text summary,
// or, for an operational error, isError with the CLI's {"error": ...} document. Every value of a key
// variable in the server's environment is cut out of both, whatever a test command printed. An
// error's message and hint name the tool's arguments where the CLI's would name its flags.

import { errorDocument, isOutcome, secretValues, type Outcome } from '@adlc/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A tool's answer before it leaves: the document (the CLI's --json) and one or a few lines for people. */
export interface ToolAnswer<T = unknown> {
  doc: T;
  summary: string;
}

export function toolResult(answer: ToolAnswer, env: NodeJS.ProcessEnv): CallToolResult {
  const keys = secretValues(env);
  return {
    content: [{ type: 'text', text: hideKeys(answer.summary, keys) }],
    structuredContent: hideKeys(answer.doc, keys) as Record<string, unknown>,
  };
}

/** The tool argument each CLI flag stands for (`--base-sha` → `baseSha`); see argumentsOfFlags in tool.ts. */
export type FlagArguments = ReadonlyMap<string, string>;

export function errorResult(error: unknown, env: NodeJS.ProcessEnv, flags: FlagArguments = new Map()): CallToolResult {
  const { error: body } = errorDocument(error, env);
  const named = { ...body, message: flagsAsArguments(body.message, flags), ...(body.hint === undefined ? {} : { hint: flagsAsArguments(body.hint, flags) }) };
  return { content: [{ type: 'text', text: JSON.stringify(hideKeys({ error: named }, secretValues(env))) }], isError: true };
}

const FLAG = /(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g;
const QUOTED = /(`[^`]*`)/;

/**
 * `text` with each flag that has an argument written as the argument (`--base-sha=main` → `baseSha=main`);
 * other flags stay. A quoted command (`node --test --timeout 5`) is left as written; a quoted lone flag is renamed.
 */
export function flagsAsArguments(text: string, flags: FlagArguments): string {
  if (flags.size === 0) return text;
  const rename = (part: string) => part.replace(FLAG, (flag) => flags.get(flag) ?? flag);
  return text
    .split(QUOTED)
    .map((part, i) => (i % 2 === 0 || /^`--[a-z0-9-]+`$/.test(part) ? rename(part) : part))
    .join('');
}

/** The document a library call returned, as its CLI prints it under --json. */
export function cliDocument<T>(outcome: Outcome): T {
  if (!isOutcome(outcome) || outcome.output === undefined || !('json' in outcome.output)) throw new Error('the tool returned no JSON document');
  return outcome.output.json as T;
}

/** `value` with every string's occurrences of the key values replaced by [REDACTED]. */
export function hideKeys<T>(value: T, keys: readonly string[]): T {
  if (keys.length === 0) return value;
  if (typeof value === 'string') return keys.reduce((text, key) => text.split(key).join('[REDACTED]'), value as string) as T;
  if (Array.isArray(value)) return value.map((item) => hideKeys(item, keys)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, hideKeys(item, keys)])) as T;
  }
  return value;
}
