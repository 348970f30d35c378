// Parses the chairman's report: the three tiers and FINAL RECOMMENDATION of a code review, or the
// four parts of a general-prompt consensus. The text itself is always shown verbatim; this parsed
// form only feeds --json and the gate.

import { findLocation } from '../review/location.js';
import type { ConsensusItem, RecommendationCode } from '../report/output-schema.js';
import { parseSeverity } from '../review/severity.js';

export type Tier = 'high' | 'medium' | 'consider';

export interface ParsedCodeReviewSynthesis {
  high: ConsensusItem[];
  medium: ConsensusItem[];
  consider: ConsensusItem[];
  recommendation: RecommendationCode;
  recommendationText: string | null;
  /** Tier headings that were found (a tier whose heading is missing is not known to be empty). */
  tiersFound: Tier[];
}

const BULLET_LINE = /^(\s*)(?:[-*+•]|\d+[.)])\s+(.*)$/;
const NONE_LIKE = /^[[(]?\s*(?:none|n\/a|no issues?(?:\s+\w+)*|nothing(?:\s+\w+)*)\s*[.\])]?\s*$/i;

function stripMarkup(line: string): string {
  return line.replace(/\*\*|__/g, '').replace(/\r$/, '');
}

function tierOf(line: string): Tier | 'recommendation' | 'other' | null {
  const text = stripMarkup(line).trim();
  const isHash = /^#{1,6}\s/.test(text);
  if (BULLET_LINE.test(text) && !isHash) return null;
  const title = text.replace(/^#{1,6}\s*/, '').replace(/^\d+[.)]\s*/, '').trim();
  if (/^FINAL\s+RECOMMENDATION\b/i.test(title)) return 'recommendation';
  // A non-hash line is a heading only when short and shaped like one.
  if (!isHash && title.length > 90) return null;
  if (/^HIGH(?:EST)?\s+PRIORITY\b/i.test(title)) return 'high';
  if (/^MEDIUM\s+PRIORITY\b/i.test(title)) return 'medium';
  if (/^(?:CONSIDER\b|LOW\s+PRIORITY\b)/i.test(title) && (isHash || /[:\-–—]|^CONSIDER\s*$/i.test(title))) return 'consider';
  return isHash ? 'other' : null;
}

const RECOMMENDATION_RULES: ReadonlyArray<readonly [RecommendationCode, RegExp]> = [
  ['address-high-priority', /address\s+high[\s-]+priority|before\s+merging|do\s+not\s+merge|must\s+be\s+(?:fixed|addressed)/i],
  ['review-medium', /medium[\s-]+priority|review\s+medium/i],
  ['optional-improvements', /optional|improvements?\s+suggested/i],
  ['approve', /all\s+reviewers\s+approve|safe\s+to\s+merge|approve|no\s+issues/i],
];

/** Which of the seed's four recommendations a sentence is. */
export function recommendationCode(text: string): RecommendationCode {
  for (const [code, pattern] of RECOMMENDATION_RULES) if (pattern.test(text)) return code;
  return 'unknown';
}

interface ItemDraft {
  lines: string[];
  sub: string[];
}

/** Letters cited as `Reviewer A`, `Reviewers A and C`, `(A, B)` after "Reviewer". */
export function citedLetters(text: string): string[] {
  const letters = new Set<string>();
  // The word in any case (`reviewer A`, `REVIEWERS B and C`); the letters upper case only, so `reviewer a` is prose.
  for (const match of text.matchAll(/\b(?:[Rr]eviewers?|REVIEWERS?)\s+((?:[A-Z]\b(?:\s*(?:,|and|&|\/|\+)\s*)?)+)/g)) {
    for (const letter of match[1]!.match(/\b[A-Z]\b/g) ?? []) letters.add(letter);
  }
  return [...letters].sort();
}

function toItem(draft: ItemDraft, names: Record<string, string>, knownFiles: readonly string[]): ConsensusItem | null {
  let head = draft.lines.join(' ').replace(/\s+/g, ' ').trim();
  if (head === '' || NONE_LIKE.test(head)) return null;
  let severity = null;
  const bracket = /^\[([^\]]+)\]\s*[:\-–—]?\s*(.*)$/.exec(head);
  const word = /^(CRITICAL|IMPORTANT|SUGGESTION)\b\s*[:\-–—]?\s*(.*)$/i.exec(head);
  if (bracket) {
    severity = parseSeverity(bracket[1]!);
    head = bracket[2]!.trim();
  } else if (word) {
    severity = parseSeverity(word[1]!);
    head = word[2]!.trim();
  }
  // The template's own placeholder line, echoed back, is not an issue.
  if (/^description\.?$/i.test(head) || head === '') return null;
  const all = [head, ...draft.sub].join('\n');
  const reviewers = citedLetters(all).map((letter) => names[letter] ?? `Reviewer ${letter}`);
  const location = findLocation(all, knownFiles, { requireKnown: knownFiles.length > 0 });
  return {
    severity,
    description: head,
    reviewers,
    file: location?.file ?? null,
    line: location?.line ?? null,
    quotes: draft.sub.map((line) => line.trim()).filter((line) => line !== ''),
  };
}

