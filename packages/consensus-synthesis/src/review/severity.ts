// Severity words as models write them, mapped onto the seed's three levels.

import type { Severity } from '../report/output-schema.js';

const SYNONYMS: Record<string, Severity> = {
  critical: 'CRITICAL',
  blocker: 'CRITICAL',
  blocking: 'CRITICAL',
  severe: 'CRITICAL',
  high: 'CRITICAL',
  important: 'IMPORTANT',
  major: 'IMPORTANT',
  medium: 'IMPORTANT',
  moderate: 'IMPORTANT',
  significant: 'IMPORTANT',
  warning: 'IMPORTANT',
  suggestion: 'SUGGESTION',
  suggestions: 'SUGGESTION',
  minor: 'SUGGESTION',
  low: 'SUGGESTION',
  nit: 'SUGGESTION',
  nitpick: 'SUGGESTION',
  info: 'SUGGESTION',
  consider: 'SUGGESTION',
  optional: 'SUGGESTION',
};

/** The severity named by the first word of `text`, or null. */
export function parseSeverity(text: string): Severity | null {
  const word = /[A-Za-z]+/.exec(text.replace(/[*_`[\]]/g, ''))?.[0]?.toLowerCase();
  return word === undefined ? null : (SYNONYMS[word] ?? null);
}

/** Words accepted as a severity, for building patterns. */
export const SEVERITY_WORDS = Object.keys(SYNONYMS);
