// Shared fixtures for the CLI tests: a repository with a change to review, scripted answers, and
// a runner for the built CLI against the fake provider server.

import { fileURLToPath } from 'node:url';
import { makeTempRepo, runCli, type CliResult, type RecordedRequest, type TempRepo } from '@adlc/testkit';

export const BIN = fileURLToPath(new URL('../bin/consensus-synthesis.js', import.meta.url));

export function reviewText(opts: { severity?: string; file?: string; line?: number; description?: string; assessment?: string } = {}): string {
  if (opts.severity === undefined) return `## ISSUES FOUND\nNone\n\n## OVERALL ASSESSMENT\n${opts.assessment ?? 'APPROVE'}\n`;
  return `## ISSUES FOUND
- SEVERITY: ${opts.severity}
- LOCATION: ${opts.file ?? 'src/app.js'}:${opts.line ?? 2}
- DESCRIPTION: ${opts.description ?? 'Division by zero when count is 0.'}

## OVERALL ASSESSMENT
${opts.assessment ?? 'REQUEST_CHANGES'}
`;
}

export const SYNTHESIS_HIGH = `## High Priority - Multiple Reviewers Agree
- [CRITICAL] Division by zero when count is 0 (src/app.js:2)
  - Reviewer A: "Division by zero"
  - Reviewer B: "count can be 0"

## Medium Priority - Single Reviewer, Significant
None

## Consider - Suggestions
None

FINAL RECOMMENDATION: Address high priority issues before merging`;

export const SYNTHESIS_APPROVE = `## High Priority - Multiple Reviewers Agree
None

## Medium Priority - Single Reviewer, Significant
None

## Consider - Suggestions
None

FINAL RECOMMENDATION: All reviewers approve - safe to merge`;

export function isChairman(request: RecordedRequest): boolean {
  return request.prompt.startsWith('You are compiling');
}

/** A repository whose second commit changes src/app.js; returns the repo and the base sha. */
export function repoWithChange(extra: Record<string, string> = {}): { repo: TempRepo; base: string; head: string } {
  const repo = makeTempRepo({ files: { 'src/app.js': 'export function mean(xs) {\n  return 0;\n}\n' } });
  const base = repo.git('rev-parse', 'HEAD').trim();
  const head = repo.commit('compute the mean', {
    'src/app.js': 'export function mean(xs) {\n  return xs.reduce((a, b) => a + b, 0) / xs.length;\n}\n',
    ...extra,
  });
  return { repo, base, head };
}

export async function cli(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<CliResult> {
  return runCli(BIN, args, { cwd, env: { ADLC_RETRY_BASE_MS: '1', ...env } });
}
