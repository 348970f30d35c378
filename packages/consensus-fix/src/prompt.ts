// The one prompt every candidate gets: the failing command, the tail of its output, and the full
// content of every file it may change, asking for whole-file replacements as JSON.

export const OUTPUT_TAIL_CHARS = 4000;

export interface PromptFile {
  /** Repository-relative path, as the model must echo it. */
  file: string;
  /** Null when the file does not exist yet. */
  content: string | null;
}

export interface PromptInput {
  testCmd: string;
  /** The failing run's output; only its last 4000 characters are sent. */
  output: string;
  files: ReadonlyArray<PromptFile>;
  rails?: string | undefined;
}

export const SYSTEM_PROMPT =
  'You are a careful senior engineer fixing a bug. You change as little as needed, keep the code style, ' +
  'never weaken or special-case a test, and answer with one JSON object only.';

export function buildPrompt(input: PromptInput): string {
  const tail = input.output.length > OUTPUT_TAIL_CHARS ? input.output.slice(-OUTPUT_TAIL_CHARS) : input.output;
  const files = input.files.map((f) =>
    f.content === null
      ? `=== FILE: ${f.file} (does not exist yet; you may create it) ===\n=== END FILE: ${f.file} ===`
      : `=== FILE: ${f.file} ===\n${f.content}${f.content.endsWith('\n') || f.content === '' ? '' : '\n'}=== END FILE: ${f.file} ===`,
  );
  const rails = input.rails
    ? `\nYour change must also keep the full regression suite green: \`${input.rails}\`.\n`
    : '';
  return [
    'This command fails because of a bug in the source files below. Fix the bug so that it passes.',
    '',
    `Failing command: ${input.testCmd}`,
    rails,
    `Its output (last ${OUTPUT_TAIL_CHARS} characters at most):`,
    '<<<OUTPUT',
    tail.trimEnd(),
    'OUTPUT>>>',
    '',
    'Files you may change, with their full current content:',
    '',
    files.join('\n\n'),
    '',
    'Answer with ONLY this JSON object, no prose before or after it:',
    '{"changes": [{"file": "<path exactly as listed above>", "content": "<the COMPLETE new content of that file>"}]}',
    '',
    'Rules:',
    '- Change only the files listed above; any other path makes the whole answer void.',
    '- Give each changed file once, with its complete new content (not a diff, not an excerpt).',
    '- Leave out files you do not change.',
    '- Fix the cause; do not special-case the failing input.',
  ].join('\n');
}
