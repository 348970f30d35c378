import { describe, expect, it } from 'vitest';
import { renderText } from '../src/report/render-text.js';
import { renderReport } from '../src/report/report-file.js';
import type { ConsensusOutput } from '../src/report/output-schema.js';

const doc: ConsensusOutput = {
  mode: 'code-review',
  reviewers: [],
  answered: 2,
  total: 2,
  consensus: { high: [], medium: [], consider: [], recommendation: 'approve', recommendationText: null },
  chairman: { name: 'Claude', provider: 'anthropic', model: 'm', durationMs: 1, failed: [] },
  synthesis: '## High Priority\nNone\u001b[2J\rFAKE: all clear\nFINAL RECOMMENDATION: All reviewers approve - safe to merge',
  gate: { failOn: 'high', failed: false, reason: 'no issues (--fail-on high)' },
  reportPath: '/tmp/r.md',
  sarifPath: null,
  redactions: { count: 0, kinds: {} },
  truncated: false,
  warnings: ['Codex did not answer: HTTP 500: \u001b[31mboom'],
  usage: { inputTokens: 0, outputTokens: 0 },
};

describe('what people read cannot drive their terminal', () => {
  it('stdout: the synthesis and the warnings keep every line, with control characters made visible', () => {
    const text = renderText(doc);
    expect(text).not.toMatch(/[\u001b\r]/);
    expect(text).toContain('None\u241b[2J\u240dFAKE: all clear\nFINAL RECOMMENDATION: All reviewers approve - safe to merge');
    expect(text).toContain('HTTP 500: \u241b[31mboom');
  });

  it('the report file', () => {
    const report = renderReport({
      mode: 'code-review',
      date: new Date(0),
      target: 'x',
      stage1Prompt: 'p',
      reviewers: [],
      chairman: doc.chairman,
      chairFailures: [],
      synthesis: doc.synthesis,
      gate: doc.gate,
      warnings: doc.warnings,
      redactions: doc.redactions,
      truncated: false,
      error: null,
    });
    expect(report).not.toMatch(/[\u001b\r]/);
    expect(report).toContain('\u241b[2J\u240dFAKE: all clear');
  });
});
