import { describe, expect, it } from 'vitest';
import { parseFindings } from '../src/review/parse-findings.js';

const sarif = JSON.stringify({
  version: '2.1.0',
  runs: [
    {
      tool: { driver: { name: 'x' } },
      results: [
        {
          ruleId: 'off-by-one',
          level: 'error',
          message: { text: 'loop reads past the end' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'src/a.ts' }, region: { startLine: 12 } } }],
          properties: { repro: 'npm test', reviewer: 'B' },
        },
        {
          message: { text: 'absolute uri' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'file:///repo/src/b%20c.py' }, region: { startLine: 3 } } }],
        },
      ],
    },
  ],
});

const synthesis = JSON.stringify({
  verdict: 'issues',
  reviewers: [
    { reviewer: 'A', findings: [{ severity: 'CRITICAL', file: 'src/a.ts', line: 40, description: 'inverted check', reviewer: 'A' }] },
    { reviewer: 'B', findings: [{ severity: 'SUGGESTION', file: 'src/b.ts', line: 2, description: 'naming', reviewer: 'B' }] },
  ],
});

describe('parseFindings', () => {
  const cases: Array<[string, string, string, Array<Partial<Record<string, unknown>>>]> = [
    ['{findings} with description', '{"findings":[{"file":"src/a.ts","line":42,"description":"d","severity":"high","repro":"npm test"}]}', 'findings', [{ file: 'src/a.ts', line: 42, description: 'd', severity: 'high', repro: 'npm test' }]],
    ['{findings} with message and string line', '{"findings":[{"path":"a.py","line":"7-9","message":"m"}]}', 'findings', [{ file: 'a.py', line: 7, description: 'm' }]],
    ['bare array', '[{"file":"x.go","line":3,"message":"nil deref"}]', 'array', [{ file: 'x.go', line: 3, description: 'nil deref' }]],
    ['JSON after log noise', 'starting review [1/3]\nloaded\n{"findings":[{"file":"a.ts","line":1,"description":"x"}]}\ndone', 'findings', [{ file: 'a.ts', line: 1 }]],
    ['fenced JSON', 'Here:\n```json\n{"findings": [{"file": "a.ts", "line": 5, "description": "y"}]}\n```', 'findings', [{ file: 'a.ts', line: 5, description: 'y' }]],
    ['SARIF 2.1', sarif, 'sarif', [{ file: 'src/a.ts', line: 12, description: 'off-by-one: loop reads past the end', severity: 'error', repro: 'npm test', reviewer: 'B' }, { file: '/repo/src/b c.py', line: 3 }]],
    ['consensus-synthesis --json', synthesis, 'consensus-synthesis', [{ file: 'src/a.ts', line: 40, severity: 'CRITICAL', reviewer: 'A' }, { file: 'src/b.ts', line: 2, reviewer: 'B' }]],
    ['rdjson', '{"diagnostics":[{"message":"m","location":{"path":"a.rs","range":{"start":{"line":9}}}}]}', 'rdjson', [{ file: 'a.rs', line: 9, description: 'm' }]],
    ['empty findings stays empty', '{"findings": []}', 'findings', []],
    ['prose colon form', 'src/util/math.ts:42: off by one in the loop bound\nLGTM otherwise', 'prose', [{ file: 'src/util/math.ts', line: 42, description: 'off by one in the loop bound' }]],
    ['prose with column and bullet', '- `lib/a.py:7:3` - None is not handled', 'prose', [{ file: 'lib/a.py', line: 7, description: 'None is not handled' }]],
    ['prose line-word form', 'In src/a.go line 18 the error is dropped', 'prose', [{ file: 'src/a.go', line: 18, description: 'the error is dropped' }]],
    ['prose #L form', 'see src/a.ts#L9 wrong operator', 'prose', [{ file: 'src/a.ts', line: 9, description: 'wrong operator' }]],
    ['LGTM has no findings', 'LGTM\n', 'prose', []],
    ['a JSON value of another shape falls back to prose', '{"ok": true}\nsrc/a.ts:3: bug', 'prose', [{ file: 'src/a.ts', line: 3 }]],
    ['duplicates are merged', '[{"file":"a.ts","line":1,"message":"x"},{"file":"a.ts","line":1,"message":"x"}]', 'array', [{ file: 'a.ts', line: 1 }]],
    ['missing location stays unanchored', '{"findings":[{"description":"general remark"}]}', 'findings', [{ file: null, line: null, description: 'general remark' }]],
  ];
  it.each(cases)('%s', (_name, output, format, expected) => {
    const parsed = parseFindings(output);
    expect(parsed.format).toBe(format);
    expect(parsed.findings).toHaveLength(expected.length);
    expected.forEach((want, i) => {
      expect(parsed.findings[i]).toMatchObject({ index: i, ...want });
    });
  });
});