function itemsOf(lines: string[], names: Record<string, string>, knownFiles: readonly string[]): ConsensusItem[] {
  const bullets = lines.map((line) => BULLET_LINE.exec(line)).filter((m): m is RegExpExecArray => m !== null);
  if (bullets.length === 0) return [];
  const topIndent = Math.min(...bullets.map((m) => m[1]!.replace(/\t/g, '    ').length));
  const drafts: ItemDraft[] = [];
  let current: ItemDraft | null = null;
  for (const line of lines) {
    const bullet = BULLET_LINE.exec(line);
    if (bullet && bullet[1]!.replace(/\t/g, '    ').length <= topIndent) {
      current = { lines: [bullet[2]!], sub: [] };
      drafts.push(current);
    } else if (current && line.trim() !== '') {
      if (bullet) current.sub.push(bullet[2]!);
      else if (current.sub.length === 0) current.lines.push(line.trim());
      else current.sub.push(line.trim());
    }
  }
  return drafts.map((d) => toItem(d, names, knownFiles)).filter((item): item is ConsensusItem => item !== null);
}

const ECHOED_RULE = /^\s*(?:[-*+•]\s*)?if\b.*(?:→|->|=>)/i;

export function parseCodeReviewSynthesis(
  text: string,
  names: Record<string, string> = {},
  knownFiles: readonly string[] = [],
): ParsedCodeReviewSynthesis {
  const lines = text.split('\n').map(stripMarkup);
  const tiers: Record<Tier, string[]> = { high: [], medium: [], consider: [] };
  const found = new Set<Tier>();
  let section: Tier | 'recommendation' | 'other' | null = null;
  let recommendationText: string | null = null;
  /** How many `#` the current tier's heading has (0 when it had none). */
  let tierDepth = 0;
  let underSubHeading = false;
  for (const line of lines) {
    const heading = tierOf(line);
    const depth = /^\s*(#{1,6})\s/.exec(line)?.[1]?.length ?? 0;
    // An issue written as a sub-heading of its tier (`### 1. [CRITICAL] ...` under `## High Priority`)
    // is an item of that tier; under a tier that is not a `#` heading, a `#` heading ends the tier.
    const inTier = section === 'high' || section === 'medium' || section === 'consider';
    if (heading === 'other' && inTier && tierDepth > 0 && depth > tierDepth) {
      tiers[section as Tier].push(`- ${line.replace(/^\s*#{1,6}\s*/, '').replace(/^\d+[.)]\s*/, '')}`);
      underSubHeading = true;
      continue;
    }
    if (heading !== null) {
      underSubHeading = false;
      tierDepth = depth;
      section = heading;
      if (heading === 'recommendation') {
        const rest = line.replace(/^.*?FINAL\s+RECOMMENDATION\s*:?/i, '').trim();
        if (rest !== '' && recommendationText === null) recommendationText = unquote(rest);
      } else if (heading !== 'other') {
        found.add(heading);
      }
      continue;
    }
    if (section === 'recommendation') {
      if (recommendationText === null && line.trim() !== '' && !ECHOED_RULE.test(line)) {
        recommendationText = unquote(line.replace(/^\s*(?:[-*+•>]\s*)+/, '').trim());
      }
      continue;
    }
    if (section === 'high' || section === 'medium' || section === 'consider') {
      // Lines under an issue's sub-heading are its details (quotes), not more of its title.
      if (underSubHeading && line.trim() !== '' && !BULLET_LINE.test(line)) tiers[section].push(`  - ${line.trim()}`);
      else tiers[section].push(underSubHeading && BULLET_LINE.test(line) ? `  ${line}` : line);
    }
  }
  return {
    high: itemsOf(tiers.high, names, knownFiles),
    medium: itemsOf(tiers.medium, names, knownFiles),
    consider: itemsOf(tiers.consider, names, knownFiles),
    recommendation: recommendationText === null ? 'unknown' : recommendationCode(recommendationText),
    recommendationText,
    tiersFound: (['high', 'medium', 'consider'] as const).filter((tier) => found.has(tier)),
  };
}

/** The recommendation sentence alone: no quotes, no leading `-`, `:` or `>` a model put before it. */
function unquote(text: string): string {
  return text.replace(/^[\s\-–—:>*]+/, '').replace(/^["“'`]+|["”'`.]+$/g, '').trim();
}

export interface ParsedGeneralSynthesis {
  agreement?: string;
  disagreement?: string;
  confidence?: 'high' | 'medium' | 'low';
  recommendation: string;
  /** At least one of the four parts was found under its heading. */
  partsFound: number;
}

type Part = 'agreement' | 'disagreement' | 'confidence' | 'recommendation';

function partOf(line: string): { part: Part; rest: string } | null {
  const text = stripMarkup(line).trim();
  const match = /^(?:#{1,6}\s*)?(?:\d+[.)]\s*)?([A-Za-z][A-Za-z ]{2,60}?)\s*(?::\s*(.*)|\s*\(.*\)\s*:?\s*(.*)|$)/.exec(text);
  if (!match) return null;
  const title = match[1]!.toLowerCase();
  const rest = (match[2] ?? match[3] ?? '').trim();
  const isHeadingShape = /^#/.test(text) || /^\d+[.)]/.test(text) || /:/.test(text);
  if (!isHeadingShape) return null;
  if (/\bdisagreement|\bdiffer|\bconflict/.test(title)) return { part: 'disagreement', rest };
  if (/\bagreement\b|\bconsensus\b/.test(title) && !/recommend/.test(title)) return { part: 'agreement', rest };
  if (/\bconfidence\b/.test(title)) return { part: 'confidence', rest };
  if (/\brecommendation\b/.test(title)) return { part: 'recommendation', rest };
  return null;
}

export function parseGeneralSynthesis(text: string): ParsedGeneralSynthesis {
  const parts: Partial<Record<Part, string[]>> = {};
  let current: Part | null = null;
  for (const line of text.split('\n')) {
    const heading = partOf(line);
    if (heading && !parts[heading.part]) {
      current = heading.part;
      parts[current] = heading.rest === '' ? [] : [heading.rest];
      continue;
    }
    if (/^\s*#{1,6}\s/.test(line)) current = null;
    if (current) parts[current]!.push(line);
  }
  const body = (part: Part): string | undefined => {
    const value = parts[part]?.join('\n').trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const confidenceText = body('confidence') ?? /confidence(?:\s+level)?\s*[:\-–]?\s*\**\s*(high|medium|low)/i.exec(text)?.[1];
  const confidenceWord = confidenceText === undefined ? undefined : /\b(high|medium|low)\b/i.exec(confidenceText)?.[1]?.toLowerCase();
  const agreement = body('agreement');
  const disagreement = body('disagreement');
  return {
    ...(agreement === undefined ? {} : { agreement }),
    ...(disagreement === undefined ? {} : { disagreement }),
    ...(confidenceWord === undefined ? {} : { confidence: confidenceWord as 'high' | 'medium' | 'low' }),
    recommendation: body('recommendation') ?? text.trim(),
    partsFound: Object.keys(parts).length,
  };
}
