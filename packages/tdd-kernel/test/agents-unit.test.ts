// The adapters' pure parts, one table each: which host sent a payload, how each agent's tool calls read
// as the internal event, how each decision is rendered, the apply_patch reading, and Codex's hook hash
// (expected values reported by the real Codex 0.169.0 app-server's hooks/list for the same definitions).

import { describe, expect, it } from 'vitest';
import { contentAfter } from '../src/agents/hook/content-after-edit.js';
import { searchReplaceBlocks } from '../src/agents/adapters/cline.js';
import { detectHost } from '../src/agents/detect-host.js';
import { loadAdapter } from '../src/agents/load-adapter.js';
import { applyHunks, patchTouches } from '../src/agents/adapters/apply-patch.js';
import { AGENT_NAMES, type AgentName, type HookDecision } from '../src/agents/types.js';
import { canonicalJson, codexHookHash, codexHookKey, hookTrustToml, projectTrustToml, readCodexTrust } from '../src/agents/init/codex-trust.js';
import { HOOK_ANSWER_SCHEMAS } from '../src/schemas/hook-answers.js';
import { isKernelCommand } from '../src/agents/init/install-specs.js';

describe('detectHost: who really sent the payload', () => {
  it.each([
    ['claude-code', { hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'Edit', tool_input: {} }, 'claude-code'],
    ['claude-code', { hook_event_name: 'preToolUse', conversation_id: 'c', workspace_roots: ['/p'], tool_name: 'Write' }, 'cursor'],
    ['claude-code', { sessionId: 's', timestamp: 1, cwd: '/p', toolName: 'edit', toolArgs: '{}' }, 'copilot'],
    ['claude-code', { sessionId: 's', timestamp: 1, cwd: '/p', transcriptPath: '/t', stopReason: 'end_turn' }, 'copilot'],
    ['claude-code', { hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'create', tool_input: {} }, 'copilot'],
    ['claude-code', { hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'create_file', tool_input: {} }, 'vscode'],
    ['claude-code', { hookEventName: 'Stop', sessionId: 's', timestamp: '2026-01-01T00:00:00Z' }, 'vscode'],
    ['vscode', { hook_event_name: 'PreToolUse', tool_name: 'Edit' }, 'vscode'],
    ['copilot', { hook_event_name: 'PreToolUse', tool_name: 'run_in_terminal' }, 'vscode'],
    ['copilot', { hook_event_name: 'PreToolUse', tool_name: 'bash' }, 'copilot'],
    // Hooks that only their own agent runs are never re-routed.
    ['codex', { hook_event_name: 'PreToolUse', conversation_id: 'x', tool_name: 'create_file' }, 'codex'],
    ['gemini', { hook_event_name: 'BeforeTool', tool_name: 'edit' }, 'gemini'],
  ] as const)('hook %s with %j → %s', (asked, payload, host) => {
    expect(detectHost(payload, asked)).toBe(host);
  });
});

const patch = '*** Begin Patch\n*** Add File: src/new.ts\n+export const a = 1;\n+export const b = 2;\n*** Update File: src/old.ts\n@@\n-x\n+y\n*** Delete File: src/gone.ts\n*** Update File: src/from.ts\n*** Move to: src/to.ts\n@@\n a\n-b\n+c\n*** End Patch\n';

