// `init <agent>` and `doctor --agent <agent>` for the CLI: the installer and the self-test, their text
// for people, and the one note that matters for every agent (the refusals tell the agent to run
// `tdd-kernel run` and `tdd-kernel claim` through its shell, by path when the shell cannot find `tdd-kernel`).

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { gateFail, pass, type Outcome } from '@adlc/core';
import { PROFILES } from './profiles.js';
import { cliCommand } from '../project/cli-command.js';
import { CONFIG_DIR } from '../project/config.js';
import type { AgentName } from './types.js';
import { doctorAgent, type AgentDoctorResult } from './doctor/doctor-agent.js';
import { defaultHookCommand } from './init/init-claude-code.js';
import { INSTALL } from './init/install-specs.js';
import { codexTrustIssues, codexTrustProblem, codexTrustProblemInBlock, type CodexTrustIssue } from './init/codex-hooks.js';
import { shellQuote } from '../runners/shell.js';
import { absoluteHookCommand, initAgent, type AgentInitResult } from './init/install.js';

export interface AgentCommandOptions {
  root: string;
  json?: boolean;
  hookCommand?: string;
  dryRun?: boolean;
  env: NodeJS.ProcessEnv;
  /** This CLI's bin, for a hook command by absolute path. */
  cliPath: string;
}

export function runInit(agent: AgentName, opts: AgentCommandOptions): Outcome {
  const command = opts.hookCommand ?? (agent === 'claude-code' ? defaultHookCommand(opts.root, opts.cliPath) : absoluteHookCommand(agent, opts.cliPath));
  const result = initAgent(agent, opts.root, { command, dryRun: opts.dryRun === true, env: opts.env });
  // .tdd-kernel/ marks the project's root (findRoot), also where there is no repository yet.
  if (!opts.dryRun) mkdirSync(path.join(opts.root, CONFIG_DIR), { recursive: true });
  if (!onAgentPath(opts.root, opts.env)) {
    process.stderr.write(`tdd-kernel: note: \`tdd-kernel\` is not on PATH nor in node_modules/.bin, so the refusals tell the agent to run \`${cliCommand(opts.root, opts.env, opts.cliPath)} run ...\` and \`... claim ...\` instead; to shorten them, link it: ln -s ${opts.cliPath} ~/.local/bin/tdd-kernel\n`);
  }
  return pass(result, opts.json ? { json: result } : { text: renderInit(result) });
}

/** Whether the agent's shell finds `tdd-kernel` (the refusals name it): on PATH or in the project's node_modules/.bin. */
function onAgentPath(root: string, env: NodeJS.ProcessEnv): boolean {
  const dirs = [path.join(root, 'node_modules', '.bin'), ...(env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  return dirs.some((dir) => existsSync(path.join(dir, 'tdd-kernel')));
}

export function renderInit(r: AgentInitResult): string {
  const events = INSTALL[r.agent].entries.map((e) => e.event);
  const lines = r.dry_run
    ? [...r.files.map((f) => `would ${f.created ? 'create' : 'update'} ${f.path}${f.executable ? ' (executable)' : ''}:\n${f.content.trimEnd()}`), 'nothing was written (--dry-run)']
    : [`${r.created ? 'created' : 'updated'} ${r.files.map((f) => f.path).join(', ')}: ${listed(events)} run \`${r.command}\``];
  for (const note of r.notes) lines.push(`note: ${note}`);
  for (const lack of PROFILES[r.agent].lacks) lines.push(`${r.agent} cannot enforce: ${lack}`);
  return lines.join('\n');
}

/**
 * Codex runs a project's hooks only once the project and each hook are trusted in its config.toml: what to
 * append there, as one block (a hook trusted before with another hash is left to its problem: its
 * trusted_hash is replaced, not appended, or the file would hold the table twice).
 */
export function codexTrustFix(issues: readonly CodexTrustIssue[], configToml: string): string | null {
  const toml = issues.filter((i) => i.appended).map((i) => i.toml).join('').trim();
  if (toml === '') return null;
  return [
    `Codex runs a project's hooks only once the project and each hook are trusted (approve them in Codex's hook review, or append these lines to ${configToml}):`,
    // Codex's home may not exist yet, and the file may not end with a newline: the blank line keeps the
    // first appended table off its last line.
    `mkdir -p ${shellQuote(path.dirname(configToml))} && cat >> ${shellQuote(configToml)} <<'EOF'`,
    '',
    toml,
    'EOF',
  ].join('\n');
}

/** The trust issues of a doctor result (read back from its JSON form). */
function trustIssues(r: AgentDoctorResult): CodexTrustIssue[] {
  if (!r.codex_trust) return [];
  const { config_toml, project_trusted, hooks } = r.codex_trust;
  const status = { configToml: config_toml, projectTrusted: project_trusted, hooks: hooks.map((h) => ({ key: h.key, event: h.event, currentHash: h.current_hash, trustedHash: h.trusted_hash })) };
  return codexTrustIssues(status, r.root);
}

function listed(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function runDoctorAgent(agent: AgentName, opts: AgentCommandOptions): Outcome {
  const result = doctorAgent(agent, opts.root, opts.env);
  const output = opts.json ? { json: result } : { text: renderDoctorAgent(result) };
  return (result.problems.length === 0 ? pass : gateFail)(result, output);
}

export function renderDoctorAgent(r: AgentDoctorResult): string {
  const where = r.plugin ? `the ${r.plugin.id} plugin, ${r.plugin.version}, ${r.plugin.scope} scope, ${r.config}` : r.config;
  const lines = [
    r.problems.length === 0
      ? `${r.agent}: the installed hook refuses a forbidden edit in ${r.agent}'s contract (${where}: \`${r.command}\`)`
      : `${r.agent}: the gate is NOT in place (${where}${r.command ? `: \`${r.command}\`` : ''})`,
  ];
  const issues = r.problems.length > 0 ? trustIssues(r) : [];
  const fix = r.codex_trust ? codexTrustFix(issues, r.codex_trust.config_toml) : null;
  if (fix) lines.push(fix);
  // The block holds the lines that fix these problems: they say so rather than print them again.
  const inBlock = new Map(fix ? issues.filter((i) => i.appended).map((i) => [codexTrustProblem(i), codexTrustProblemInBlock(i)]) : []);
  for (const p of r.problems) lines.push(`problem: ${inBlock.get(p) ?? p}`);
  for (const w of r.warnings ?? []) lines.push(`warning: ${w}`);
  for (const lack of r.lacks) lines.push(`cannot enforce: ${lack}`);
  for (const u of r.unconfirmed) lines.push(`unconfirmed: ${u}`);
  lines.push(`contract: ${r.source}`);
  return lines.join('\n');
}
