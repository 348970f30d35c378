// Shell quoting and regex escaping for the commands the adapters build.

/** Single-quotes an argument for sh unless it is plainly safe. */
export function shellQuote(arg: string): string {
  if (/^[\w./:@%+=,-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * One anchored alternation for a runner's -t / --testNamePattern: Vitest rejects a repeated -t and
 * Jest silently skips everything with it, so a batch must be a single pattern.
 * `join` is the separator the runner puts between describe titles and the test title when matching.
 */
export function namePattern(names: Array<{ name: string | null; title?: string }>, join: 'space' | 'space-or-arrow'): string {
  const alternatives = names.map(({ name, title }) => {
    if (name === null) return `(?:.* )?${escapeRegex(title ?? '')}`;
    const escaped = escapeRegex(name);
    // The id keeps Vitest 4's space join; Vitest 5 matches on "describe > test", so accept either.
    return join === 'space' ? escaped : escaped.replaceAll(' ', '(?: | > )');
  });
  return `^(?:${[...new Set(alternatives)].join('|')})$`;
}
