// What a new round is told about the previous one (--rounds): the distinct ways its candidates
// failed. For up to three failed changes, the change as a diff and the failing tests' messages it
// produced (read as the first prompt reads the pre-flight's: failure-section.ts); then which answers
// were discarded and why; and, when the survivors all disagreed, that they did. Pure.

import type { TestFailure } from '@adlc/localize';
import type { CandidateRecord } from '../output/result.js';
import { failureSection } from './failure-section.js';

/** Failed changes shown with their diff and messages. */
export const FEEDBACK_FAILED = 3;
/** Characters of one failed change's test messages. */
const MESSAGE_CHARS = 1500;
/** Characters of one failed change's diff. */
const DIFF_CHARS = 3000;

/** The failing tests of a candidate's gate output (injected: localize's testFailures, names made relative). */
export type ReadFailures = (output: string) => readonly TestFailure[];

/** The section a new round's prompt adds; '' when the previous round left nothing to learn from. */
export function roundFeedback(previous: readonly CandidateRecord[], round: number, readFailures: ReadFailures): string {
  const failed = distinct(previous.filter((c) => c.status === 'failed' && c.failure)).slice(0, FEEDBACK_FAILED);
  const discarded = distinctReasons(previous.filter((c) => c.status === 'discarded' && c.discard));
  const survivors = distinct(previous.filter((c) => c.status === 'survived'));
  const parts: string[] = [];
  for (const [i, c] of failed.entries()) {
    const failure = c.failure!;
    const gate = failure.stage === 'rails' ? 'the regression suite' : failure.stage === 'timeout' ? 'the time limit' : failure.stage === 'syntax' ? 'parsing' : 'the failing command';
    const section = failureSection(failure.outputTail, readFailures(failure.outputTail), MESSAGE_CHARS);
    const tail = section.tail.trim();
    const messages = section.failures === '' || !section.failures.includes(tail) ? [section.failures, tail].filter((t) => t !== '').join('\n\n') : section.failures;
    parts.push(
      `Tried change ${i + 1} (failed at ${gate}${failure.exitCode === null ? '' : `, exit ${failure.exitCode}`}):`,
      '<<<DIFF',
      clip(c.diff ?? '', DIFF_CHARS).trimEnd(),
      'DIFF>>>',
      'What it produced:',
      '<<<OUTPUT',
      messages,
      'OUTPUT>>>',
      '',
    );
  }
  if (discarded.length > 0) parts.push('Answers discarded before any test ran, and why:', ...discarded.map((d) => `- ${d}`), '');
  if (survivors.length > 1 && failed.length + discarded.length === 0) {
    parts.push(`${survivors.length} different changes passed, and no two of them agreed: the fix is ambiguous, so give the one the failing test's intent calls for.`, '');
  }
  if (parts.length === 0) return '';
  parts.push('Answer in the JSON format asked for above.');
  return [`An earlier round of answers did not produce a fix that holds (this is round ${round}). Do not repeat these attempts; learn from how they failed.`, '', ...parts].join('\n');
}

/** One candidate per distinct change (its normalized key, else its diff), in index order. */
function distinct(candidates: readonly CandidateRecord[]): CandidateRecord[] {
  const seen = new Set<string>();
  return [...candidates]
    .sort((a, b) => a.index - b.index)
    .filter((c) => {
      const key = c.key ?? c.diff ?? String(c.index);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function distinctReasons(candidates: readonly CandidateRecord[]): string[] {
  return [...new Set(candidates.map((c) => `${c.discard!.reason}: ${clip(c.discard!.message, 300)}`))];
}

function clip(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}\n[…]` : text;
}
