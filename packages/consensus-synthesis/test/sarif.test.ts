import { describe, expect, it } from 'vitest';
import { FINGERPRINT_KEY, MAX_SARIF_RESULTS, toSarif, type ConsensusItem, type ReviewerResult, type SarifInput } from '../src/index.js';
import { multitoolErrorsOf, schemaErrors } from './sarif-validators.js';

const reviewer = (name: string, letter: string, model: string): ReviewerResult => ({
  name,
  provider: name.toLowerCase(),
  model,
  status: 'ok',
  durationMs: 1,
  assessment: 'REQUEST_CHANGES',
  letter,
  parsed: true,
  text: '...',
  error: null,
  usage: { inputTokens: 1, outputTokens: 1 },
  // A finding the consensus did not keep: it must not become a result.
  findings: [{ severity: 'CRITICAL', file: 'src/other.ts', line: 7, endLine: null, description: 'dropped by the chairman', reviewer: name }],
});
const REVIEWERS = [reviewer('Claude', 'B', 'claude-x'), reviewer('Codex', 'A', 'gpt-y')];

const item = (over: Partial<ConsensusItem>): ConsensusItem => ({ severity: 'IMPORTANT', description: 'an issue', reviewers: ['Claude'], file: 'src/a.ts', line: 2, ...over });

/** src/a.ts with `blank` empty lines inserted above its code. */
const fileWith = (blank: number) => [...Array(blank).fill(''), 'export function mean(xs) {', '  return total / xs.length;', '}'];
const lineText = (files: Record<string, string[]>) => (file: string, line: number) => files[file]?.[line - 1] ?? null;

const CONSENSUS: SarifInput['consensus'] = {
  high: [item({ severity: 'CRITICAL', description: 'Division by zero (src/a.ts:2)', reviewers: ['Claude', 'Codex'], line: 2 })],
  medium: [item({ description: 'no place given', file: null, line: null }), item({ severity: null, description: 'Unclear name (src/my file.ts:1)', file: 'src/my file.ts', line: 1 })],
  consider: [item({ severity: 'SUGGESTION', description: 'Name it average', line: 1 })],
};

const results = (input: Partial<SarifInput> = {}) =>
  toSarif({ consensus: CONSENSUS, reviewers: REVIEWERS, version: '0.1.0', lineText: lineText({ 'src/a.ts': fileWith(0), 'src/my file.ts': ['let x'] }), ...input }).runs[0]!;

describe('toSarif', () => {
  it('has one result per consensus item with a file and a line: tier sets the level, properties name tier, severity, reviewers, wording', () => {
    const run = results();
    expect(run.results!.map((r) => [r.level, r.ruleId, r.locations![0]!.physicalLocation!.artifactLocation!.uri, r.locations![0]!.physicalLocation!.region!.startLine])).toEqual([
      ['error', 'consensus-synthesis/critical', 'src/a.ts', 2],
      ['warning', 'consensus-synthesis/issue', 'src/my%20file.ts', 1],
      ['note', 'consensus-synthesis/suggestion', 'src/a.ts', 1],
    ]);
    expect(run.results![0]!.properties).toEqual({
      tier: 'high',
      severity: 'CRITICAL',
      reviewers: [
        { letter: 'B', name: 'Claude', model: 'claude-x' },
        { letter: 'A', name: 'Codex', model: 'gpt-y' },
      ],
      chairmanWording: 'Division by zero (src/a.ts:2)',
    });
    expect(run.results![0]!.message.text).toBe('Division by zero (src/a.ts:2)');
    // The reviewers' own findings are not results: nothing points at src/other.ts.
    expect(JSON.stringify(run.results)).not.toContain('src/other.ts');
    expect(run.properties).toEqual({ resultsOmitted: 0 });
    // ruleIndex points at the rule of the ruleId.
    for (const r of run.results!) expect(run.tool.driver.rules![r.ruleIndex!]!.id).toBe(r.ruleId);
  });

  it('keeps the fingerprint when the code moves down, and changes it when the flagged line changes', () => {
    const fp = (lines: string[], line: number, text?: string) =>
      toSarif({
        consensus: { high: [item({ severity: 'CRITICAL', line, ...(text ? { description: text } : {}) })], medium: [], consider: [] },
        reviewers: REVIEWERS,
        version: '0.1.0',
        lineText: lineText({ 'src/a.ts': lines }),
      }).runs[0]!.results![0]!;
    const first = fp(fileWith(0), 2);
    const rerun = fp(fileWith(0), 2, 'the chairman worded it differently this time');
    const moved = fp(fileWith(3), 5);
    const edited = fp(['export function mean(xs) {', '  return xs.length ? total / xs.length : 0;'], 2);
    expect(first.partialFingerprints![FINGERPRINT_KEY]).toMatch(/^[0-9a-f]{32}:1$/);
    expect(rerun.partialFingerprints).toEqual(first.partialFingerprints);
    expect(moved.partialFingerprints).toEqual(first.partialFingerprints);
    expect(moved.ruleId).toBe(first.ruleId);
    expect(moved.locations![0]!.physicalLocation!.region!.startLine).toBe(5);
    expect(edited.partialFingerprints).not.toEqual(first.partialFingerprints);
  });

  it('tells apart two items of the same rule on identical lines by their order', () => {
    const twins = toSarif({
      consensus: { high: [], medium: [item({ line: 1 }), item({ line: 3 })], consider: [] },
      reviewers: REVIEWERS,
      version: '0.1.0',
      lineText: lineText({ 'src/a.ts': ['}', '', '}'] }),
    }).runs[0]!.results!;
    const [a, b] = twins.map((r) => r.partialFingerprints![FINGERPRINT_KEY]!);
    expect(a!.split(':')[0]).toBe(b!.split(':')[0]);
    expect([a!.split(':')[1], b!.split(':')[1]]).toEqual(['1', '2']);
  });

  it(`keeps at most ${MAX_SARIF_RESULTS} results and counts the rest in the run's properties`, () => {
    const many = Array.from({ length: MAX_SARIF_RESULTS + 3 }, (_, i) => item({ line: i + 1 }));
    const run = toSarif({ consensus: { high: [], medium: many, consider: [] }, reviewers: REVIEWERS, version: '0.1.0', lineText: () => 'x' }).runs[0]!;
    expect(run.results).toHaveLength(MAX_SARIF_RESULTS);
    expect(run.properties).toEqual({ resultsOmitted: 3 });
    expect(results({ maxResults: 1 }).properties).toEqual({ resultsOmitted: 2 });
  });

  it('is valid SARIF 2.1.0 for the schema and for the SARIF Multitool, which both refuse a broken log', () => {
    const log = toSarif({ consensus: CONSENSUS, reviewers: REVIEWERS, version: '0.1.0', lineText: () => null });
    expect(schemaErrors(log)).toEqual([]);
    expect(multitoolErrorsOf(log)).toEqual([]);
    const { message: _dropped, ...withoutMessage } = log.runs[0]!.results![0]!;
    const broken = { ...log, runs: [{ ...log.runs[0], results: [withoutMessage] }] };
    expect(schemaErrors(broken).length).toBeGreaterThan(0);
    expect(multitoolErrorsOf(broken).length).toBeGreaterThan(0);
  });
});
