import { describe, expect, it } from 'vitest';
import { findLocation, parseAssessment, parseReview, parseSeverity } from '../src/index.js';

const FILES = ['src/auth.ts', 'src/db/query.ts', 'README.md'];

describe('parseReview: the seed format and its drift', () => {
  const cases: Array<[string, string, Array<{ severity: string; file: string | null; line: number | null; description: RegExp }>, string | null]> = [
    [
      'exact format',
      `## ISSUES FOUND
- SEVERITY: CRITICAL
- LOCATION: src/auth.ts:42
- DESCRIPTION: Password compared with == allows timing attacks.

- SEVERITY: SUGGESTION
- LOCATION: README.md:3
- DESCRIPTION: Typo in heading.

## OVERALL ASSESSMENT
REQUEST_CHANGES`,
      [
        { severity: 'CRITICAL', file: 'src/auth.ts', line: 42, description: /timing attacks/ },
        { severity: 'SUGGESTION', file: 'README.md', line: 3, description: /Typo/ },
      ],
      'REQUEST_CHANGES',
    ],
    [
      'lower case, bold labels, no bullets, a/ prefix, range',
      `**Issues Found**
**Severity:** important
**Location:** \`a/src/db/query.ts:10-14\`
**Description:** SQL built by string concatenation.

**Overall Assessment:** approve with concerns`,
      [{ severity: 'IMPORTANT', file: 'src/db/query.ts', line: 10, description: /SQL built/ }],
      'APPROVE_WITH_CONCERNS',
    ],
    [
      'numbered items, "line N" form, multi-line description',
      `### ISSUES FOUND:
1. SEVERITY: Critical
   LOCATION: src/auth.ts line 7
   DESCRIPTION: The token is never checked
   for expiry, so a stolen token works forever.
### OVERALL ASSESSMENT:
**REQUEST_CHANGES**`,
      [{ severity: 'CRITICAL', file: 'src/auth.ts', line: 7, description: /never checked\nfor expiry/ }],
      'REQUEST_CHANGES',
    ],
    [
      'None',
      `## ISSUES FOUND
None

## OVERALL ASSESSMENT
APPROVE`,
      [],
      'APPROVE',
    ],
    [
      'compact one-line items',
      `## ISSUES FOUND
- [CRITICAL] src/auth.ts:12 - missing await on the session lookup
- **Suggestion**: rename \`q\` in src/db/query.ts:3
## OVERALL ASSESSMENT
APPROVE_WITH_CONCERNS`,
      [
        { severity: 'CRITICAL', file: 'src/auth.ts', line: 12, description: /missing await/ },
        { severity: 'SUGGESTION', file: 'src/db/query.ts', line: 3, description: /rename/ },
      ],
      'APPROVE_WITH_CONCERNS',
    ],
    [
      'location N/A and unknown severity word',
      `## ISSUES FOUND
- SEVERITY: weird
- LOCATION: N/A
- DESCRIPTION: No tests were added.
## OVERALL ASSESSMENT
APPROVE`,
      [{ severity: 'IMPORTANT', file: null, line: null, description: /No tests/ }],
      'APPROVE',
    ],
    [
      'location missing but the description names a changed file and line',
      `## ISSUES FOUND
- SEVERITY: IMPORTANT
- DESCRIPTION: Off-by-one in the loop at src/db/query.ts:27.
## OVERALL ASSESSMENT
REQUEST CHANGES`,
      [{ severity: 'IMPORTANT', file: 'src/db/query.ts', line: 27, description: /Off-by-one/ }],
      'REQUEST_CHANGES',
    ],
    [
      'template echoed back for the assessment',
      `## ISSUES FOUND
None
## OVERALL ASSESSMENT
APPROVE | APPROVE_WITH_CONCERNS | REQUEST_CHANGES`,
      [],
      null,
    ],
  ];
  it.each(cases)('%s', (_name, text, expected, assessment) => {
    const parsed = parseReview(text, FILES);
    expect(parsed.parsed).toBe(true);
    expect(parsed.assessment).toBe(assessment);
    expect(parsed.findings).toHaveLength(expected.length);
    parsed.findings.forEach((finding, i) => {
      const want = expected[i]!;
      expect(finding.severity).toBe(want.severity);
      expect(finding.file).toBe(want.file);
      expect(finding.line).toBe(want.line);
      expect(finding.description).toMatch(want.description);
    });
  });

  it('does not read a prose bullet that starts with a severity-like word as a finding', () => {
    const parsed = parseReview('## ISSUES FOUND\n- Low test coverage overall, but fine\n- (minor) typo in src/auth.ts:3\n- Low risk otherwise\n## OVERALL ASSESSMENT\nAPPROVE', FILES);
    expect(parsed.findings).toEqual([{ severity: 'SUGGESTION', file: 'src/auth.ts', line: 3, endLine: null, description: 'typo in src/auth.ts:3' }]);
  });

  it('reads a numbered item without a severity as a finding when it points at a line of a changed file', () => {
    const parsed = parseReview(
      '### Issues Found\n\n1. **[IMPORTANT]** `auth.ts` line 19 - token compared with ==\n2. The .env file with a live key was committed (.env line 1).\n3. Naming could be clearer overall.\n\n### Overall Assessment: APPROVE WITH CONCERNS',
      ['src/auth.ts', '.env'],
    );
    expect(parsed.findings).toEqual([
      { severity: 'IMPORTANT', file: 'src/auth.ts', line: 19, endLine: null, description: '`auth.ts` line 19 - token compared with ==' },
      { severity: 'IMPORTANT', file: '.env', line: 1, endLine: null, description: 'The .env file with a live key was committed (.env line 1).' },
    ]);
    expect(parsed.assessment).toBe('APPROVE_WITH_CONCERNS');
  });

  it('reads issues written under their own sub-headings, and not a closing section', () => {
    const parsed = parseReview(
      '## ISSUES FOUND\n\n### 1. SQL injection\n- **Severity:** CRITICAL\n- **Location:** src/db/query.ts:10\n- **Description:** string concatenation\n\n### Issue 2: Missing test (minor)\nNo test covers src/auth.ts:4.\n\n## OVERALL ASSESSMENT\nREQUEST_CHANGES\n\n## Summary\nmostly fine',
      FILES,
    );
    expect(parsed.findings).toEqual([
      { severity: 'CRITICAL', file: 'src/db/query.ts', line: 10, endLine: null, description: 'SQL injection - string concatenation' },
      { severity: 'SUGGESTION', file: 'src/auth.ts', line: 4, endLine: null, description: 'Issue 2: Missing test (minor) - No test covers src/auth.ts:4.' },
    ]);
    expect(parsed.assessment).toBe('REQUEST_CHANGES');
    const bold = parseReview('**ISSUES FOUND**\n- [CRITICAL] src/auth.ts:3 token leak\n\n## Summary\nfine otherwise\n\n**OVERALL ASSESSMENT:** REQUEST_CHANGES', FILES);
    expect(bold.findings.map((f) => f.description)).toEqual(['src/auth.ts:3 token leak']);
  });

  it('reads a markdown table of findings, and a bold severity leading a one-line item', () => {
    const table = parseReview(
      '## ISSUES FOUND\n| Severity | Location | Description |\n|---|:--|---|\n| **CRITICAL** | src/db/query.ts:10 | SQL injection |\n| Suggestion | `src/auth.ts` line 3 | rename |\n\n## OVERALL ASSESSMENT\nREQUEST_CHANGES',
      FILES,
    );
    expect(table.findings).toEqual([
      { severity: 'CRITICAL', file: 'src/db/query.ts', line: 10, endLine: null, description: 'SQL injection' },
      { severity: 'SUGGESTION', file: 'src/auth.ts', line: 3, endLine: null, description: 'rename' },
    ]);
    const bold = parseReview('## ISSUES FOUND\n- **CRITICAL** `src/auth.ts:10` — token leak\n\n## OVERALL ASSESSMENT\nREQUEST_CHANGES', FILES);
    expect(bold.findings).toEqual([{ severity: 'CRITICAL', file: 'src/auth.ts', line: 10, endLine: null, description: 'CRITICAL `src/auth.ts:10` — token leak' }]);
  });

  it('reports prose with no structure as unparsed, finding nothing', () => {
    const parsed = parseReview('Looks fine to me, nice work overall.', FILES);
    expect(parsed).toMatchObject({ parsed: false, findings: [], assessment: null });
  });

  it('says None under ISSUES FOUND is no issues', () => {
    expect(parseReview('## ISSUES FOUND\nNone\n## OVERALL ASSESSMENT\nAPPROVE').noIssues).toBe(true);
    expect(parseReview('## ISSUES FOUND\n- SEVERITY: CRITICAL\n- DESCRIPTION: x\n## OVERALL ASSESSMENT\nAPPROVE').noIssues).toBe(false);
  });
});