describe('apply_patch: the files a patch touches and their new content', () => {
  it('reads Add, Update, Delete and Move lines', () => {
    expect(patchTouches(patch)).toEqual([
      { path: 'src/new.ts', after: { content: 'export const a = 1;\nexport const b = 2;\n' } },
      { path: 'src/old.ts', after: { patch: ['@@', '-x', '+y'] } },
      { path: 'src/gone.ts', deleted: true },
      { path: 'src/from.ts', deleted: true },
      { path: 'src/to.ts', after: { patch: ['@@', ' a', '-b', '+c'], source: 'src/from.ts' } },
    ]);
  });

  it.each([
    ['a replacement', 'one\ntwo\nthree\n', ['@@', ' one', '-two', '+2'], 'one\n2\nthree\n'],
    ['an anchored hunk', 'f() {\n  x\n}\ng() {\n  x\n}\n', ['@@ g() {', '-  x', '+  y'], 'f() {\n  x\n}\ng() {\n  y\n}\n'],
    ['two hunks in order', 'a\nb\nc\nd\n', ['@@', '-a', '+A', '@@', '-d', '+D'], 'A\nb\nc\nD\n'],
    ['an addition after an anchor', 'head\ntail\n', ['@@ head', '+middle'], 'head\nmiddle\ntail\n'],
    ['old lines that are not there', 'a\n', ['@@', '-zzz', '+y'], null],
    ['an addition with nothing to place it by', 'a\n', ['+b'], null],
  ] as const)('applies %s', (_name, original, lines, expected) => {
    expect(applyHunks(original, lines)).toBe(expected);
  });

  it('computes the content after each kind of edit, or leaves it unknown', () => {
    const files: Record<string, string> = { '/p/a.ts': 'x = 1\n', '/p/from.ts': 'a\nb\n' };
    const read = (f: string) => files[f] ?? null;
    const resolve = (f: string) => `/p/${f}`;
    expect(contentAfter({ content: 'new' }, '/p/a.ts', read, resolve)).toBe('new');
    expect(contentAfter({ replace: [{ old: '1', new: '2' }] }, '/p/a.ts', read, resolve)).toBe('x = 2\n');
    expect(contentAfter({ replace: [{ old: 'absent', new: '2' }] }, '/p/a.ts', read, resolve)).toBeUndefined();
    expect(contentAfter({ patch: ['@@', '-b', '+c'], source: 'from.ts' }, '/p/to.ts', read, resolve)).toBe('a\nc\n');
    expect(contentAfter({ replace: [{ old: 'x', new: 'y' }] }, '/p/missing.ts', read, resolve)).toBeUndefined();
  });

  it("reads Cline's SEARCH/REPLACE blocks in both marker styles", () => {
    expect(searchReplaceBlocks('------- SEARCH\nold\n=======\nnew\n+++++++ REPLACE\n')).toEqual([{ old: 'old\n', new: 'new\n' }]);
    expect(searchReplaceBlocks('<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE')).toEqual([{ old: 'a\n', new: 'b\n' }]);
    expect(searchReplaceBlocks('no blocks')).toBeNull();
  });
});

