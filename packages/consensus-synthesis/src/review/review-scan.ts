// The line-by-line reader behind parseReview: section headings, SEVERITY/LOCATION/DESCRIPTION
// blocks, one-line items, tables and issue sub-headings, each read by a function of its own.

import { findLocation } from './location.js';
import type { ReviewFinding } from './parse-review.js';
import type { Severity } from '../report/output-schema.js';
import { parseSeverity, SEVERITY_WORDS } from './severity.js';

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

export function clean(line: string): string {
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

/** What the scan knows while it walks an answer line by line. */
interface Scan {
  knownFiles: readonly string[];
  section: Section;
  findings: ReviewFinding[];
  assessmentText: string[];
  issuesText: string[];
  sawHeading: boolean;
  draft: Draft | null;
  /** Which field a continuation line extends. */
  field: 'description' | 'location' | null;
  /** The current draft came from a one-line item (compact or plain), not a SEVERITY/LOCATION block. */
  oneLine: boolean;
  /** `#` count of the ISSUES heading in force (0 for a bold one); null outside that section. */
  issuesDepth: number | null;
  /** Columns of a markdown table of findings, after its header row. */
  table: { severity: number; location: number; description: number } | null;
}

/** What the scan found: the findings, and the raw text of the two sections for the caller to read. */
export type ScanResult = Pick<Scan, 'findings' | 'assessmentText' | 'issuesText' | 'sawHeading'>;

/** Reads the findings of an answer's lines (already `clean`ed). */
export function scanReview(lines: readonly string[], knownFiles: readonly string[]): ScanResult {
  const hasIssuesHeading = lines.some((line) => headingOf(line)?.section === 'issues');
  const scan: Scan = {
    knownFiles,
    // Without an ISSUES heading the whole answer is read as the issues section.
    section: hasIssuesHeading ? 'other' : 'issues',
    findings: [],
    assessmentText: [],
    issuesText: [],
    sawHeading: false,
    draft: null,
    field: null,
    oneLine: false,
    issuesDepth: null,
    table: null,
  };
  for (const line of lines) scanLine(scan, line);
  flush(scan);
  return scan;
}

/** One line: each reader below either takes it or leaves it to the next, in this order. */
function scanLine(scan: Scan, line: string): void {
  const heading = headingOf(line);
  const depth = /^\s*(#{1,6})\s/.exec(line)?.[1]?.length ?? 0;
  if (issueSubHeading(scan, line, heading, depth)) return;
  if (heading) {
    sectionHeading(scan, heading, depth);
    return;
  }
  if (scan.section === 'assessment') {
    scan.assessmentText.push(line);
    return;
  }
  if (scan.section !== 'issues') return;
  scan.issuesText.push(line);
  if (fieldLine(scan, line) || compactItem(scan, line) || tableRow(scan, line) || plainItem(scan, line)) return;
  if (line.trim() === '') {
    if (scan.field === 'location') scan.field = null;
    return;
  }
  // A continuation of a multi-line description.
  if (scan.draft !== null && scan.field === 'description') scan.draft.description.push(line.trim());
}

/** Ends the finding being read, if any. */
function flush(scan: Scan): void {
  if (scan.draft) {
    const finding = finish(scan.draft, scan.knownFiles);
    if (finding) scan.findings.push(finding);
  }
  scan.draft = null;
  scan.field = null;
  scan.oneLine = false;
}

function currentDraft(scan: Scan): Draft {
  scan.draft ??= { severity: null, location: null, description: [] };
  return scan.draft;
}

/**
 * An issue under its own sub-heading (`### 1. SQL injection` under `## ISSUES FOUND`) starts a
 * finding; its SEVERITY/LOCATION/DESCRIPTION lines follow. Under a bold ISSUES heading only a
 * numbered or severity-named sub-heading counts, so a closing `## Summary` is not an issue.
 */
function issueSubHeading(scan: Scan, line: string, heading: ReturnType<typeof headingOf>, depth: number): boolean {
  if (heading?.section !== 'other' || scan.section !== 'issues' || scan.issuesDepth === null || depth <= scan.issuesDepth) return false;
  const title = line.replace(/^\s*#{1,6}\s*/, '').replace(/^\d+[.)]\s*/, '').trim();
  if (scan.issuesDepth === 0 && !/^\s*#{1,6}\s*\d+[.)]/.test(line) && severityInTitle(title) === null) return false;
  flush(scan);
  scan.draft = { severity: severityInTitle(title), location: null, description: [], title };
  // Prose under the sub-heading is the issue's description.
  scan.field = 'description';
  return true;
}

function sectionHeading(scan: Scan, heading: NonNullable<ReturnType<typeof headingOf>>, depth: number): void {
  flush(scan);
  scan.sawHeading ||= heading.section !== 'other';
  scan.section = heading.section;
  scan.issuesDepth = heading.section === 'issues' ? depth : null;
  scan.table = null;
  if (heading.section === 'assessment') scan.assessmentText.push(heading.rest);
  if (heading.section === 'issues' && heading.rest.trim() !== '') scan.issuesText.push(heading.rest);
}

/** `- SEVERITY: ...`, `LOCATION: ...`, `DESCRIPTION: ...`: a field that repeats starts the next finding. */
function fieldLine(scan: Scan, line: string): boolean {
  const match = FIELD.exec(line);
  if (!match) return false;
  const name = match[1]!.toUpperCase();
  const value = match[2]!.trim();
  const draft = scan.draft;
  if (name === 'SEVERITY') {
    if (draft !== null && (draft.severity !== null || draft.description.length > 0)) flush(scan);
    currentDraft(scan).severity = parseSeverity(value);
    scan.field = null;
  } else if (name === 'LOCATION' || name === 'FILE' || name === 'WHERE') {
    if (draft !== null && draft.location !== null) flush(scan);
    currentDraft(scan).location = value;
    scan.field = 'location';
  } else {
    if (draft !== null && draft.description.length > 0) flush(scan);
    const current = currentDraft(scan);
    if (value !== '') current.description.push(value);
    scan.field = 'description';
  }
  return true;
}

/** `- [CRITICAL] src/a.ts:3 - text` and its variants: one finding on one line. */
function compactItem(scan: Scan, line: string): boolean {
  const match = COMPACT.exec(line);
  if (!match) return false;
  flush(scan);
  const rest = match[3]!.trim();
  const location = findLocation(rest, scan.knownFiles, { requireKnown: scan.knownFiles.length > 0 });
  scan.draft = { severity: parseSeverity(match[1] ?? match[2]!), location: null, description: [rest] };
  if (location) scan.draft.location = `${location.file}${location.line === null ? '' : `:${location.line}`}`;
  scan.field = 'description';
  scan.oneLine = true;
  return true;
}

/** A markdown table of findings: the header row names the columns, each later row is a finding. */
function tableRow(scan: Scan, line: string): boolean {
  if (!TABLE_ROW.test(line)) {
    scan.table = null;
    return false;
  }
  if (TABLE_RULE.test(line)) return true;
  const row = tableCells(line);
  const table = scan.table;
  if (table === null) {
    // A table without SEVERITY or DESCRIPTION columns is not one of findings.
    const find = (pattern: RegExp) => row.findIndex((cell) => pattern.test(cell));
    const columns = { severity: find(/severity|priority|level/i), location: find(/location|file|where|line/i), description: find(/description|issue|problem|detail|finding/i) };
    scan.table = columns.severity >= 0 || columns.description >= 0 ? columns : null;
    return true;
  }
  flush(scan);
  const cell = (index: number) => (index >= 0 ? (row[index] ?? '') : '');
  const description = table.description >= 0 ? cell(table.description) : row.filter((_, i) => i !== table.severity && i !== table.location).join(' - ');
  scan.draft = { severity: parseSeverity(cell(table.severity)), location: cell(table.location) || null, description: description === '' ? [] : [description] };
  flush(scan);
  return true;
}

/**
 * A plain top-level item (`3. The .env file ... (.env line 1)`) is a finding when it points at a
 * line of a changed file; without a place it stays prose (`- Low test coverage overall`).
 */
function plainItem(scan: Scan, line: string): boolean {
  const match = PLAIN_ITEM.exec(line);
  if (!match) return false;
  const rest = match[1]!.trim();
  const location = findLocation(rest, scan.knownFiles, { requireKnown: scan.knownFiles.length > 0 });
  if (location !== null && location.line !== null) {
    flush(scan);
    // `- CRITICAL src/db.ts:10 - text` (bold stripped): an upper-case severity word leads it.
    const leading = /^([A-Z]{3,})\b/.exec(rest)?.[1];
    const severity = (leading === undefined ? null : parseSeverity(leading)) ?? severityInTitle(rest);
    scan.draft = { severity, location: `${location.file}:${location.line}`, description: [rest] };
    scan.field = 'description';
    scan.oneLine = true;
    return true;
  }
  // The next item of a list of one-line findings is not part of the previous one's description.
  if (!scan.oneLine) return false;
  flush(scan);
  return true;
}
