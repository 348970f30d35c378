// Finds the JSON value in a model's answer: raw, fenced in ```json, or wrapped in prose.
// Extraction only; what to do with an answer that has none is the calling tool's rule.

import type { z } from 'zod';
import { JsonExtractError } from './errors.js';

interface Span {
  start: number;
  end: number;
}

/** Where the JSON value that opens at `start` ends (exclusive), tracking strings; null if unbalanced. */
function balancedEnd(text: string, start: number): number | null {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return null;
      if (stack.length === 0) return i + 1;
    }
  }
  return null;
}

/** Code fences, in order; the body of each is a candidate. */
function fencedBodies(text: string): Span[] {
  const spans: Span[] = [];
  const fence = /```[^\n`]*\n([\s\S]*?)```/g;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    const start = m.index + m[0].indexOf('\n') + 1;
    spans.push({ start, end: start + (m[1]?.length ?? 0) });
  }
  return spans;
}

const MAX_ATTEMPTS = 200;

type Attempt = { ok: true; value: unknown; start: number } | { ok: false; message: string; position: number };

function parseAt(text: string, start: number, end: number): Attempt {
  try {
    return { ok: true, value: JSON.parse(text.slice(start, end)), start };
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    return { ok: false, message, position: start + (pos ? Number(pos[1]) : 0) };
  }
}

/** Every JSON object or array in the text, in order of where it starts, fenced blocks first. */
function* candidates(text: string): Generator<Attempt> {
  const trimmed = text.trim();
  if (trimmed !== '') {
    const whole = parseAt(text, text.indexOf(trimmed), text.indexOf(trimmed) + trimmed.length);
    if (whole.ok) {
      yield whole;
      return;
    }
  }
  const regions = [...fencedBodies(text), { start: 0, end: text.length }];
  let attempts = 0;
  for (const region of regions) {
    const slice = text.slice(region.start, region.end);
    for (let i = 0; i < slice.length; i += 1) {
      const ch = slice[i];
      if (ch !== '{' && ch !== '[') continue;
      attempts += 1;
      if (attempts > MAX_ATTEMPTS) return;
      const end = balancedEnd(slice, i);
      if (end === null) {
        yield { ok: false, message: 'unbalanced brackets', position: region.start + i };
        continue;
      }
      yield parseAt(text, region.start + i, region.start + end);
      // A balanced value swallows its nested values (parsed or not): keep scanning after it, which
      // also keeps a huge broken answer linear.
      i = end - 1;
    }
  }
}

function formatIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  return issues.map((issue) => ({
    path: issue.path.length ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}

/**
 * The first JSON value in `text` (validated by `schema` when given: the first value that satisfies
 * it). Throws JsonExtractError saying why: no JSON found, invalid JSON at a position, or the schema
 * path that failed.
 */
export function extractJson<T = unknown>(text: string, schema?: z.ZodType<T>): T {
  let firstInvalid: { message: string; position: number } | undefined;
  let firstSchemaFailure: Array<{ path: string; message: string }> | undefined;
  for (const attempt of candidates(text)) {
    if (!attempt.ok) {
      firstInvalid ??= attempt;
      continue;
    }
    if (!schema) return attempt.value as T;
    const parsed = schema.safeParse(attempt.value);
    if (parsed.success) return parsed.data;
    firstSchemaFailure ??= formatIssues(parsed.error.issues);
  }
  if (firstSchemaFailure) {
    const first = firstSchemaFailure[0]!;
    throw new JsonExtractError({
      reason: 'schema',
      message: `JSON does not match the expected shape: ${first.path}: ${first.message}`,
      issues: firstSchemaFailure,
    });
  }
  if (firstInvalid) {
    throw new JsonExtractError({
      reason: 'invalid-json',
      message: `invalid JSON at position ${firstInvalid.position}: ${firstInvalid.message}`,
      position: firstInvalid.position,
    });
  }
  throw new JsonExtractError({ reason: 'no-json', message: 'no JSON object or array found in the answer' });
}
