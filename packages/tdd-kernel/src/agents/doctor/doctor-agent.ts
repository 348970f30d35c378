// `tdd-kernel doctor --agent <agent>`: reads the installed hook settings, runs the configured pre-edit
// command the way the agent runs it (its shell, the project as cwd, the payload on stdin) with an edit the
// kernel always refuses, and checks that the answer refuses in that agent's contract. For Codex it also
// checks the trust Codex needs before it runs a project's hooks at all. For Claude Code the hook is looked for
// in every settings file Claude Code reads (local, project, user), and else in the tdd-kernel plugin, whose
// installed hook is probed the same way.
// A self-test after an upgrade.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROFILES } from '../profiles.js';
import type { AgentName } from '../types.js';
import { codexTrustProblems, codexTrustStatus } from '../init/codex-hooks.js';
import { configFile, INSTALL, isKernelCommand, type HookEntrySpec, type InstallSpec } from '../init/install-specs.js';
import { probePayload, refusalProblem, PROBE_FILE, type ProbeAnswer } from './probe.js';
import type { DoctorAgentOutput } from '../../schemas/outputs.js';
import { folderTrustWarnings } from './folder-trust.js';
import { findClaudePlugin, type ClaudePlugin } from './claude-plugin.js';
import { claudeSettingsFiles, hooksDisabledBy } from './claude-settings.js';
import { readJson } from './read-json.js';
import { findProjectRoot } from '../../project/paths.js';

export type AgentDoctorResult = DoctorAgentOutput;

export function doctorAgent(agent: AgentName, root: string, env: NodeJS.ProcessEnv): AgentDoctorResult {
  if (agent === 'claude-code') return doctorClaudeCode(root, env);
  const spec = INSTALL[agent];
  const gate = spec.entries.find((e) => e.gate)!;
  const config = configFile(spec);
  const base = { agent, root, config, probe_file: PROBE_FILE, ...PROFILES[agent] };
  const command = installedCommand(agent, spec, root, gate);
  if (command === null) return { ...base, command, answer: null, refused: false, problems: [`no tdd-kernel ${gate.event} hook in ${config}: run \`tdd-kernel init ${agent}\``] };
  const checked = probed(agent, spec, root, command, gate, env, base);
  if (agent === 'gemini' || agent === 'qwen') {
    const warnings = folderTrustWarnings(agent, root, env);
    return warnings.length > 0 ? { ...checked, warnings } : checked;
  }
  if (agent !== 'codex') return checked;
  const trust = codexTrustStatus(root, env);
  const hooks = trust.hooks.map((h) => ({ key: h.key, event: h.event, current_hash: h.currentHash, trusted_hash: h.trustedHash }));
  return { ...checked, problems: [...checked.problems, ...codexTrustProblems(trust, root)], codex_trust: { config_toml: trust.configToml, project_trusted: trust.projectTrusted, hooks } };
}

/**
 * Claude Code runs the hooks of each settings file it reads: the gate is found in the first of them that
 * has it (named in `config`), else in the tdd-kernel plugin; `disableAllHooks` switches all of it off.
 */
function doctorClaudeCode(root: string, env: NodeJS.ProcessEnv): AgentDoctorResult {
  const spec = INSTALL['claude-code'];
  const gate = spec.entries.find((e) => e.gate)!;
  const files = claudeSettingsFiles(root, env);
  const found = files.flatMap(({ file, label }) => {
    const command = hookCommandIn(file, 'claude-code', spec, gate);
    return command === null ? [] : [{ label, command }];
  });
  const base = { agent: 'claude-code' as const, root, config: found[0]?.label ?? configFile(spec), probe_file: PROBE_FILE, ...PROFILES['claude-code'] };
  const plugin = findClaudePlugin(root, env);
  const result = claudeCodeHook(found, plugin, files.map((f) => f.label), spec, root, gate, env, base);
  const disabledBy = hooksDisabledBy(files);
  if (disabledBy === null) return result;
  return { ...result, problems: [...result.problems, `\`disableAllHooks\` is true in ${disabledBy}, so Claude Code runs no hook: remove it there`] };
}

