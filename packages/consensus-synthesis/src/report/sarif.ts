// SARIF 2.1.0 for code scanning: one result per consensus item that has a file and a line (what the
// panel agreed on, not every reviewer's finding). The tier sets the level; the rule is the item's
// severity; the fingerprint hashes the rule, the file and the flagged line's text, never its number,
// so a re-run or code moved up or down keeps the same alert. Pure.

import { createHash } from 'node:crypto';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Tier } from '../chair/parse-synthesis.js';
import type { ConsensusItem, ReviewerResult, Severity } from './output-schema.js';

/** GitHub's code scanning takes at most this many results per run. */
export const MAX_SARIF_RESULTS = 25_000;

/** The key of our partialFingerprints entry; a new way of hashing gets a new version. */
export const FINGERPRINT_KEY = 'consensusItem/v1';

const TIER_LEVEL: Record<Tier, Result.level> = { high: 'error', medium: 'warning', consider: 'note' };

type RuleKey = Severity | 'UNSPECIFIED';

const RULES: ReadonlyArray<{ key: RuleKey; id: string; name: string; text: string; level: Result.level }> = [
  { key: 'CRITICAL', id: 'consensus-synthesis/critical', name: 'CriticalIssue', text: 'A critical issue the review panel kept in its consensus', level: 'error' },
  { key: 'IMPORTANT', id: 'consensus-synthesis/important', name: 'ImportantIssue', text: 'An important issue the review panel kept in its consensus', level: 'warning' },
  { key: 'SUGGESTION', id: 'consensus-synthesis/suggestion', name: 'Suggestion', text: 'A suggestion the review panel kept in its consensus', level: 'note' },
  { key: 'UNSPECIFIED', id: 'consensus-synthesis/issue', name: 'Issue', text: 'An issue the review panel kept in its consensus, without a severity', level: 'warning' },
];

export interface SarifInput {
  consensus: Record<Tier, readonly ConsensusItem[]>;
  /** Stage-1 reviewers, to name the ones that raised an item by letter and model. */
  reviewers: readonly ReviewerResult[];
  version: string;
  /** The text of a line of a file as reviewed (head or working tree), or null when it cannot be read. */
  lineText: (file: string, line: number) => string | null;
  /** Results kept; the rest are counted in the run's properties (GitHub's limit by default). */
  maxResults?: number;
}

export function artifactUri(file: string): string {
  return file
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** The flagged line as the fingerprint sees it: whitespace runs collapsed, ends trimmed. */
export function normaliseLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The fingerprint of one result: the rule, the file and the flagged line's normalised text (the
 * item's wording when the line cannot be read), then `:n` for the n-th identical key in the run.
 */
export function fingerprint(ruleId: string, file: string, anchor: string, occurrence: number): string {
  return `${createHash('sha256').update(`${ruleId}\0${file}\0${anchor}`).digest('hex').slice(0, 32)}:${occurrence}`;
}

interface Located {
  item: ConsensusItem & { file: string; line: number };
  tier: Tier;
}

function located(consensus: SarifInput['consensus']): Located[] {
  return (['high', 'medium', 'consider'] as const).flatMap((tier) =>
    consensus[tier].flatMap((item) => (item.file !== null && item.line !== null ? [{ item: item as Located['item'], tier }] : [])),
  );
}

function raisedBy(names: readonly string[], reviewers: readonly ReviewerResult[]) {
  return names.map((name) => {
    const reviewer = reviewers.find((r) => r.name === name);
    return { letter: reviewer?.letter ?? null, name, model: reviewer?.model ?? null };
  });
}

export function toSarif(input: SarifInput): Log {
  const max = input.maxResults ?? MAX_SARIF_RESULTS;
  const occurrences = new Map<string, number>();
  const all = located(input.consensus).map(({ item, tier }): Result => {
    const ruleIndex = RULES.findIndex((rule) => rule.key === (item.severity ?? 'UNSPECIFIED'));
    const rule = RULES[ruleIndex]!;
    const text = input.lineText(item.file, item.line);
    const anchor = text === null ? `wording:${normaliseLine(item.description).toLowerCase()}` : `line:${normaliseLine(text)}`;
    const key = `${rule.id}\0${item.file}\0${anchor}`;
    const occurrence = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, occurrence);
    return {
      ruleId: rule.id,
      ruleIndex,
      level: TIER_LEVEL[tier],
      message: { text: item.description },
      locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(item.file), uriBaseId: '%SRCROOT%' }, region: { startLine: item.line } } }],
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(rule.id, item.file, anchor, occurrence) },
      properties: {
        tier,
        severity: item.severity,
        reviewers: raisedBy(item.reviewers, input.reviewers),
        chairmanWording: item.description,
        ...(item.demoted ? { demoted: item.demoted } : {}),
      },
    };
  });
  const rules: ReportingDescriptor[] = RULES.map((rule) => ({
    id: rule.id,
    name: rule.name,
    shortDescription: { text: rule.text },
    defaultConfiguration: { level: rule.level },
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'consensus-synthesis', version: input.version, informationUri: 'https://www.npmjs.com/package/@adlc/consensus-synthesis', rules } },
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The repository root' } } },
        results: all.slice(0, max),
        properties: { resultsOmitted: Math.max(0, all.length - max) },
      },
    ],
  };
}
