// What a tool call answers: the CLI's --json document as structuredContent with a short text summary,
// or, for an operational error, isError with the CLI's {"error": ...} document. Every value of a key
// variable in the server's environment is cut out of both, whatever a test command printed.

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

export function errorResult(error: unknown, env: NodeJS.ProcessEnv): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(hideKeys(errorDocument(error, env), secretValues(env))) }], isError: true };
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