/** One tool call per agent, as its payload carries it, and what the adapter must read from it. */
const CALLS: Array<[AgentName, Record<string, unknown>, { kind: string; paths?: string[]; command?: string; problem?: RegExp }]> = [
  ['claude-code', { hook_event_name: 'PreToolUse', tool_name: 'MultiEdit', tool_input: { file_path: '/p/a.ts', edits: [{ old_string: 'a', new_string: 'b' }] } }, { kind: 'edit', paths: ['/p/a.ts'] }],
  ['claude-code', { hook_event_name: 'PreToolUse', tool_name: 'mcp__fs__write_file', tool_input: { path: '/p/a.ts' } }, { kind: 'mcp', paths: ['/p/a.ts'] }],
  ['claude-code', { hook_event_name: 'PreToolUse', tool_name: 'mcp__fs__read_file', tool_input: { path: '/p/a.ts' } }, { kind: 'mcp', paths: [] }],
  ['claude-code', { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { content: 'x' } }, { kind: 'write', problem: /Write without a file path/ }],
  ['claude-code', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: 'rm x' }, { kind: 'shell', problem: /Bash without a command/ }],
  ['claude-code', { hook_event_name: 'PreToolUse', tool_name: 'Teleport', tool_input: { destination: '/p/a.ts' } }, { kind: 'other', problem: /does not know the tool Teleport.*destination/ }],
  ['claude-code', { hook_event_name: 'PreToolUse', tool_name: 'WebSearch', tool_input: { query: 'q' } }, { kind: 'read', paths: [] }],
  ['codex', { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: patch } }, { kind: 'patch', paths: ['src/new.ts', 'src/old.ts', 'src/gone.ts', 'src/from.ts', 'src/to.ts'] }],
  ['codex', { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: 'no file lines' } }, { kind: 'patch', problem: /apply_patch without a file path/ }],
  ['codex', { hook_event_name: 'PreToolUse', tool_name: 'shell', tool_input: { command: ['bash', '-lc', "sed -i 's/a/b/' x.ts"] } }, { kind: 'shell', command: "sed -i 's/a/b/' x.ts" }],
  ['copilot', { sessionId: 's', toolName: 'create', toolArgs: JSON.stringify({ path: 'a.ts', file_text: 'x' }) }, { kind: 'write', paths: ['a.ts'] }],
  ['copilot', { sessionId: 's', toolName: 'bash', toolArgs: { command: 'echo x > a.ts' } }, { kind: 'shell', command: 'echo x > a.ts' }],
  ['copilot', { sessionId: 's', toolName: 'view', toolArgs: { path: 'a.ts' } }, { kind: 'read', paths: [] }],
  ['vscode', { hook_event_name: 'PreToolUse', tool_name: 'multi_replace_string_in_file', tool_input: { replacements: [{ filePath: '/p/a.ts', oldString: 'a', newString: 'b' }, { filePath: '/p/b.ts', oldString: 'c', newString: 'd' }] } }, { kind: 'edit', paths: ['/p/a.ts', '/p/b.ts'] }],
  ['vscode', { hook_event_name: 'PreToolUse', tool_name: 'insert_edit_into_file', tool_input: { filePath: '/p/a.ts', code: '...' } }, { kind: 'edit', paths: ['/p/a.ts'] }],
  ['vscode', { hook_event_name: 'PreToolUse', tool_name: 'create_and_run_task', tool_input: { task: { command: 'tee', args: ['out.ts'] } } }, { kind: 'shell', command: 'tee out.ts' }],
  ['cursor', { hook_event_name: 'preToolUse', tool_name: 'StrReplace', tool_input: { file_path: '/p/a.ts', old_string: 'a', new_string: 'b' } }, { kind: 'edit', paths: ['/p/a.ts'] }],
  ['cursor', { hook_event_name: 'beforeShellExecution', command: 'rm a.ts', cwd: '/p' }, { kind: 'shell', command: 'rm a.ts' }],
  ['cursor', { hook_event_name: 'preToolUse', tool_name: 'Delete', tool_input: { path: '/p/a.ts' } }, { kind: 'delete', paths: ['/p/a.ts'] }],
  ['qwen', { hook_event_name: 'PreToolUse', tool_name: 'edit', tool_input: { file_path: '/p/a.ts', old_string: 'a', new_string: 'b' } }, { kind: 'edit', paths: ['/p/a.ts'] }],
  ['gemini', { hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'touch a.ts' } }, { kind: 'shell', command: 'touch a.ts' }],
  ['gemini', { hook_event_name: 'BeforeTool', tool_name: 'write_to_db', tool_input: { path: '/p/a.ts' }, mcp_context: { server: 'db' } }, { kind: 'mcp', paths: ['/p/a.ts'] }],
  ['cline', { hookName: 'PreToolUse', taskId: 't', workspaceRoots: ['/p'], preToolUse: { toolName: 'replace_in_file', parameters: { path: 'a.ts', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' } } }, { kind: 'edit', paths: ['a.ts'] }],
  ['cline', { hookName: 'PreToolUse', taskId: 't', preToolUse: { toolName: 'attempt_completion', parameters: { result: 'done' } } }, { kind: 'other', paths: [] }],
  ['windsurf', { agent_action_name: 'pre_write_code', trajectory_id: 't', tool_info: { file_path: '/p/a.ts', edits: [{ old_string: 'a', new_string: 'b' }] } }, { kind: 'edit', paths: ['/p/a.ts'] }],
  ['windsurf', { agent_action_name: 'pre_run_command', tool_info: { command_line: 'cp x a.ts', cwd: '/p' } }, { kind: 'shell', command: 'cp x a.ts' }],
  ['opencode', { hook_event_name: 'tool.execute.before', session_id: 's', tool: 'patch', args: { patchText: patch } }, { kind: 'patch', paths: ['src/new.ts', 'src/old.ts', 'src/gone.ts', 'src/from.ts', 'src/to.ts'] }],
];

describe('each adapter reads its tool calls into the internal event', () => {
  it.each(CALLS)('%s %j', async (agent, payload, expected) => {
    const event = (await loadAdapter(agent)).parse(payload);
    expect(event.phase).toBe('pre');
    expect(event.kind).toBe(expected.kind);
    if (expected.paths) expect(event.files.map((f) => f.path)).toEqual(expected.paths);
    if (expected.command) expect(event.command).toBe(expected.command);
    if (expected.problem) expect(event.problem).toMatch(expected.problem);
    else expect(event.problem).toBeUndefined();
  });
});

/** Per agent: [deny, continue] as printed (stdout, exit code); an allow is checked below. */
const RENDERED: Record<AgentName, { deny: [string, number]; cont: [string, number] }> = {
  'claude-code': { deny: ['{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}', 0], cont: ['{"decision":"block","reason":"R"}', 0] },
  codex: { deny: ['{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}', 0], cont: ['{"decision":"block","reason":"R"}', 0] },
  qwen: { deny: ['{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}', 0], cont: ['{"decision":"block","reason":"R"}', 0] },
  vscode: { deny: ['{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}', 0], cont: ['{"decision":"block","reason":"R","hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"R"}}', 0] },
  copilot: { deny: ['{"permissionDecision":"deny","permissionDecisionReason":"R"}', 0], cont: ['{"decision":"block","reason":"R"}', 0] },
  cursor: { deny: ['{"permission":"deny","user_message":"R","agent_message":"R"}', 0], cont: ['{"followup_message":"R"}', 0] },
  gemini: { deny: ['{"decision":"deny","reason":"R"}', 0], cont: ['{"decision":"deny","reason":"R"}', 0] },
  cline: { deny: ['{"cancel":true,"errorMessage":"R"}', 0], cont: ['{"cancel":false}', 0] },
  windsurf: { deny: ['', 2], cont: ['', 0] },
  opencode: { deny: ['{"decision":"deny","reason":"R"}', 0], cont: ['', 0] },
};

describe('each adapter renders the decision in its agent\'s contract', () => {
  it.each(AGENT_NAMES.map((a) => [a]))('%s', async (agent) => {
    const adapter = await loadAdapter(agent);
    const event = adapter.parse({});
    const render = (d: HookDecision) => adapter.render(d, event);
    const { deny, cont } = RENDERED[agent];
    expect([render({ kind: 'deny', reason: 'R' }).stdout, render({ kind: 'deny', reason: 'R' }).exitCode]).toEqual(deny);
    expect([render({ kind: 'continue', reason: 'R' }).stdout, render({ kind: 'continue', reason: 'R' }).exitCode]).toEqual(cont);
    if (agent === 'windsurf') expect(render({ kind: 'deny', reason: 'R' }).stderr).toBe('R\n');
    const allow = render({ kind: 'allow' });
    expect(allow.exitCode).toBe(0);
    for (const out of [deny[0], cont[0], allow.stdout]) if (out) expect(() => HOOK_ANSWER_SCHEMAS[agent].parse(JSON.parse(out))).not.toThrow();
  });

  it('Cursor\'s allow is no decision ({}), never "permission": "allow", which would skip the user\'s own prompt (CONTRACTS.md)', async () => {
    const adapter = await loadAdapter('cursor');
    for (const hook_event_name of ['preToolUse', 'beforeShellExecution']) {
      expect(adapter.render({ kind: 'allow' }, adapter.parse({ hook_event_name, conversation_id: 'c', workspace_roots: ['/p'] })).stdout).toBe('{}');
    }
  });

  it('Copilot in its VS Code form gets the flat deny and the nested one together', async () => {
    const adapter = await loadAdapter('copilot');
    const event = adapter.parse({ hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'create', tool_input: { path: 'a', file_text: 'x' } });
    expect(JSON.parse(adapter.render({ kind: 'deny', reason: 'R' }, event).stdout)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'R', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'R' } });
  });
});

describe("Codex's hook trust", () => {
  const command = "'/usr/local/bin/node' '/x/y z/cli.js' hook codex";
  it.each([
    [{ event: 'PreToolUse', matcher: 'Bash', command: 'my-guard' }, 'sha256:87e415b5bb4e21e434f2ff47995c4d2caca9886bee34c2a0894f97d7802ec513'],
    [{ event: 'PreToolUse', matcher: '*', command, timeoutSec: 30 }, 'sha256:ed39e44d0f6b810e68ae73e74bbb6ec769461a979ae0de91e5aa4dd75e9c8ae0'],
    [{ event: 'PostToolUse', matcher: '*', command, timeoutSec: 10 }, 'sha256:be5654273bc18c0ebf2693de12fbecd7a30789817f47d6c5f6e89311caefa082'],
    [{ event: 'Stop', command, timeoutSec: 900 }, 'sha256:7d5932babcb3f5dcbe9ca165b739cf63269d888e98d04b8383240a58b86189f9'],
  ])('hashes %j as Codex 0.169.0 does', (hook, hash) => {
    expect(codexHookHash(hook)).toBe(hash);
  });

  it('keys, canonical JSON, and reading back the trust it writes', () => {
    expect(codexHookKey('/r/.codex/hooks.json', 'PreToolUse', 1, 0)).toBe('/r/.codex/hooks.json:pre_tool_use:1:0');
    expect(canonicalJson({ b: [{ d: 1, c: 'é"' }], a: null })).toBe('{"a":null,"b":[{"c":"é\\"","d":1}]}');
    const toml = `model = "x"\n${projectTrustToml('/r')}${hookTrustToml([{ key: '/r/.codex/hooks.json:stop:0:0', currentHash: 'sha256:ab' }])}[other]\ntrusted_hash = "no"\n`;
    expect(readCodexTrust(toml, '/r/sub')).toEqual({ projectTrusted: true, trustedHashes: { '/r/.codex/hooks.json:stop:0:0': 'sha256:ab' } });
    expect(readCodexTrust(toml, '/elsewhere').projectTrusted).toBe(false);
    expect(readCodexTrust("[projects.'/r']\ntrust_level = 'untrusted'\n", '/r').projectTrusted).toBe(false);
  });
});

describe('init recognises its own hook commands, however spelled, per agent', () => {
  it.each([
    ['tdd-kernel hook codex', 'codex', true],
    ["'/usr/bin/node' '/a/bin/tdd-kernel.js' hook codex", 'codex', true],
    ["'/usr/bin/node' '/a/dist/cli.js' hook codex", 'codex', true],
    ['node "/a/dist/cli.js" hook claude-code', 'claude-code', true],
    ["'/usr/bin/node' '/a/dist/cli.cjs' hook codex", 'codex', true],
    ['node "/a/dist/cli.cjs" hook claude-code', 'claude-code', true],
    ['"$CLAUDE_PROJECT_DIR"/node_modules/.bin/tdd-kernel hook claude-code', 'claude-code', true],
    ['tdd-kernel hook copilot', 'vscode', false],
    ['tdd-kernel hook claude-code-extra', 'claude-code', false],
    ['my-guard hook codex', 'codex', false],
  ] as const)('%s as %s: %s', (command, agent, ours) => {
    expect(isKernelCommand(command, agent)).toBe(ours);
  });
});
