// The one prompt every candidate gets: the failing command, its failing tests and the tail of its
// output (failure-section.ts), and the files it may change, asking for JSON: whole new files
// (`whole`), or search/replace edits of the suspect spans, shown with their line numbers (`replace`).

import type { EditFormat } from '../edits/format.js';
import { showNumbered, type ShownFile } from '../edits/show.js';
import type { LocalizedFile, TestFailure } from '@adlc/localize';
import { failureSection } from './failure-section.js';

export const OUTPUT_TAIL_CHARS = 4000;

/** A file the prompt shows; `slices` (replace only) leaves the rest of the file out. */
export type PromptFile = ShownFile;

export interface PromptInput {
  testCmd: string;
  /** The failing run's output; with the failures, at most 4000 characters of it are sent (its end). */
  output: string;
  /** The failing tests read from the output (testFailures), shown first, within the same 4000 characters. */
  failures?: ReadonlyArray<TestFailure> | undefined;
  files: ReadonlyArray<PromptFile>;
  rails?: string | undefined;
  /** Default `whole`. */
  format?: EditFormat | undefined;
  /** What localization saw the run do that its output does not show (prototypeWriteNotes). */
  observed?: readonly string[] | undefined;
}

/**
 * The prototype-write probe's findings in the files the fix may change, one line per name written:
 * the write and the calls that led to it, nearest first. A prototype pollution test's output says only
 * that `({}).x` was not undefined; where the write happened is the one thing a model cannot read there.
 */
export function prototypeWriteNotes(files: ReadonlyArray<Pick<LocalizedFile, 'file' | 'evidence'>>): string[] {
  const byKey = new Map<string, Array<{ at: string; depth: number }>>();
  for (const { file, evidence } of files) {
    for (const w of evidence.prototypeWrites ?? []) byKey.set(w.key, [...(byKey.get(w.key) ?? []), { at: `${file}:${w.line}`, depth: w.depth }]);
  }
  return [...byKey].map(([key, hits]) => {
    const [write, ...callers] = hits.sort((a, b) => a.depth - b.depth).map((h) => h.at);
    const via = callers.length > 0 ? ` (called from ${callers.join(', then ')})` : '';
    return `A value was written onto Object.prototype under the name ${JSON.stringify(key)} at ${write}${via}.`;
  });
}

export const SYSTEM_PROMPT =
  'You are a careful senior engineer fixing a bug. You change as little as needed, keep the code style, ' +
  'never weaken or special-case a test, and answer with one JSON object only.';

export function buildPrompt(input: PromptInput): string {
  const replace = input.format === 'replace';
  const section = failureSection(input.output, input.failures ?? [], OUTPUT_TAIL_CHARS);
  const rails = input.rails
    ? `\nYour change must also keep the full regression suite green: \`${input.rails}\`.\n`
    : '';
  return [
    'This command fails because of a bug in the source files below. Fix the bug so that it passes.',
    '',
    `Failing command: ${input.testCmd}`,
    rails,
    ...(section.failures === ''
      ? [`Its output (last ${OUTPUT_TAIL_CHARS} characters at most):`]
      : [
          'Its failing tests, as its test runner reports them (frames outside the repository left out):',
          '<<<FAILURES',
          section.failures,
          'FAILURES>>>',
          '',
          `The end of its output (last ${section.tail.length} characters):`,
        ]),
    '<<<OUTPUT',
    section.tail.trimEnd(),
    'OUTPUT>>>',
    '',
    ...(input.observed && input.observed.length > 0 ? ['Seen while it ran (not in its output):', ...input.observed.map((o) => `- ${o}`), ''] : []),
    replace ? 'Files you may change, with their line numbers (long files in slices around the suspect lines):' : 'Files you may change, with their full current content:',
    '',
    input.files.map(replace ? showNumbered : showWhole).join('\n\n'),
    '',
    'Answer with ONLY this JSON object, no prose before or after it:',
    ...(replace ? REPLACE_RULES : WHOLE_RULES),
    '- Fix the cause; do not special-case the failing input.',
  ].join('\n');
}

function showWhole(f: PromptFile): string {
  return f.content === null
    ? `=== FILE: ${f.file} (does not exist yet; you may create it) ===\n=== END FILE: ${f.file} ===`
    : `=== FILE: ${f.file} ===\n${f.content}${f.content.endsWith('\n') || f.content === '' ? '' : '\n'}=== END FILE: ${f.file} ===`;
}

const WHOLE_RULES = [
  '{"changes": [{"file": "<path exactly as listed above>", "content": "<the COMPLETE new content of that file>"}]}',
  '',
  'Rules:',
  '- Change only the files listed above; any other path makes the whole answer void.',
  '- Give each changed file once, with its complete new content (not a diff, not an excerpt).',
  '- Leave out files you do not change.',
];

const REPLACE_RULES = [
  '{"changes": [{"file": "<path exactly as listed above>", "edits": [{"search": "<exact text, unique in the file>", "replace": "<new text>"}]}]}',
  '',
  'Rules:',
  '- Change only the files listed above; any other path makes the whole answer void.',
  '- Lines are shown as "<number> | <text>": the number and " | " are not part of the file; leave them out of "search" and "replace".',
  '- "search" is text copied exactly from the file (every space, every line) that occurs exactly once in the whole file, the lines not shown included: add a neighbouring line when one line is not unique. "replace" is what it becomes.',
  '- A file\'s edits apply in order, each to the result of the previous one. An edit whose search text is not found, or is found more than once, voids the whole answer.',
  '- Give each changed file once; leave out files you do not change. To create a file shown as not existing, give one edit with an empty "search".',
];
