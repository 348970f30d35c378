// POSIX shell quoting for values a tool splices into a command it runs, or prints in a hint the
// user pastes: plain words stay as they are, anything else is single-quoted.

export function shellQuote(value: string): string {
  // `~` and `^` (as in HEAD~1, main^) are plain characters except for a leading `~`.
  if (/^[\w@%+=:,./-][\w@%+=:,./~^-]*$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
