// Parses a stage-1 code review written in the seed's format (ISSUES FOUND blocks of SEVERITY /
// LOCATION / DESCRIPTION, then OVERALL ASSESSMENT). Tolerant of case, markdown and small drift;
// an answer it cannot read is still kept verbatim by the caller.

import { findLocation } from './location.js';
import type { Assessment, Severity } from './schema.js';
import { parseSeverity, SEVERITY_WORDS } from './severity.js';

export interface ReviewFinding {
  severity: Severity;
  file: string | null;
  line: number | null;
  endLine: number | null;
  description: string;
}

export interface ParsedReview {
  findings: ReviewFinding[];
  assessment: Assessment | null;
  /** The answer followed the format well enough to read (a section heading, an assessment or a finding). */
  parsed: boolean;
  /** The reviewer said "None" under ISSUES FOUND. */
  noIssues: boolean;
}

type Section = 'issues' | 'assessment' | 'other';

const BULLET = String.raw`(?:[-*+•]|\d+[.)])`;
const HEADING = /^\s*(?:#{1,6}\s*)?(?:\d+[.)]\s*)?(ISSUES(?:\s+FOUND)?|FINDINGS|OVERALL\s+ASSESSMENT|ASSESSMENT|VERDICT)\s*:?\s*(.*)$/i;
const FIELD = new RegExp(
  String.raw`^\s*(?:${BULLET}\s*)?(SEVERITY|LOCATION|FILE|WHERE|DESCRIPTION|ISSUE|DETAILS?|PROBLEM)\s*(?::|\s[-–—]\s)\s*(.*)$`,
  'i',
);
// `- [CRITICAL] text`, `- (minor) text`, `- Critical: text`, `- IMPORTANT - text`; a plain
// `- Low test coverage` is prose, not a severity.
const WORDS = SEVERITY_WORDS.join('|');
const COMPACT = new RegExp(
  String.raw`^\s*${BULLET}\s*(?:[\[(](${WORDS})[\])]\s*[:\-–—]?|(${WORDS})\s*[:\-–—])\s*(.+)$`,
  'i',
);

const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?[\s:|-]*-{2,}[\s:|-]*\|?\s*$/;

function tableCells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

const PLAIN_ITEM = new RegExp(String.raw`^ ?${BULLET}\s+(.+)$`);

function clean(line: string): string {
  // Bold and italic markers carry no meaning here; underscores inside words (APPROVE_WITH_CONCERNS) stay.
  return line.replace(/\*\*|__(?=\S)|(?<=\S)__/g, '').replace(/\r$/, '');
}

function headingOf(line: string): { section: Section; rest: string } | null {
  const match = HEADING.exec(line);
  if (!match) {
    return /^\s*#{1,6}\s+\S/.test(line) ? { section: 'other', rest: '' } : null;
  }
  const word = match[1]!.toUpperCase();
  const rest = match[2] ?? '';
  // "Issue: ..." inside a finding is a field, not a heading; a heading has no long text after it.
  if (/^ISSUES?$/.test(word) && !/^\s*#/.test(line) && !/^ISSUES\s+FOUND/i.test(match[1]!)) return null;
  const section: Section = /ASSESSMENT|VERDICT/.test(word) ? 'assessment' : 'issues';
  return { section, rest };
}

const ASSESSMENT_PATTERNS: ReadonlyArray<readonly [Assessment, RegExp]> = [
  ['APPROVE_WITH_CONCERNS', /\bAPPROVED?[\s_-]+WITH[\s_-]+CONCERNS\b/i],
  ['REQUEST_CHANGES', /\b(?:REQUEST(?:ED|ING)?[\s_-]+CHANGES|CHANGES[\s_-]+REQUESTED)\b/i],
  ['APPROVE', /\bAPPROVED?\b(?![\s_-]+WITH)/i],
];

/** The assessment named in `text`: the first one on the first line naming any; template echoes skipped. */
export function parseAssessment(text: string): Assessment | null {
  for (const line of text.split('\n')) {
    const hits = ASSESSMENT_PATTERNS.map(([value, pattern]) => ({ value, index: pattern.exec(line)?.index ?? -1 })).filter(
      (hit) => hit.index >= 0,
    );
    if (hits.length === 0) continue;
    // "APPROVE | APPROVE_WITH_CONCERNS | REQUEST_CHANGES" echoed from the template names no choice.
    if (hits.length > 1 && line.includes('|')) continue;
    hits.sort((a, b) => a.index - b.index);
    return hits[0]!.value;
  }
  return null;
}

interface Draft {
  severity: Severity | null;
  location: string | null;
  description: string[];
  /** The issue's own sub-heading (`### 1. SQL injection`), when it has one. */
  title?: string;
}

/** A severity named in an issue's title: `[CRITICAL] x`, `x (minor)`, `Important: x`. */
function severityInTitle(title: string): Severity | null {
  const match = new RegExp(String.raw`[\[(](${WORDS})[\])]|^(${WORDS})\s*[:\-–—]`, 'i').exec(title);
  return match ? parseSeverity(match[1] ?? match[2]!) : null;
}

function finish(draft: Draft, knownFiles: readonly string[]): ReviewFinding | null {
  const body = draft.description.join('\n').trim();
  const description = draft.title && body ? `${draft.title} - ${body}` : (draft.title ?? body);
  if (draft.severity === null && description === '' && draft.location === null) return null;
  if (/^(?:none|n\/a|no issues?(?: found)?)\.?$/i.test(description) && draft.location === null) return null;
  let location = draft.location === null ? null : findLocation(draft.location, knownFiles, { allowBarePath: true });
  // No usable LOCATION: a `path:line` naming a changed file inside the description is as good.
  if (location === null || location.line === null) {
    const inText = findLocation(description, knownFiles, { requireKnown: knownFiles.length > 0 });
    if (inText && inText.line !== null && (location === null || inText.file === location.file)) location = inText;
  }
  return {
    // A finding whose severity is missing or unreadable is kept, as the middle level.
    severity: draft.severity ?? 'IMPORTANT',
    file: location?.file ?? null,
    line: location?.line ?? null,
    endLine: location?.endLine ?? null,
    description: description === '' ? '(no description given)' : description,
  };
}

export function parseReview(text: string, knownFiles: readonly string[] = []): ParsedReview {
  const lines = text.split('\n').map(clean);
  const hasIssuesHeading = lines.some((line) => headingOf(line)?.section === 'issues');
  let section: Section = hasIssuesHeading ? 'other' : 'issues';
  const findings: ReviewFinding[] = [];
  const assessmentText: string[] = [];
  const issuesText: string[] = [];
  let sawHeading = false;
  let draft: Draft | null = null;
  let field: 'description' | 'location' | null = null;
  /** The current draft came from a one-line item (compact or plain), not a SEVERITY/LOCATION block. */
  let oneLine = false;
  /** `#` count of the ISSUES heading in force (0 for a bold one); null outside that section. */
  let issuesDepth: number | null = null;
  /** Columns of a markdown table of findings, after its header row. */
  let table: { severity: number; location: number; description: number } | null = null;

  const flush = () => {
    if (draft) {
      const finding = finish(draft, knownFiles);
      if (finding) findings.push(finding);
    }
    draft = null;
    field = null;
    oneLine = false;
  };

  for (const line of lines) {
    const heading = headingOf(line);
    const depth = /^\s*(#{1,6})\s/.exec(line)?.[1]?.length ?? 0;
    // An issue under its own sub-heading (`### 1. SQL injection` under `## ISSUES FOUND`) starts a
    // finding; its SEVERITY/LOCATION/DESCRIPTION lines follow. Under a bold ISSUES heading only a
    // numbered or severity-named sub-heading counts, so a closing `## Summary` is not an issue.
    if (heading?.section === 'other' && section === 'issues' && issuesDepth !== null && depth > issuesDepth) {
      const title = line.replace(/^\s*#{1,6}\s*/, '').replace(/^\d+[.)]\s*/, '').trim();
      if (issuesDepth > 0 || /^\s*#{1,6}\s*\d+[.)]/.test(line) || severityInTitle(title) !== null) {
        flush();
        draft = { severity: severityInTitle(title), location: null, description: [], title };
        // Prose under the sub-heading is the issue's description.
        field = 'description';
        continue;
      }
    }
    if (heading) {
      flush();
      sawHeading ||= heading.section !== 'other';
      section = heading.section;
      issuesDepth = section === 'issues' ? depth : null;
      table = null;
      if (section === 'assessment') assessmentText.push(heading.rest);
      if (section === 'issues' && heading.rest.trim() !== '') issuesText.push(heading.rest);
      continue;
    }
    if (section === 'assessment') {
      assessmentText.push(line);
      continue;
    }
    if (section !== 'issues') continue;
    issuesText.push(line);
    const fieldMatch = FIELD.exec(line);
    if (fieldMatch) {
      const name = fieldMatch[1]!.toUpperCase();
      const value = fieldMatch[2]!.trim();
      if (name === 'SEVERITY') {
        const current: Draft | null = draft;
        if (current !== null && (current.severity !== null || current.description.length > 0)) flush();
        draft ??= { severity: null, location: null, description: [] };
        draft.severity = parseSeverity(value);
        field = null;
      } else if (name === 'LOCATION' || name === 'FILE' || name === 'WHERE') {
        const current: Draft | null = draft;
        if (current !== null && current.location !== null) flush();
        draft ??= { severity: null, location: null, description: [] };
        draft.location = value;
        field = 'location';
      } else {
        const current: Draft | null = draft;
        if (current !== null && current.description.length > 0) flush();
        draft ??= { severity: null, location: null, description: [] };
        if (value !== '') draft.description.push(value);
        field = 'description';
      }
      continue;
    }
    const compact = COMPACT.exec(line);
    if (compact) {
      flush();
      const rest = compact[3]!.trim();
      const location = findLocation(rest, knownFiles, { requireKnown: knownFiles.length > 0 });
      draft = { severity: parseSeverity(compact[1] ?? compact[2]!), location: null, description: [rest] };
      if (location) draft.location = `${location.file}${location.line === null ? '' : `:${location.line}`}`;
      field = 'description';
      oneLine = true;
      continue;
    }
    // A plain top-level item (`3. The .env file ... (.env line 1)`) is a finding when it points at a
    // line of a changed file; without a place it stays prose (`- Low test coverage overall`).
    const row = TABLE_ROW.test(line) ? tableCells(line) : null;
    if (row !== null) {
      if (TABLE_RULE.test(line)) continue;
      if (table === null) {
        // A header row names the columns; a table without SEVERITY or DESCRIPTION columns is not one of findings.
        const find = (pattern: RegExp) => row.findIndex((cell) => pattern.test(cell));
        const columns = { severity: find(/severity|priority|level/i), location: find(/location|file|where|line/i), description: find(/description|issue|problem|detail|finding/i) };
        table = columns.severity >= 0 || columns.description >= 0 ? columns : null;
        continue;
      }
      flush();
      const cell = (index: number) => (index >= 0 ? (row[index] ?? '') : '');
      const description = table.description >= 0 ? cell(table.description) : row.filter((_, i) => i !== table!.severity && i !== table!.location).join(' - ');
      draft = { severity: parseSeverity(cell(table.severity)), location: cell(table.location) || null, description: description === '' ? [] : [description] };
      flush();
      continue;
    }
    table = null;
    const plain = PLAIN_ITEM.exec(line);
    if (plain) {
      const rest = plain[1]!.trim();
      const location = findLocation(rest, knownFiles, { requireKnown: knownFiles.length > 0 });
      if (location !== null && location.line !== null) {
        flush();
        // `- CRITICAL src/db.ts:10 - text` (bold stripped): an upper-case severity word leads it.
        const leading = /^([A-Z]{3,})\b/.exec(rest)?.[1];
        const severity = (leading === undefined ? null : parseSeverity(leading)) ?? severityInTitle(rest);
        draft = { severity, location: `${location.file}:${location.line}`, description: [rest] };
        field = 'description';
        oneLine = true;
        continue;
      }
      // The next item of a list of one-line findings is not part of the previous one's description.
      if (oneLine) {
        flush();
        continue;
      }
    }
    if (line.trim() === '') {
      if (field === 'location') field = null;
      continue;
    }
    // A continuation of a multi-line description.
    if (draft !== null && field === 'description') (draft as Draft).description.push(line.trim());
  }
  flush();

  const issuesBody = issuesText.join('\n').trim();
  const noIssues = findings.length === 0 && /^[[(]?\s*(?:none|no issues?(?: found)?|n\/a)\s*[.\])]?\s*$/i.test(issuesBody.split('\n')[0]?.trim() ?? '');
  let assessment = parseAssessment(assessmentText.join('\n'));
  if (assessment === null && assessmentText.length === 0) {
    // No heading: a closing line that is only an assessment still counts.
    const last = [...lines].reverse().find((line) => line.trim() !== '');
    if (last !== undefined && /^\W*(?:APPROVE|REQUEST)[\w\s-]*\W*$/i.test(last.trim())) assessment = parseAssessment(last);
  }
  return { findings, assessment, parsed: sawHeading || assessment !== null || findings.length > 0, noIssues };
}
