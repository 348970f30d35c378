// The detailed breakdown: a markdown file holding the original context, every stage-1 response
// with its reviewer and status, and the stage-2 synthesis. Written with mode 0600 (temp dir by
// default), and passed through the redactor last so no key can reach it.

import { randomBytes } from 'node:crypto';
import { chmod, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { opError, redactSecrets, terminalSafe, writeFileAtomic } from '@adlc/core';
import type { AttemptFailure, Chairman, Chunks, Gate, Mode, ReviewerResult } from './output-schema.js';
import { kb } from '../inputs/diff-parts.js';

export interface ReportInput {
  mode: Mode;
  date: Date;
  /** What was reviewed, in one line. */
  target: string;
  stage1Prompt: string;
  /** Every stage-1 prompt when the diff went in parts (else the one above). */
  stage1Prompts?: ReadonlyArray<{ label: string; prompt: string }>;
  /** code-review: the diff's parts. */
  chunks?: Chunks | null;
  reviewers: readonly ReviewerResult[];
  chairman: Chairman | null;
  chairFailures: readonly AttemptFailure[];
  synthesis: string | null;
  gate: Gate | null;
  warnings: readonly string[];
  redactions: { count: number; kinds: Record<string, number> };
  truncated: boolean;
  /** Why the run stopped, when it did not finish. */
  error: string | null;
}

/** A code fence longer than any backtick run inside `text`, so verbatim text cannot close it. */
export function fenced(text: string, info = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${text.replace(/\n$/, '')}\n${fence}`;
}

function kinds(redactions: ReportInput['redactions']): string {
  if (redactions.count === 0) return 'none';
  const detail = Object.entries(redactions.kinds).map(([kind, n]) => `${kind} ${n}`).join(', ');
  return `${redactions.count} (${detail}), replaced with [REDACTED] before anything was sent`;
}

export function renderReport(input: ReportInput): string {
  const answered = input.reviewers.filter((r) => r.status === 'ok').length;
  const out: string[] = [
    '# Consensus synthesis report',
    '',
    `- Date: ${input.date.toISOString()}`,
    `- Mode: ${input.mode}`,
    `- Reviewed: ${input.target}`,
    `- Reviewers answered: ${answered}/${input.reviewers.length}`,
    `- Chairman: ${input.chairman ? `${input.chairman.name} (${input.chairman.model})` : 'none'}`,
    `- Gate: ${input.gate ? `${input.gate.failed ? 'FAIL' : 'pass'}: ${input.gate.reason}` : 'not reached'}`,
    `- Secrets redacted: ${kinds(input.redactions)}`,
    `- ${input.mode === 'code-review' ? 'Diff' : 'Context'} truncated to 10 KB: ${input.truncated ? 'yes' : 'no'}`,
  ];
  if (input.chunks) out.push(...chunkSummary(input.chunks));
  if (input.error) out.push(`- Stopped: ${input.error}`);
  if (input.warnings.length > 0) out.push('', '## Warnings', '', ...input.warnings.map((w) => `- ${w}`));

  const lettered = input.reviewers.filter((r) => r.letter !== null);
  if (lettered.length > 0) {
    out.push('', '## Reviewer letters (what the blind chairman saw)', '', '| Letter | Reviewer | Provider | Model |', '|---|---|---|---|');
    for (const r of [...lettered].sort((a, b) => a.letter!.localeCompare(b.letter!))) {
      out.push(`| ${r.letter} | ${r.name} | ${r.provider} | ${r.model} |`);
    }
  }

  if (input.chunks && input.chunks.count > 0) out.push('', '## Diff parts', '', ...chunkTable(input.chunks));
  const prompts = input.stage1Prompts ?? [];
  if (prompts.length > 1) {
    out.push('', '## Original context', '', 'The stage-1 prompts, each sent to every reviewer:');
    for (const p of prompts) out.push('', `### ${p.label}`, '', fenced(p.prompt));
  } else {
    out.push('', '## Original context', '', 'The stage-1 prompt, as sent to every reviewer:', '', fenced(input.stage1Prompt));
  }

  out.push('', '## Stage 1: independent reviews');
  for (const r of input.reviewers) {
    const who = r.letter ? `Reviewer ${r.letter}: ${r.name}` : r.name;
    out.push('', `### ${who}`, '', `- Provider: ${r.provider} (${r.model})`, `- Status: ${r.status}`, `- Duration: ${r.durationMs} ms`);
    if (r.error) out.push(`- Cause: ${r.error}`);
    if (r.status === 'ok') {
      out.push(`- Assessment: ${r.assessment ?? 'not given'}`, `- Findings parsed: ${r.findings.length}${r.parsed ? '' : ' (the answer did not follow the format; kept verbatim)'}`);
      out.push('', fenced(r.text ?? '', 'markdown'));
    } else if (r.status === 'truncated' && r.text) {
      out.push('- Not counted as a review: the answer below stopped at the token limit.', '', fenced(r.text, 'markdown'));
    }
  }

  out.push('', '## Stage 2: consensus synthesis', '');
  for (const f of input.chairFailures) out.push(`- ${f.name} (${f.model}) could not chair: ${f.error}`);
  if (input.chairman && input.synthesis !== null) {
    if (input.chairFailures.length > 0) out.push('');
    out.push(`Chairman: ${input.chairman.name} (${input.chairman.model}), ${input.chairman.durationMs} ms`, '', input.synthesis.trimEnd());
  } else {
    out.push('No synthesis: the run stopped before a chairman answered.');
  }
  return terminalSafe(`${out.join('\n')}\n`);
}

