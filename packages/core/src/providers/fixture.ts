// Canned answers from a JSONL file (ADLC_FIXTURE), so demos and orchestrator CI run with no key
// and no network. Each line is a JSON string (the answer) or an object:
//   {"text": "...", "match": "substring of the prompt", "delayMs": 50, "model": "name"}
//   {"error": {"status": 429, "message": "rate limited"}}
//   {"text": "...", "truncated": true}   (an answer cut off at its token limit)
// Entries whose `match` is found in the prompt answer it; a prompt no `match` fits is answered by
// the entries without one. Eligible entries are used in file order, each once, and reused from the
// first when all have been used.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as z from 'zod';
import { OpError, ProviderError } from '../errors.js';
import { sleep } from '../sleep.js';
import { estimateUsage } from '../usage.js';
import type { Provider, ProviderContext } from './types.js';

export const FixtureEntrySchema = z.union([
  z.string(),
  z.object({
    text: z.string().optional(),
    match: z.string().optional(),
    delayMs: z.number().int().nonnegative().optional(),
    model: z.string().optional(),
    truncated: z.boolean().optional(),
    error: z.object({ status: z.union([z.number(), z.string()]), message: z.string() }).optional(),
  }),
]);
export type FixtureEntry = z.infer<typeof FixtureEntrySchema>;

interface Entry {
  text?: string;
  match?: string;
  delayMs?: number;
  model?: string;
  truncated?: boolean;
  error?: { status: number | string; message: string };
}

export function parseFixture(source: string, label: string): Entry[] {
  const entries: Entry[] = [];
  source.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '' || line.trimStart().startsWith('//')) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new OpError(`${label}:${index + 1}: not valid JSON (${(error as Error).message})`, {
        hint: 'each line of ADLC_FIXTURE is a JSON string or {"text": "..."}',
      });
    }
    const parsed = FixtureEntrySchema.safeParse(value);
    if (!parsed.success) {
      throw new OpError(`${label}:${index + 1}: not a fixture entry`, {
        hint: 'each line of ADLC_FIXTURE is a JSON string or {"text": "...", "match"?: "...", "error"?: {...}}',
      });
    }
    entries.push(typeof parsed.data === 'string' ? { text: parsed.data } : parsed.data);
  });
  if (entries.length === 0) throw new OpError(`${label}: no answers in the fixture file`);
  return entries;
}

export async function createFixtureProvider(ctx: ProviderContext): Promise<Provider> {
  const file = ctx.env.ADLC_FIXTURE?.trim();
  if (!file) throw new OpError('ADLC_PROVIDER=fixture needs ADLC_FIXTURE, the path of a JSONL file of answers');
  const path = resolve(ctx.cwd, file);
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    throw new OpError(`cannot read ADLC_FIXTURE ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const entries = parseFixture(source, file);
  const used = new Set<number>();

  return {
    id: 'fixture',
    async generate(req) {
      const indexed = entries.map((entry, index) => ({ entry, index }));
      const matched = indexed.filter(({ entry }) => entry.match !== undefined && req.prompt.includes(entry.match));
      const eligible = matched.length > 0 ? matched : indexed.filter(({ entry }) => entry.match === undefined);
      if (eligible.length === 0) {
        throw new ProviderError({ provider: 'fixture', model: req.model, status: 'no answer', message: `no entry of ${file} matches this prompt` });
      }
      let pick = eligible.find(({ index }) => !used.has(index));
      if (!pick) {
        for (const { index } of eligible) used.delete(index);
        pick = eligible[0]!;
      }
      used.add(pick.index);
      const { entry } = pick;
      if (entry.delayMs) await sleep(entry.delayMs, req.signal);
      if (entry.error) {
        throw new ProviderError({
          provider: 'fixture',
          model: req.model,
          status: entry.error.status,
          message: entry.error.message,
          retryable: typeof entry.error.status === 'number' && (entry.error.status === 429 || entry.error.status >= 500),
        });
      }
      const text = entry.text ?? '';
      return {
        text,
        model: entry.model ?? req.model,
        finishReason: entry.truncated ? 'max_tokens' : 'stop',
        truncated: entry.truncated === true,
        usage: estimateUsage(req.prompt, text),
      };
    },
  };
}