function claudeCodeHook(found: Array<{ label: string; command: string }>, plugin: ClaudePlugin | null, searched: string[], spec: InstallSpec, root: string, gate: HookEntrySpec, env: NodeJS.ProcessEnv, base: Base): AgentDoctorResult {
  const first = found[0];
  if (first === undefined && plugin?.enabled) return doctorPlugin(plugin, spec, root, gate, env, base);
  if (first === undefined) {
    const fix = plugin ? pluginOff(plugin) : 'run `tdd-kernel init claude-code`';
    return { ...base, command: null, answer: null, refused: false, problems: [`no tdd-kernel ${gate.event} hook in ${listed(searched, 'or')}${plugin ? '' : ' and no tdd-kernel plugin installed for this project'}: ${fix}`] };
  }
  const checked = probed('claude-code', spec, root, first.command, gate, env, base);
  const warnings: string[] = [];
  // Claude Code runs an identical command once, different ones each.
  const commands = new Set(found.map((f) => f.command));
  if (commands.size > 1) warnings.push(`tdd-kernel's hooks are in ${listed(found.map((f) => f.label), 'and')} with different commands: Claude Code runs each, so every call is gated ${commands.size} times; keep one`);
  if (plugin?.enabled) warnings.push(`the ${plugin.id} plugin is enabled too (${plugin.scope} scope, ${plugin.enabledBy}): each hook runs twice; use the plugin or \`tdd-kernel init\`'s hooks, not both`);
  return warnings.length > 0 ? { ...checked, warnings } : checked;
}