function chunkSummary(c: Chunks): string[] {
  const excluded = c.excluded.length > 0 ? [`- Excluded by --exclude: ${c.excluded.join(', ')}`] : [];
  return [
    `- Diff: ${kb(c.diffBytes)} in ${c.count} part${c.count === 1 ? '' : 's'} of at most ${kb(c.budgetBytes)} (--chunks ${c.requested}); ${c.reviewed} reviewed, ${kb(c.reviewedBytes)}${c.complete ? ', all of it' : ', not all of it'}`,
    ...excluded,
  ];
}

function chunkTable(c: Chunks): string[] {
  const rows = c.list.map((p) => {
    const failed = p.failed.map((f) => `${f.reviewer}: ${f.status}: ${f.error}`).join('; ');
    const state = p.reviewed ? (p.answered.length > 0 ? `answered by ${p.answered.join(', ')}` : 'no answer') : 'not reviewed';
    return `| ${p.index} | ${p.files.join(', ')} | ${kb(p.bytes)}${p.truncated ? ' (cut)' : ''} | ${state} | ${failed || '-'} |`;
  });
  return ['| Part | Files | Size | Reviewed | Failed calls |', '|---|---|---|---|---|', ...rows.map((r) => r.replaceAll('\n', ' '))];
}

/** Writes the report (0600): to `out` when given, else to a fresh consensus-XXXXXX.md in the temp dir. */
export async function writeReport(content: string, opts: { out: string | undefined; cwd: string; env: NodeJS.ProcessEnv }): Promise<string> {
  const text = redactSecrets(content, opts.env);
  if (opts.out !== undefined) {
    const target = path.resolve(opts.cwd, opts.out);
    try {
      await writeFileAtomic(target, text, { mode: 0o600 });
      await chmod(target, 0o600);
    } catch (error) {
      throw opError(`cannot write --out ${opts.out}: ${(error as Error).message}`, { hint: 'give --out a writable file path (or omit it for the temp dir)' });
    }
    return target;
  }
  for (let attempt = 0; ; attempt += 1) {
    const candidate = path.join(tmpdir(), `consensus-${randomBytes(4).toString('hex').slice(0, 6)}.md`);
    try {
      const handle = await open(candidate, 'wx', 0o600);
      try {
        await handle.writeFile(text);
      } finally {
        await handle.close();
      }
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 20) throw error;
    }
  }
}
