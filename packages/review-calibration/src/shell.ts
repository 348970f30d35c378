// POSIX shell quoting for the values this tool splices into commands ({base}, oracle repros).

export function shellQuote(value: string): string {
  // `~` and `^` (as in HEAD~1, main^) are plain characters except for a leading `~`.
  if (/^[\w@%+=:,./-][\w@%+=:,./~^-]*$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The review command with every `{base}` replaced by the quoted commit ref. */
export function substituteBase(command: string, base: string): string {
  return command.replaceAll('{base}', shellQuote(base));
}
