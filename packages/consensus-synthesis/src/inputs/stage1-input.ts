// Builds the stage-1 input of each mode from the options: the change set or the user's context,
// redacted before anything leaves the machine and cut to 10 KB with the seed's note.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { opError } from '@adlc/core';
import { readChangeSet, type ChangeSet } from './change-set.js';
import type { Options } from '../options.js';
import { codeReviewPrompt, generalPrompt, type CodeReviewContext, type GeneralContext } from '../prompts.js';
import type { Redactor } from './redact-context.js';
import { truncateUtf8 } from './truncate.js';

export type Stage1Input =
  | { mode: 'code-review'; prompt: string; context: CodeReviewContext; change: ChangeSet; empty: boolean; target: string }
  | { mode: 'general-prompt'; prompt: string; context: GeneralContext; target: string };

async function readUserFile(file: string, cwd: string, flag: string, readStdin: () => Promise<string>): Promise<string> {
  if (file === '-') return readStdin();
  try {
    return await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : ((error as Error).message ?? String(error));
    throw opError(`cannot read ${flag} ${file}: ${why}`, { hint: `give ${flag} a readable file (relative to ${cwd})` });
  }
}

function describeChange(given: string | undefined, change: ChangeSet): string {
  if (given !== undefined && given.trim() !== '') return given.trim();
  const subjects = change.subjects.length > 0 ? `commits: ${change.subjects.join('; ')}` : '';
  const tree = change.headSha === null ? 'the uncommitted changes in the working tree' : '';
  return `(not given) ${[subjects, tree].filter(Boolean).join('; and ') || 'no commit messages'}`;
}

export async function buildStage1Input(
  opts: Options,
  deps: { cwd: string; redactor: Redactor; readStdin: () => Promise<string> },
): Promise<Stage1Input> {
  const { redactor } = deps;
  if (opts.mode === 'code-review') {
    const planText = opts.planFile === undefined ? null : await readUserFile(opts.planFile, deps.cwd, '--plan-file', deps.readStdin);
    const change = await readChangeSet(deps.cwd, opts.baseSha, opts.headSha);
    const cut = truncateUtf8(redactor.diff(change.diff));
    const context: CodeReviewContext = {
      description: redactor.text(describeChange(opts.description, change)),
      plan: planText === null ? null : redactor.file(planText, opts.planFile!),
      diff: cut.text,
      diffTruncated: cut.truncated,
      files: change.files,
    };
    const target = `${opts.baseSha} (${change.baseSha.slice(0, 12)}) .. ${
      change.headSha === null ? 'working tree' : `${opts.headSha} (${change.headSha.slice(0, 12)})`
    } in ${change.root}`;
    return {
      mode: 'code-review',
      prompt: codeReviewPrompt(context),
      context,
      change,
      empty: change.diff.trim() === '' && change.files.length === 0,
      target,
    };
  }
  let raw: string | null = opts.context ?? null;
  let source = '--context';
  if (opts.contextFile !== undefined) {
    raw = await readUserFile(opts.contextFile, deps.cwd, '--context-file', deps.readStdin);
    source = opts.contextFile;
  }
  const redacted = raw === null ? null : opts.contextFile !== undefined ? redactor.file(raw, opts.contextFile) : redactor.text(raw);
  const cut = redacted === null ? null : truncateUtf8(redacted);
  const context: GeneralContext = {
    prompt: redactor.text(opts.prompt),
    context: cut === null || cut.text.trim() === '' ? null : cut.text,
    contextTruncated: cut?.truncated ?? false,
  };
  return {
    mode: 'general-prompt',
    prompt: generalPrompt(context),
    context,
    target: raw === null ? 'a prompt without context' : `a prompt with context from ${source}`,
  };
}
