// Shell quoting and regex escaping for the commands the adapters build.

export { shellQuote } from '@adlc/core';

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * One anchored alternation for a runner's -t / --testNamePattern: Vitest rejects a repeated -t and
 * Jest silently skips everything with it, so a batch must be a single pattern.
 * `join` is what the runner puts between describe titles and the test title when matching: a space
 * (Jest, Vitest 4) or ` > ` (Vitest 5). The test id keeps the space join either way, so for Vitest 5
 * the pattern is built from the titles (ancestorTitles and title, from an earlier report); a test never
 * reported yet accepts either separator at every space.
 */
export function namePattern(names: Array<{ name: string | null; title?: string; titles?: readonly string[] }>, join: 'space' | 'arrow'): string {
  const sep = join === 'space' ? ' ' : ' > ';
  const alternatives = names.map(({ name, title, titles }) => {
    if (name === null) return `(?:.*${escapeRegex(sep)})?${escapeRegex(title ?? '')}`;
    if (titles && titles.length > 0 && titles.join(' ') === name) return titles.map(escapeRegex).join(escapeRegex(sep));
    const escaped = escapeRegex(name);
    return join === 'space' ? escaped : escaped.replaceAll(' ', '(?: | > )');
  });
  return `^(?:${[...new Set(alternatives)].join('|')})$`;
}
