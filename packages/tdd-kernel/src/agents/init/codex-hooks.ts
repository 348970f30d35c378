// Codex skips a project's hooks without a word unless the project and each hook are trusted in
// CODEX_HOME/config.toml (default ~/.codex). `init codex` says what to add; `doctor --agent codex` checks it.

import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codexHookHash, codexHookKey, hookTrustToml, projectTrustToml, readCodexTrust } from './codex-trust.js';
import { isKernelCommand } from './install-specs.js';

export interface CodexHookState {
  key: string;
  event: string;
  currentHash: string;
  /** The hash config.toml trusts for this key, if any. */
  trustedHash: string | null;
}

export interface CodexTrustStatus {
  configToml: string;
  projectTrusted: boolean;
  hooks: CodexHookState[];
}

export function codexHome(env: NodeJS.ProcessEnv): string {
  return env.CODEX_HOME || path.join(env.HOME || os.homedir(), '.codex');
}

/**
 * The kernel's hooks in the project's .codex/hooks.json (or in `content`, the file as init is about to
 * write it), each with its key and hash as Codex computes them.
 */
export function installedCodexHooks(root: string, content?: string): Array<Omit<CodexHookState, 'trustedHash'>> {
  const file = path.join(root, '.codex', 'hooks.json');
  let hooks: Record<string, unknown> = {};
  try {
    hooks = ((JSON.parse(content ?? fs.readFileSync(file, 'utf8')) as { hooks?: Record<string, unknown> }).hooks ?? {}) as Record<string, unknown>;
  } catch {
    return [];
  }
  const out: Array<Omit<CodexHookState, 'trustedHash'>> = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group: { matcher?: string; hooks?: Array<{ command?: string; timeout?: number }> }, g) => {
      (group.hooks ?? []).forEach((h, i) => {
        if (!isKernelCommand(h.command, 'codex')) return;
        const currentHash = codexHookHash({ event, ...(group.matcher !== undefined ? { matcher: group.matcher } : {}), command: h.command!, ...(typeof h.timeout === 'number' ? { timeoutSec: h.timeout } : {}) });
        out.push({ key: codexHookKey(file, event, g, i), event, currentHash });
      });
    });
  }
  return out;
}

export function codexTrustStatus(root: string, env: NodeJS.ProcessEnv, content?: string): CodexTrustStatus {
  const configToml = path.join(codexHome(env), 'config.toml');
  let text = '';
  try {
    text = fs.readFileSync(configToml, 'utf8');
  } catch {
    // no config: nothing is trusted
  }
  const trust = readCodexTrust(text, root);
  const hooks = installedCodexHooks(root, content).map((h) => ({ ...h, trustedHash: trust.trustedHashes[h.key] ?? null }));
  return { configToml, projectTrusted: trust.projectTrusted, hooks };
}

/** One thing Codex's trust lacks, and the config.toml lines that fix it. */
export interface CodexTrustIssue {
  what: string;
  toml: string;
  /** A hook, which Codex's hook review can also trust. */
  reviewable: boolean;
  /** Appended as they are; not for a hook trusted before with another hash, whose trusted_hash is replaced. */
  appended: boolean;
}

export function codexTrustIssues(status: CodexTrustStatus, root: string): CodexTrustIssue[] {
  const issues: CodexTrustIssue[] = [];
  if (!status.projectTrusted) issues.push({ what: `the project is not trusted in ${status.configToml} (Codex loads no project hooks then)`, toml: projectTrustToml(root), reviewable: false, appended: true });
  for (const h of status.hooks.filter((hook) => hook.trustedHash !== hook.currentHash)) {
    const what = `the ${h.event} hook is ${h.trustedHash === null ? 'not trusted' : 'changed since it was trusted'} in ${status.configToml} (Codex skips it without a word)`;
    issues.push({ what, toml: hookTrustToml([h]), reviewable: true, appended: h.trustedHash === null });
  }
  return issues;
}

/** The issue with its lines, for a report that has no block of them. */
export function codexTrustProblem(issue: CodexTrustIssue): string {
  // A hook trusted before with another hash has its table already: a second one would make the file invalid.
  if (!issue.appended) return `${issue.what}; trust it again in Codex's hook review, or set the trusted_hash of its table there to the new value:${issue.toml}`;
  return `${issue.what}; add${issue.reviewable ? " (or trust it in Codex's hook review)" : ''}:${issue.toml}`;
}

/** The issue for a report that prints its lines in one block (`codexTrustFix`) before the problems. */
export function codexTrustProblemInBlock(issue: CodexTrustIssue): string {
  return `${issue.what}: ${issue.reviewable ? "trust it in Codex's hook review, or add" : 'add'} its lines from the block above`;
}

/** What the user must add to config.toml (empty when all is trusted), as lines for people. */
export function codexTrustProblems(status: CodexTrustStatus, root: string): string[] {
  return codexTrustIssues(status, root).map(codexTrustProblem);
}

/** After `init codex`: what to trust, or that it is trusted already. */
export function codexTrustNotes(root: string, env: NodeJS.ProcessEnv, content: string): string[] {
  const problems = codexTrustProblems(codexTrustStatus(root, env, content), root);
  if (problems.length === 0) return ['Codex trusts the project and these hooks already'];
  return ['Codex runs these hooks only once the project and each hook are trusted:', ...problems];
}
