// SARIF 2.1.0 for code-scanning upload: one result per stage-1 finding that has a file and a
// line; CRITICAL → error, IMPORTANT → warning, SUGGESTION → note; URIs relative to the repo root.

import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { ReviewerResult, Severity } from './output-schema.js';

const LEVEL: Record<Severity, Result.level> = { CRITICAL: 'error', IMPORTANT: 'warning', SUGGESTION: 'note' };

function uriFor(file: string): string {
  return file
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

export function toSarif(reviewers: readonly ReviewerResult[], version: string): Log {
  const rules: ReportingDescriptor[] = (['CRITICAL', 'IMPORTANT', 'SUGGESTION'] as const).map((severity) => ({
    id: `consensus-synthesis/${severity.toLowerCase()}`,
    name: `Reviewer${severity[0]}${severity.slice(1).toLowerCase()}Finding`,
    shortDescription: { text: `A ${severity} issue raised by an LLM reviewer` },
    defaultConfiguration: { level: LEVEL[severity] },
  }));
  const results = reviewers.flatMap((reviewer): Result[] =>
    reviewer.findings
      .filter((f) => f.file !== null && f.line !== null)
      .map((f) => ({
        ruleId: `consensus-synthesis/${f.severity.toLowerCase()}`,
        ruleIndex: ['CRITICAL', 'IMPORTANT', 'SUGGESTION'].indexOf(f.severity),
        level: LEVEL[f.severity],
        message: { text: f.description },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: uriFor(f.file!), uriBaseId: '%SRCROOT%' },
              region: { startLine: f.line!, ...(f.endLine !== null ? { endLine: f.endLine } : {}) },
            },
          },
        ],
        properties: { reviewer: reviewer.letter, reviewerName: reviewer.name, provider: reviewer.provider, model: reviewer.model, severity: f.severity },
      })),
  );
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'consensus-synthesis', version, rules } },
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The repository root' } } },
        results,
      },
    ],
  };
}
