// Parses a stage-1 code review written in the seed's format (ISSUES FOUND blocks of SEVERITY /
// LOCATION / DESCRIPTION, then OVERALL ASSESSMENT). Tolerant of case, markdown and small drift;
// an answer it cannot read is still kept verbatim by the caller.

import { clean, scanReview, type ScanResult } from './review-scan.js';
import type { Assessment, Finding } from '../report/output-schema.js';

/** A finding as one review states it; the reviewer's name is added by the caller. */
export type ReviewFinding = Omit<Finding, 'reviewer'>;

export interface ParsedReview {
  findings: ReviewFinding[];
  assessment: Assessment | null;
  /** The answer followed the format well enough to read (a section heading, an assessment or a finding). */
  parsed: boolean;
  /** The reviewer said "None" under ISSUES FOUND. */
  noIssues: boolean;
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

export function parseReview(text: string, knownFiles: readonly string[] = []): ParsedReview {
  const lines = text.split('\n').map(clean);
  return conclude(scanReview(lines, knownFiles), lines);
}

/** After the last line: "None" under ISSUES FOUND, and the assessment (a bare closing line counts). */
function conclude(scan: ScanResult, lines: readonly string[]): ParsedReview {
  const { findings, assessmentText } = scan;
  const issuesBody = scan.issuesText.join('\n').trim();
  const noIssues = findings.length === 0 && /^[[(]?\s*(?:none|no issues?(?: found)?|n\/a)\s*[.\])]?\s*$/i.test(issuesBody.split('\n')[0]?.trim() ?? '');
  let assessment = parseAssessment(assessmentText.join('\n'));
  if (assessment === null && assessmentText.length === 0) {
    // No heading: a closing line that is only an assessment still counts.
    const last = [...lines].reverse().find((line) => line.trim() !== '');
    if (last !== undefined && /^\W*(?:APPROVE|REQUEST)[\w\s-]*\W*$/i.test(last.trim())) assessment = parseAssessment(last);
  }
  return { findings, assessment, parsed: scan.sawHeading || assessment !== null || findings.length > 0, noIssues };
}
