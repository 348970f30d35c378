// Issue #12 points 1 and 5 through the built CLI: `init <agent>` merges into the user's settings (theirs
// stay, twice leaves one entry), sets the agent's timeouts, writes nothing under --dry-run, and installs a
// command that works from any cwd; `doctor --agent` runs what was installed and checks the refusal is in
// the agent's contract (2 when it is not, or when Codex does not trust the hooks).

import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { AGENT_NAMES, type AgentName } from '../src/agents/types.js';
import { probePayload, refusalProblem } from '../src/agents/doctor/probe.js';
import { INSTALL, configFile, isKernelCommand } from '../src/agents/init/install-specs.js';
import { DoctorAgentOutputSchema, InitAgentOutputSchema } from '../src/schemas/outputs.js';
import { BIN, kernel, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

/** A user's own hook already in each agent's settings (JSON agents), which init must keep. */
const USER_SETTINGS: Partial<Record<AgentName, Record<string, unknown>>> = {
  'claude-code': { model: 'x', hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-guard' }] }] } },
  codex: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-guard' }] }] } },
  qwen: { theme: 'dark', hooks: { PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'my-guard' }] }] } },
  gemini: { ui: { theme: 'x' }, hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'my-guard' }] }] } },
  copilot: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'my-guard' }] } },
  vscode: { hooks: { PreToolUse: [{ type: 'command', command: 'my-guard' }] } },
  cursor: { version: 1, hooks: { preToolUse: [{ command: 'my-guard' }] } },
  windsurf: { hooks: { pre_write_code: [{ command: 'my-guard' }] } },
};

/** Every handler of the settings file, flattened: [event, handler]. */
function handlers(agent: AgentName, doc: { hooks: Record<string, unknown[]> }): Array<[string, Record<string, unknown>]> {
  const spec = INSTALL[agent];
  return Object.entries(doc.hooks).flatMap(([event, list]) =>
    (list as Array<Record<string, unknown>>).flatMap((h) => (spec.format === 'matcher-groups' ? (h.hooks as Array<Record<string, unknown>>) : [h]).map((x): [string, Record<string, unknown>] => [event, x])),
  );
}

function initJson(r: { exitCode: number | null; stdout: string; stderr: string }) {
  expect(r.exitCode, r.stderr).toBe(0);
  return InitAgentOutputSchema.parse(JSON.parse(r.stdout));
}

describe.each(AGENT_NAMES.map((a) => [a]))('init %s', (agent) => {
  it('merges, is idempotent, sets timeouts, --dry-run writes nothing, and doctor passes on what it wrote', async () => {
    const spec = INSTALL[agent];
    const config = configFile(spec);
    const user = USER_SETTINGS[agent];
    repo = makeProject('none', user ? { [config]: `${JSON.stringify(user, null, 2)}\n` } : {});
    const before = user ? readFileSync(path.join(repo.dir, config), 'utf8') : null;

    const dry = initJson(await kernel(repo, ['init', agent, '--dry-run', '--json']));
    expect(dry).toMatchObject({ agent, dry_run: true, settings: config });
    expect(user ? readFileSync(path.join(repo.dir, config), 'utf8') : existsSync(path.join(repo.dir, config))).toBe(user ? before : false);
    expect((await kernel(repo, ['init', agent, '--dry-run'])).stdout).toContain(`would ${user ? 'update' : 'create'} ${config}`);

    const first = initJson(await kernel(repo, ['init', agent, '--json']));
    const second = initJson(await kernel(repo, ['init', agent, '--json']));
    expect(first.replaced).toBe(0);
    expect(second.replaced).toBe(spec.format === 'plugin' ? 1 : spec.entries.length);
    expect(second.files?.map((f) => f.content)).toEqual(dry.files?.map((f) => f.content));

    if (spec.format === 'matcher-groups' || spec.format === 'flat') {
      const doc = JSON.parse(readFileSync(path.join(repo.dir, config), 'utf8'));
      for (const [key, value] of Object.entries(user ?? {})) if (key !== 'hooks') expect(doc[key]).toEqual(value);
      const all = handlers(agent, doc);
      expect(all.filter(([, h]) => JSON.stringify(h).includes('my-guard'))).toHaveLength(user ? 1 : 0);
      const ours = all.filter(([, h]) => isKernelCommand(h.command ?? h.bash, agent));
      expect(ours.map(([event]) => event)).toEqual(spec.entries.map((e) => e.event));
      for (const [event, h] of ours) {
        const want = spec.entries.find((e) => e.event === event)!.timeoutS;
        const got = h.timeout ?? h.timeoutSec;
        if (want === undefined) expect(got).toBeUndefined();
        else expect(got).toBe(spec.format === 'matcher-groups' && spec.timeoutUnit === 'ms' ? want * 1000 : want);
      }
    }

    const home = path.join(repo.dir, '.git', 'codex-home');
    mkdirSync(home, { recursive: true });
    const doctor = await kernel(repo, ['doctor', '--agent', agent, '--json'], undefined, { CODEX_HOME: home });
    const result = DoctorAgentOutputSchema.parse(JSON.parse(doctor.stdout));
    expect(result.refused, JSON.stringify(result.answer)).toBe(true);
    if (agent === 'codex') {
      // Untrusted: Codex would skip the hooks without a word.
      expect(doctor.exitCode).toBe(2);
      expect(result.problems.join('\n')).toMatch(/project is not trusted[\s\S]*hook is not trusted/);
      writeFileSync(path.join(home, 'config.toml'), result.problems.map((p) => p.slice(p.indexOf('\n['))).join(''));
      expect((await kernel(repo, ['doctor', '--agent', agent], undefined, { CODEX_HOME: home })).exitCode).toBe(0);
    } else {
      expect(doctor.exitCode, doctor.stdout).toBe(0);
    }
  });
});

