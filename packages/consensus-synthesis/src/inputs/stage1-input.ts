// Builds the stage-1 input of each mode from the options: the change set or the user's context,
// redacted before anything leaves the machine and cut to 10 KB with the seed's note.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { opError } from '@adlc/core';
import { readChangeSet, type ChangeSet } from './change-set.js';
import type { Options } from '../options.js';
import { codeReviewPrompt, generalPrompt, type CodeReviewContext, type GeneralContext, type Instructions } from '../prompts.js';
import type { Redactor } from './redact-context.js';
import { planDiffParts, kb, type DiffParts } from './diff-parts.js';
import { excludePaths } from './exclude-paths.js';
import { CONTEXT_LIMIT_BYTES, truncateUtf8 } from './truncate.js';

export type Stage1Input =
  | {
      mode: 'code-review';
      /** The first part's prompt (the only one under --chunks 1). */
      prompt: string;
      /** One prompt per part sent, in order. */
      prompts: string[];
      context: CodeReviewContext;
      change: ChangeSet;
      parts: DiffParts;
      /** Changed files --exclude kept out. */
      excluded: string[];
      instructions: InstructionsSource | null;
      empty: boolean;
      target: string;
    }
  | { mode: 'general-prompt'; prompt: string; context: GeneralContext; instructions: InstructionsSource | null; target: string };

export interface InstructionsSource extends Instructions {
  file: string;
  bytes: number;
}

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

type Deps = { cwd: string; redactor: Redactor; readStdin: () => Promise<string> };

/** --instructions-file, redacted and cut to 10 KB. */
async function readInstructions(file: string | undefined, deps: Deps): Promise<InstructionsSource | null> {
  if (file === undefined) return null;
  const raw = await readUserFile(file, deps.cwd, '--instructions-file', deps.readStdin);
  const cut = truncateUtf8(deps.redactor.file(raw, file), CONTEXT_LIMIT_BYTES);
  return { file, text: cut.text, truncated: cut.truncated, bytes: cut.originalBytes };
}

export async function buildStage1Input(opts: Options, deps: Deps): Promise<Stage1Input> {
  const instructions = await readInstructions(opts.instructionsFile, deps);
  return opts.mode === 'code-review' ? codeReviewInput(opts, deps, instructions) : generalInput(opts, deps, instructions);
}

/** The change read from git, --exclude applied, redacted, and split into the parts --chunks asks for. */
async function codeReviewInput(opts: Extract<Options, { mode: 'code-review' }>, deps: Deps, instructions: InstructionsSource | null): Promise<Stage1Input> {
  const { redactor } = deps;
  const planText = opts.planFile === undefined ? null : await readUserFile(opts.planFile, deps.cwd, '--plan-file', deps.readStdin);
  const change = await readChangeSet(deps.cwd, opts.baseSha, opts.headSha);
  const kept = excludePaths(change.diff, change.files, opts.exclude ?? []);
  const parts = planDiffParts(redactor.diff(kept.diff), opts.chunks, opts.diffBudget);
  const first = parts.chunks[0];
  const context: CodeReviewContext = {
    description: redactor.text(describeChange(opts.description, change)),
    plan: planText === null ? null : redactor.file(planText, opts.planFile!),
    diff: first?.text ?? '',
    diffTruncated: parts.requested === 1 && (first?.truncated ?? false),
    files: kept.files,
    ...(opts.diffBudget === CONTEXT_LIMIT_BYTES ? {} : { truncatedNote: `[Diff truncated - showing first ${kb(opts.diffBudget).replace(' ', '')}]` }),
    instructions,
  };
  const count = parts.chunks.length;
  const prompts =
    parts.requested === 1 || count <= 1
      ? [codeReviewPrompt(context)]
      : parts.chunks.slice(0, parts.sent).map((chunk, i) => codeReviewPrompt({ ...context, diff: chunk.text, part: { index: i + 1, count, files: chunk.files } }));
  const target = `${opts.baseSha} (${change.baseSha.slice(0, 12)}) .. ${
    change.headSha === null ? 'working tree' : `${opts.headSha} (${change.headSha.slice(0, 12)})`
  } in ${change.root}`;
  return {
    mode: 'code-review',
    prompt: prompts[0]!,
    prompts,
    context,
    change,
    parts,
    excluded: kept.excluded,
    instructions,
    empty: kept.diff.trim() === '' && kept.files.length === 0,
    target,
  };
}

async function generalInput(opts: Extract<Options, { mode: 'general-prompt' }>, deps: Deps, instructions: InstructionsSource | null): Promise<Stage1Input> {
  const { redactor } = deps;
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
    instructions,
  };
  return {
    mode: 'general-prompt',
    prompt: generalPrompt(context),
    context,
    instructions,
    target: raw === null ? 'a prompt without context' : `a prompt with context from ${source}`,
  };
}