function listed(items: string[], conjunction: 'and' | 'or'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

type Base = Pick<AgentDoctorResult, 'agent' | 'root' | 'config' | 'probe_file' | 'enforces' | 'lacks' | 'unconfirmed' | 'source'>;

/** Runs the installed command with the probe and judges its answer. */
function probed(agent: AgentName, spec: InstallSpec, root: string, command: string, gate: HookEntrySpec, env: NodeJS.ProcessEnv, base: Base, pluginRoot?: string): AgentDoctorResult {
  const probe = runProbe(agent, spec, root, command, gate, env, pluginRoot);
  const wrong = refusalProblem(agent, probe);
  const answer = { exit_code: probe.exitCode, stdout: probe.stdout, stderr: probe.stderr, ...(probe.threw !== undefined ? { threw: probe.threw } : {}) };
  // Outside any project the hook has nothing to gate, so the probe's edit goes through: say why.
  const noProject = wrong && findProjectRoot(root) === null ? [`${root} is in no project (no .tdd-kernel/ or git repository at or above it), where the hook lets every call through: run doctor inside a repository, or \`git init\` here`] : [];
  return { ...base, command, answer, refused: wrong === null, problems: wrong ? [wrong, ...noProject] : [] };
}

/** Claude Code with the tdd-kernel plugin on: its own hooks file's pre-edit command, run from the plugin's directory. */
function doctorPlugin(plugin: ClaudePlugin, spec: InstallSpec, root: string, gate: HookEntrySpec, env: NodeJS.ProcessEnv, base: Base): AgentDoctorResult {
  const hooksFile = path.join(plugin.root, 'hooks', 'hooks.json');
  const named = { ...base, config: hooksFile, plugin: { id: plugin.id, scope: plugin.scope, version: plugin.version, root: plugin.root } };
  const command = hookCommandIn(hooksFile, 'claude-code', spec, gate);
  if (command === null) return { ...named, command, answer: null, refused: false, problems: [`the ${plugin.id} plugin is enabled but ${hooksFile} has no tdd-kernel ${gate.event} hook: reinstall it (\`claude plugin install ${plugin.id}\`)`] };
  return { ...probed('claude-code', spec, root, command, gate, env, base, plugin.root), config: hooksFile, plugin: named.plugin };
}

function pluginOff(plugin: ClaudePlugin): string {
  const why = plugin.enabledBy ? `is switched off in ${plugin.enabledBy}` : 'is not enabled in any settings file';
  return `the ${plugin.id} plugin (${plugin.scope} scope, ${plugin.version}) ${why}: enable it (\`claude plugin enable ${plugin.id}\`) or run \`tdd-kernel init claude-code\``;
}

/** The command the agent would run for its pre-edit event, as the settings hold it. */
function installedCommand(agent: AgentName, spec: InstallSpec, root: string, gate: HookEntrySpec): string | null {
  if (spec.format === 'executables' || spec.format === 'plugin') {
    const file = path.join(root, configFile(spec));
    return fs.existsSync(file) ? file : null;
  }
  return hookCommandIn(path.join(root, spec.file), agent, spec, gate);
}

/** tdd-kernel's command for the gate's event in a JSON hooks file (an agent's settings, the Claude Code plugin's hooks.json). */
function hookCommandIn(file: string, agent: AgentName, spec: InstallSpec, gate: HookEntrySpec): string | null {
  if (spec.format === 'executables' || spec.format === 'plugin') return null;
  const hooks = (readJson(file) as { hooks?: Record<string, unknown> } | null)?.hooks ?? {};
  const list = Array.isArray(hooks[gate.event]) ? (hooks[gate.event] as Array<Record<string, unknown>>) : [];
  const handlers = spec.format === 'matcher-groups' ? list.flatMap((g) => (Array.isArray(g.hooks) ? (g.hooks as Array<Record<string, unknown>>) : [])) : list;
  const field = spec.format === 'flat' ? spec.commandField : 'command';
  const ours = handlers.find((h) => isKernelCommand(h[field], agent));
  return ours ? (ours[field] as string) : null;
}

function runProbe(agent: AgentName, spec: InstallSpec, root: string, command: string, gate: HookEntrySpec, env: NodeJS.ProcessEnv, pluginRoot?: string): ProbeAnswer {
  const payload = probePayload(agent, root);
  const timeout = (gate.timeoutS ?? 30) * 1000;
  if (spec.format === 'plugin') return runPlugin(command, root, payload, timeout);
  // Copilot runs its `bash` field with bash; Cline runs the executable itself; the others use a shell.
  const [file, args] = spec.format === 'executables' ? [command, []] : agent === 'copilot' ? ['bash', ['-c', command]] : ['/bin/sh', ['-c', command]];
  const agentEnv = {
    ...(agent === 'claude-code' || agent === 'qwen' ? { CLAUDE_PROJECT_DIR: root } : {}),
    ...(agent === 'qwen' ? { QWEN_PROJECT_DIR: root } : {}),
    ...(pluginRoot !== undefined ? { CLAUDE_PLUGIN_ROOT: pluginRoot } : {}),
  };
  const r = spawnSync(file, args, { cwd: root, input: JSON.stringify(payload), encoding: 'utf8', env: { ...env, ...agentEnv }, timeout });
  return { exitCode: r.status, stdout: r.stdout ?? '', stderr: r.error ? `${r.error.message}\n${r.stderr ?? ''}` : (r.stderr ?? '') };
}

/**
 * opencode loads the plugin and calls its tool.execute.before: done here in a Node process of its own, from
 * a copy named .mjs (opencode reads the file as a module whatever the project's package.json says; Node not).
 */
function runPlugin(plugin: string, root: string, payload: Record<string, unknown>, timeout: number): ProbeAnswer {
  const copy = path.join(os.tmpdir(), `tdd-kernel-doctor-${process.pid}-${Date.now()}.mjs`);
  fs.copyFileSync(plugin, copy);
  try {
    return runPluginCopy(copy, root, payload, timeout);
  } finally {
    fs.rmSync(copy, { force: true });
  }
}

function runPluginCopy(plugin: string, root: string, payload: Record<string, unknown>, timeout: number): ProbeAnswer {
  const script = `
    const { TddKernel } = await import(${JSON.stringify(pathToFileURL(plugin).href)});
    const hooks = await TddKernel({ directory: ${JSON.stringify(root)}, worktree: ${JSON.stringify(root)} });
    try {
      await hooks['tool.execute.before']({ tool: ${JSON.stringify(payload.tool)}, sessionID: '', callID: 'tdd-kernel-doctor' }, { args: ${JSON.stringify(payload.args)} });
      process.stdout.write(JSON.stringify({ threw: null }));
    } catch (error) {
      process.stdout.write(JSON.stringify({ threw: String(error && error.message) }));
    }`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: timeout + 5000 });
  let threw: string | null = null;
  try {
    threw = (JSON.parse(r.stdout) as { threw: string | null }).threw;
  } catch {
    // the plugin did not even load: not a refusal
  }
  return { exitCode: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ...(threw !== null ? { threw } : {}) };
}