describe('the installed command and doctor', () => {
  it('the hook command works from any cwd, and doctor exits 2 when the hook would let the edit through', async () => {
    repo = makeProject('none', {});
    for (const agent of ['codex', 'cursor', 'windsurf'] as const) expect((await kernel(repo, ['init', agent])).exitCode).toBe(0);
    const settings = JSON.parse(readFileSync(path.join(repo.dir, '.cursor/hooks.json'), 'utf8'));
    const command = settings.hooks.preToolUse[0].command as string;
    // Run as Cursor would, but from somewhere else entirely: the command finds the kernel, the payload the project.
    const r = spawnSync('/bin/sh', ['-c', command], { cwd: os.tmpdir(), input: JSON.stringify(probePayload('cursor', repo.dir)), encoding: 'utf8' });
    expect(refusalProblem('cursor', { exitCode: r.status, stdout: r.stdout, stderr: r.stderr })).toBeNull();

    // A hook entry that no longer refuses (here: replaced by `true`) is caught.
    settings.hooks.preToolUse[0].command = 'true # tdd-kernel hook cursor';
    writeFileSync(path.join(repo.dir, '.cursor/hooks.json'), JSON.stringify(settings));
    const broken = await kernel(repo, ['doctor', '--agent', 'cursor']);
    expect(broken.exitCode).toBe(2);
    expect(broken.stdout).toContain('which cursor reads as allowed');
    // Windsurf refuses only by exit 2: a hook that prints a refusal but exits 0 is not one.
    const ws = JSON.parse(readFileSync(path.join(repo.dir, '.windsurf/hooks.json'), 'utf8'));
    ws.hooks.pre_write_code[0].command = "echo refused; exit 0 # tdd-kernel hook windsurf";
    writeFileSync(path.join(repo.dir, '.windsurf/hooks.json'), JSON.stringify(ws));
    expect((await kernel(repo, ['doctor', '--agent', 'windsurf'])).exitCode).toBe(2);
    // Not installed at all.
    const none = await kernel(repo, ['doctor', '--agent', 'gemini', '--json']);
    expect(none.exitCode).toBe(2);
    expect(DoctorAgentOutputSchema.parse(JSON.parse(none.stdout)).problems[0]).toContain('run `tdd-kernel init gemini`');
  });

  it('Copilot CLI and VS Code share .github/hooks/tdd-kernel.json: each init keeps the other\'s entries', async () => {
    repo = makeProject('none', {});
    for (const agent of ['copilot', 'vscode', 'copilot', 'vscode'] as const) expect((await kernel(repo, ['init', agent])).exitCode).toBe(0);
    const doc = JSON.parse(readFileSync(path.join(repo.dir, '.github/hooks/tdd-kernel.json'), 'utf8'));
    expect(doc.version).toBe(1);
    expect(Object.keys(doc.hooks).sort()).toEqual(['PostToolUse', 'PreToolUse', 'Stop', 'agentStop', 'postToolUse', 'preToolUse']);
    for (const list of Object.values(doc.hooks)) expect(list).toHaveLength(1);
    expect(doc.hooks.preToolUse[0].bash).toContain('hook copilot');
    expect(doc.hooks.PreToolUse[0].command).toContain('hook vscode');
  });

  it('doctor loads the opencode plugin as a module in a CommonJS project too (as opencode does)', async () => {
    repo = makeProject('none', { 'package.json': '{"name": "p", "type": "commonjs"}\n' });
    expect((await kernel(repo, ['init', 'opencode'])).exitCode).toBe(0);
    const doctor = await kernel(repo, ['doctor', '--agent', 'opencode']);
    expect(doctor.exitCode, doctor.stdout).toBe(0);
  });

  it("a Cline hook of the user's is never lost: it is chained after the kernel's, which refuses first", async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    const own = path.join(repo.dir, '.clinerules/hooks/PreToolUse');
    mkdirSync(path.dirname(own), { recursive: true });
    const mine = '#!/bin/sh\ncat > "$(dirname "$0")/../../seen.json"\necho \'{"cancel": false, "contextModification": "from my hook"}\'\n';
    writeFileSync(own, mine);
    chmodSync(own, 0o755);
    const r = await kernel(repo, ['init', 'cline', '--json']);
    expect(r.exitCode).toBe(0);
    const init = InitAgentOutputSchema.parse(JSON.parse(r.stdout));
    expect(init.notes?.join('\n')).toContain('your own .clinerules/hooks/PreToolUse now runs after the kernel\'s hook');
    expect(readFileSync(path.join(repo.dir, '.clinerules/hooks/chained/PreToolUse'), 'utf8')).toBe(mine);
    const hook = (file: string) => spawnSync(own, [], { cwd: repo.dir, input: JSON.stringify({ ...probePayload('cline', repo.dir), preToolUse: { toolName: 'write_to_file', parameters: { path: file, content: 'x' } } }), encoding: 'utf8' });
    // The kernel refuses an unclaimed source edit: the user's hook is not asked.
    expect(JSON.parse(hook('src/a.ts').stdout)).toMatchObject({ cancel: true });
    expect(existsSync(path.join(repo.dir, '.clinerules/seen.json'))).toBe(false);
    // An edit the kernel allows (a test file) goes on to the user's hook, which answers.
    expect(JSON.parse(hook('src/a.test.ts').stdout)).toEqual({ cancel: false, contextModification: 'from my hook' });
    expect(readFileSync(path.join(repo.dir, '.clinerules/seen.json'), 'utf8')).toContain('src/a.test.ts');
    // A second init keeps the chain and moves nothing again.
    expect(InitAgentOutputSchema.parse(JSON.parse((await kernel(repo, ['init', 'cline', '--json'])).stdout)).notes ?? []).not.toContain(expect.stringContaining('now runs after'));
    expect(readFileSync(own, 'utf8')).toContain('chained/PreToolUse');
    expect((await kernel(repo, ['doctor', '--agent', 'cline'])).exitCode).toBe(0);
  });
});

