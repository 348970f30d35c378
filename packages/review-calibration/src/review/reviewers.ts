// The reviewers under calibration: each --review-cmd, then each {name, cmd} of --reviewers-file.
// Several are shown the same plants (and decoys) in turn, and compared side by side.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { opError, redactSecrets } from '@adlc/core';
import * as z from 'zod';

export interface Reviewer {
  name: string;
  command: string;
}

export const ReviewersFileSchema = z
  .array(z.object({ name: z.string().trim().min(1), cmd: z.string().trim().min(1) }))
  .min(1);

const NAME_CHARS = 40;

/**
 * A --review-cmd's row name: its command (redacted), cut to its end when long, since commands
 * compared side by side tend to share their start (the program) and differ at the end (model, flags).
 * The --json row carries the whole command too.
 */
export function nameOf(command: string, env: NodeJS.ProcessEnv = {}): string {
  const flat = redactSecrets(command, env).replace(/\s+/g, ' ').trim();
  return flat.length > NAME_CHARS ? `…${flat.slice(flat.length - NAME_CHARS + 1)}` : flat;
}

export async function loadReviewers(commands: readonly string[], reviewersFile: string | undefined, ctx: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Reviewer[]> {
  const reviewers = commands.map((c) => c.trim()).filter((c) => c.length > 0).map((command) => ({ name: nameOf(command, ctx.env), command }));
  // The same command twice is a fair way to see how much a reviewer varies: number the repeats.
  for (const [i, r] of reviewers.entries()) {
    if (reviewers.findIndex((x) => x.name === r.name) !== i) r.name = `${r.name} #${i + 1}`;
  }
  if (reviewersFile) reviewers.push(...(await readReviewersFile(reviewersFile, ctx.cwd)));
  if (reviewers.length === 0) {
    throw opError('--review-cmd is required', { hint: 'e.g. --review-cmd "my-reviewer --base {base} --json" ({base} becomes the --commit ref)' });
  }
  const seen = new Set<string>();
  for (const r of reviewers) {
    if (seen.has(r.name)) throw opError(`two reviewers are named ${JSON.stringify(r.name)}`, { hint: 'give each reviewer its own name (or command)' });
    seen.add(r.name);
  }
  return reviewers;
}

async function readReviewersFile(file: string, cwd: string): Promise<Reviewer[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path.resolve(cwd, file), 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? error.message : ((error as NodeJS.ErrnoException).code ?? String(error));
    throw opError(`cannot read --reviewers-file ${file}: ${why}`);
  }
  const parsed = ReviewersFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw opError(`--reviewers-file ${file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`, {
      hint: 'expected a JSON array of {"name": "…", "cmd": "…"}',
    });
  }
  return parsed.data.map((r) => ({ name: r.name, command: r.cmd }));
}
