// The review command with the commit ref spliced in, quoted for the shell.

import { shellQuote } from '@adlc/core';

/** The review command with every `{base}` replaced by the quoted commit ref. */
export function substituteBase(command: string, base: string): string {
  return command.replaceAll('{base}', shellQuote(base));
}
