// Qwen Code 0.24.4's tools as its bundle declares them (ToolNames and each tool's parameter schema):
// those that write nothing in the project are known and pass whatever they name, the writing ones are
// gated, and a tool it does not list stays refused when it names a file or a command.

import { describe, expect, it } from 'vitest';
import { loadAdapter } from '../src/agents/load-adapter.js';

const pre = async (tool: string, input: Record<string, unknown>) =>
  (await loadAdapter('qwen')).parse({ hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input });

// One line per tool: its name and arguments as its declaration names them.
const WRITES_NOTHING: [string, Record<string, unknown>][] = [
  ['tool_call', { name: 'monitor', arguments: {} }],
  ['tool_search', { query: 'cron' }],
  ['agent', { description: 'd', prompt: 'p', subagent_type: 'general-purpose' }],
  ['list_agents', {}],
  ['skill', { skill: 'review' }],
  ['get_goal', {}],
  ['update_goal', { status: 'complete' }],
  ['display_image', { file_path: '/p/shot.png' }],
  ['zoom_image', { file_path: '/p/shot.png', x1: 0, y1: 0, x2: 500, y2: 500 }],
  ['lsp', { operation: 'codeActions', filePath: '/p/src/a.ts', line: 1, character: 0, endLine: 2, endCharacter: 0 }],
  ['read_mcp_resource', { server_name: 's', uri: 'file:///p/a.ts' }],
  ['omni_recall_media_memory', { resourceIds: ['/p/clip.mp4'], query: 'q' }],
  ['task_list', { status: 'pending' }],
  ['cron_list', {}],
  ['artifact', { file_path: '/p/report.html', title: 'Report' }],
  ['exec', { source: 'await tools.read_file({ file_path: "/p/a.ts" })' }],
  ['workflow', { script: 'await agent("fix it")' }],
  ['workflow', { scriptPath: '/p/.qwen/workflows/w.js' }],
  ['record_artifact', { title: 'Report', kind: 'file', workspacePath: 'report.md' }],
  ['record_source', { title: 'Spec', locator: { type: 'workspace_file', workspacePath: 'docs/spec.md' } }],
  ['report_findings', { findings: [] }],
  ['structured_output', { answer: 42 }],
  ['ask_user_question', { questions: [] }],
  ['enter_plan_mode', {}],
  ['propose_goal', { goal: 'g' }],
  ['cron_create', { cron: '7 * * * *', prompt: 'run the tests', durable: true }],
  ['cron_delete', { id: 'c1' }],
  ['loop_wakeup', { delaySeconds: 60, prompt: 'check again' }],
  ['create_sub_session', { prompt: 'p', name: 'n' }],
  ['task_create', { subject: 's', description: 'd' }],
  ['task_update', { taskId: '1', status: 'deleted' }],
  ['task_stop', { task_id: '1' }],
  ['team_create', { team_name: 't', description: 'd' }],
  ['team_delete', {}],
  ['team_plan_approval', { request_id: 'r', action: 'approve' }],
  ['send_message', { to: 'bob', message: 'm' }],
  ['request_shutdown', { to: 'bob' }],
  ['enter_worktree', { name: 'feature' }],
  ['exit_worktree', { name: 'feature', action: 'remove', discard_changes: true }],
  ['image_gen', { prompt: 'a cat', size: '1024*1024' }],
];

describe('qwen tools', () => {
  it.each(WRITES_NOTHING)('%s is known and writes nothing (%j)', async (tool, input) => {
    const event = await pre(tool, input);
    expect(event.problem).toBeUndefined();
    expect(event.files).toEqual([]);
    expect(event.kind).not.toBe('shell');
  });

  it('monitor (a deferred tool, called through tool_call) is read as a shell command', async () => {
    expect(await pre('monitor', { command: 'tail -f app.log', description: 'watch' })).toMatchObject({ kind: 'shell', command: 'tail -f app.log' });
  });

  it('notebook_edit is gated by its notebook_path', async () => {
    expect(await pre('notebook_edit', { notebook_path: '/p/n.ipynb', cell_id: 'cell-0' })).toMatchObject({ kind: 'notebook', files: [{ path: '/p/n.ipynb' }] });
  });

  it.each([
    ['omni_convert_image', { inputPath: '/p/a.png', outputDir: '/p/src' }, 'inputPath, outputDir'],
    ['omni_transcribe_audio', { resourceId: 'media-1-ab', outputDir: '/p' }, 'outputDir'],
    ['made_up_tool', { file_path: '/p/a.ts' }, 'file_path'],
  ])('%s, which it does not know, is refused when it names a file (%j)', async (tool, input, named) => {
    const event = await pre(tool, input);
    expect(event.files).toEqual([]);
    expect(event.problem).toContain(`does not know the tool ${tool}, which names a file or a command (${named})`);
  });
});