describe('parseAssessment', () => {
  it.each([
    ['APPROVE', 'APPROVE'],
    ['approved', 'APPROVE'],
    ['Approve with concerns', 'APPROVE_WITH_CONCERNS'],
    ['APPROVE-WITH-CONCERNS', 'APPROVE_WITH_CONCERNS'],
    ['Changes requested', 'REQUEST_CHANGES'],
    ['REQUEST_CHANGES: I cannot approve this as is', 'REQUEST_CHANGES'],
    ['APPROVE | REQUEST_CHANGES', null],
    ['no verdict here', null],
  ])('%s → %s', (text, expected) => {
    expect(parseAssessment(text)).toBe(expected);
  });
});

describe('findLocation', () => {
  it.each([
    ['src/auth.ts:42', { file: 'src/auth.ts', line: 42, endLine: null }],
    ['`src/auth.ts:42:7`', { file: 'src/auth.ts', line: 42, endLine: null }],
    ['src/auth.ts:10-20', { file: 'src/auth.ts', line: 10, endLine: 20 }],
    ['b/src/auth.ts:3', { file: 'src/auth.ts', line: 3, endLine: null }],
    ['./src/auth.ts (line 9)', { file: 'src/auth.ts', line: 9, endLine: null }],
    ['src/auth.ts#L5-L8', { file: 'src/auth.ts', line: 5, endLine: 8 }],
    ['query.ts:4', { file: 'src/db/query.ts', line: 4, endLine: null }],
    ['N/A', null],
    ['multiple files', null],
  ])('%s', (text, expected) => {
    expect(findLocation(text, FILES, { allowBarePath: true })).toEqual(expected);
  });

  it('keeps a bare path with no line when allowed', () => {
    expect(findLocation('src/auth.ts', FILES, { allowBarePath: true })).toEqual({ file: 'src/auth.ts', line: null, endLine: null });
  });

  it('ignores unknown paths in free prose when asked to', () => {
    expect(findLocation('see version 1.2:3 of the spec', FILES, { requireKnown: true })).toBeNull();
  });
});

describe('parseSeverity', () => {
  it.each([
    ['CRITICAL', 'CRITICAL'],
    ['**important**', 'IMPORTANT'],
    ['[Suggestion]', 'SUGGESTION'],
    ['major', 'IMPORTANT'],
    ['nit', 'SUGGESTION'],
    ['High', 'CRITICAL'],
    ['whatever', null],
  ])('%s → %s', (text, expected) => {
    expect(parseSeverity(text)).toBe(expected);
  });
});
