// The ranking for people: one line per file with its score and evidence (stderr in a full run, stdout
// under --localize-only without --json). Pure.

import type { CoverageStatus, Evidence, Localization } from './schema.js';

export function renderLocalization(localization: Localization): string {
  const { files, tookMs } = localization;
  const head = `localization (${tookMs} ms beyond the test runs): the fix may change ${files.length} file${files.length === 1 ? '' : 's'}`;
  const width = Math.max(0, ...files.map((f) => f.file.length));
  const rows = files.map((f, i) => `  ${i + 1}. ${f.file.padEnd(width)}  ${f.score.toFixed(3)}  ${describeEvidence(f.evidence)}`);
  const gaps = describeCoverage(localization.coverage);
  return [head, ...rows, ...(gaps ? [gaps] : [])].join('\n');
}

const REASONS: Record<CoverageStatus['missing'][number]['reason'], string> = {
  killed: 'killed before it wrote its coverage',
  redirected: 'its runner sent its coverage elsewhere, or turned it off',
  unwritten: 'ended without writing its coverage',
};

/** A line saying what coverage the ranking lacks, or null when it is whole (or none was attempted). */
export function describeCoverage(coverage: CoverageStatus | undefined): string | null {
  if (!coverage || coverage.complete) return null;
  if (coverage.none) return '  coverage: the failing run left none; the ranking rests on frames, the test\'s calls, imports and identifiers';
  const missing = coverage.missing.map((m) => `${m.run} run: ${m.script || 'a node -e process'} (${REASONS[m.reason]})`);
  const again = coverage.retried > 0 ? ` after running again ${coverage.retried} time${coverage.retried === 1 ? '' : 's'}` : '';
  return `  coverage incomplete${again}: ${missing.join('; ')}`;
}

export function describeEvidence(evidence: Evidence): string {
  const parts: string[] = [];
  if (evidence.frames?.length) {
    parts.push(`frames ${evidence.frames.map((f) => `line ${f.line} (depth ${f.depth})`).join(', ')}`);
  }
  if (evidence.prototypeWrites?.length) {
    const writes = evidence.prototypeWrites.map((w) => `${JSON.stringify(w.key)} at line ${w.line} (depth ${w.depth})`);
    parts.push(`wrote onto Object.prototype: ${writes.join(', ')}`);
  }
  if (evidence.coveredLines !== undefined) {
    const top = evidence.functions?.[0];
    const where = top ? `, most in ${top.name || 'an anonymous function'} (line ${top.line})` : '';
    parts.push(`ochiai ${evidence.ochiai ?? 0} over ${evidence.coveredLines} executed function line${evidence.coveredLines === 1 ? '' : 's'}${where}`);
    if (evidence.exclusiveLines !== undefined) parts.push(`${evidence.exclusiveLines} line${evidence.exclusiveLines === 1 ? '' : 's'} no passing test ran`);
  }
  if (evidence.graphDistance !== undefined) parts.push(`${evidence.graphDistance} import hop${evidence.graphDistance === 1 ? '' : 's'} from the test`);
  if (evidence.identifiers?.length) parts.push(`identifiers ${evidence.identifiers.join(', ')}`);
  if (evidence.defines?.length) parts.push(`defines ${evidence.defines.join(', ')}`);
  if (evidence.testCalls?.length) {
    const calls = evidence.testCalls.map((c) => {
      const how = [
        c.hops > 0 ? `via ${c.hops} helper${c.hops === 1 ? '' : 's'}` : '',
        c.setup ? 'set-up' : '',
        c.ochiai !== undefined ? `passing tests ran it too, ochiai ${c.ochiai}` : '',
      ].filter(Boolean);
      return how.length > 0 ? `${c.name} (${how.join(', ')})` : c.name;
    });
    parts.push(`the test calls ${calls.join(', ')}`);
  }
  if (evidence.program) {
    const ochiai = evidence.program.ochiai;
    parts.push(`the test runs it as a program${ochiai !== undefined ? ` (passing tests ran it too, ochiai ${ochiai})` : ''}`);
  }
  return parts.join('; ');
}
