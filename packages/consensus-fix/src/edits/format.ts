// Which answer format a run asks for: `whole` files, or `replace` edits (search/replace pairs) that
// scale with the fix instead of the file. `auto` picks replace as soon as one file is long enough
// that repeating it costs more than the fix (and models start shortening what they repeat).

export const EDIT_FORMAT_OPTIONS = ['auto', 'whole', 'replace'] as const;
export type EditFormatOption = (typeof EDIT_FORMAT_OPTIONS)[number];
export type EditFormat = Exclude<EditFormatOption, 'auto'>;

/** `auto` asks for edits when any file the fix may change has more lines than this. */
export const REPLACE_ABOVE_LINES = 300;

/** Lines of a text as an editor counts them: a final newline ends the last line, it does not start one. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

/** The format of a run; `texts` are the current contents of the files the fix may change (null: not there yet). */
export function chooseEditFormat(option: EditFormatOption, texts: ReadonlyArray<string | null>): EditFormat {
  if (option !== 'auto') return option;
  return texts.some((t) => t !== null && lineCount(t) > REPLACE_ABOVE_LINES) ? 'replace' : 'whole';
}