describe('doctor --agent codex right after init codex', () => {
  it('says that Codex runs project hooks only once trusted, and prints the command that trusts them', async () => {
    repo = makeProject('none', {});
    // A CODEX_HOME that does not exist yet.
    const home = path.join(repo.dir, '.git', 'codex-home');
    expect((await kernel(repo, ['init', 'codex'], undefined, { CODEX_HOME: home })).exitCode).toBe(0);
    const doctor = await kernel(repo, ['doctor', '--agent', 'codex'], undefined, { CODEX_HOME: home });
    expect(doctor.exitCode).toBe(2);
    const lines = doctor.stdout.split('\n');
    expect(lines[0]).toMatch(/^codex: the gate is NOT in place/);
    expect(lines[1]).toBe(`Codex runs a project's hooks only once the project and each hook are trusted (approve them in Codex's hook review, or append these lines to ${path.join(home, 'config.toml')}):`);
    // The printed command, run as printed, is all it takes.
    const command = doctor.stdout.slice(doctor.stdout.indexOf('mkdir -p '), doctor.stdout.indexOf('\nEOF\n') + 4);
    expect(command).toContain('[hooks.state.');
    const appended = spawnSync('/bin/sh', ['-c', command], { cwd: repo.dir, encoding: 'utf8' });
    expect(appended.status, appended.stderr).toBe(0);
    const after = await kernel(repo, ['doctor', '--agent', 'codex'], undefined, { CODEX_HOME: home });
    expect(after.exitCode, after.stdout).toBe(0);
    expect(after.stdout).not.toContain('trusted (approve');
  });

  it('prints each trust line once, in the block; the problems refer to it', async () => {
    repo = makeProject('none', {});
    const home = path.join(repo.dir, '.git', 'codex-home');
    expect((await kernel(repo, ['init', 'codex'], undefined, { CODEX_HOME: home })).exitCode).toBe(0);
    const { stdout } = await kernel(repo, ['doctor', '--agent', 'codex'], undefined, { CODEX_HOME: home });
    const count = (text: string) => stdout.split(text).length - 1;
    expect(count('[projects.')).toBe(1);
    expect(count('trust_level = "trusted"')).toBe(1);
    const hooks = count('[hooks.state.');
    expect(hooks).toBeGreaterThan(0);
    expect(count('trusted_hash = ')).toBe(hooks);
    const problems = stdout.split('\n').filter((l) => l.startsWith('problem: '));
    expect(problems).toHaveLength(1 + hooks);
    for (const p of problems) expect(p).toMatch(/not trusted in .*: (add|trust it in Codex's hook review, or add) its lines from the block above$/);
    // --json keeps each problem whole: it has no block to refer to.
    const json = DoctorAgentOutputSchema.parse(JSON.parse((await kernel(repo, ['doctor', '--agent', 'codex', '--json'], undefined, { CODEX_HOME: home })).stdout));
    expect(json.problems.filter((p) => p.includes('trusted_hash = ') || p.includes('trust_level = '))).toHaveLength(1 + hooks);
  });

  it('a hook changed since it was trusted: its problem says to set the new trusted_hash in its table, and doing so is enough', async () => {
    repo = makeProject('none', {});
    const home = path.join(repo.dir, '.git', 'codex-home');
    const env = { CODEX_HOME: home };
    expect((await kernel(repo, ['init', 'codex'], undefined, env)).exitCode).toBe(0);
    const first = await kernel(repo, ['doctor', '--agent', 'codex'], undefined, env);
    const command = first.stdout.slice(first.stdout.indexOf('mkdir -p '), first.stdout.indexOf('\nEOF\n') + 4);
    expect(spawnSync('/bin/sh', ['-c', command], { cwd: repo.dir, encoding: 'utf8' }).status).toBe(0);
    expect((await kernel(repo, ['doctor', '--agent', 'codex'], undefined, env)).exitCode).toBe(0);

    // Another spelling of the same hook command: the same hooks (same keys), other hashes.
    expect((await kernel(repo, ['init', 'codex', '--hook-command', `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} hook codex`], undefined, env)).exitCode).toBe(0);
    const changed = await kernel(repo, ['doctor', '--agent', 'codex'], undefined, env);
    expect(changed.exitCode).toBe(2);
    expect(changed.stdout).not.toContain('mkdir -p ');
    const problems = changed.stdout.split('\n').filter((l) => l.startsWith('problem: '));
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(p).toMatch(/changed since it was trusted .*; trust it again in Codex's hook review, or set the trusted_hash of its table there to the new value:$/);
    expect(changed.stdout).not.toMatch(/; add/);

    // Following it: each table's trusted_hash set to the hash the problem gives.
    const json = DoctorAgentOutputSchema.parse(JSON.parse((await kernel(repo, ['doctor', '--agent', 'codex', '--json'], undefined, env)).stdout));
    const configFile = path.join(home, 'config.toml');
    let config = readFileSync(configFile, 'utf8');
    for (const h of json.codex_trust!.hooks) {
      expect(changed.stdout).toContain(`trusted_hash = ${JSON.stringify(h.current_hash)}`);
      config = config.replace(`trusted_hash = ${JSON.stringify(h.trusted_hash)}`, `trusted_hash = ${JSON.stringify(h.current_hash)}`);
    }
    writeFileSync(configFile, config);
    expect((await kernel(repo, ['doctor', '--agent', 'codex'], undefined, env)).exitCode).toBe(0);
  });

  it('the printed command appends to a config.toml whose last line has no newline without joining the two', async () => {
    repo = makeProject('none', {});
    const home = path.join(repo.dir, '.git', 'codex-home');
    mkdirSync(home, { recursive: true });
    writeFileSync(path.join(home, 'config.toml'), 'model = "gpt-5"');
    expect((await kernel(repo, ['init', 'codex'], undefined, { CODEX_HOME: home })).exitCode).toBe(0);
    const doctor = await kernel(repo, ['doctor', '--agent', 'codex'], undefined, { CODEX_HOME: home });
    const command = doctor.stdout.slice(doctor.stdout.indexOf('mkdir -p '), doctor.stdout.indexOf('\nEOF\n') + 4);
    expect(spawnSync('/bin/sh', ['-c', command], { cwd: repo.dir, encoding: 'utf8' }).status).toBe(0);
    expect(readFileSync(path.join(home, 'config.toml'), 'utf8')).toMatch(/^model = "gpt-5"\n\[projects\./);
    expect((await kernel(repo, ['doctor', '--agent', 'codex'], undefined, { CODEX_HOME: home })).exitCode).toBe(0);
  });
});
