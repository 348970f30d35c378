// Gemini CLI's tools as its real binary sends them: every built-in tool is known (none refused as
// unknown, the writing ones gated), and `replace` with allow_multiple replaces every occurrence.

import { describe, expect, it } from 'vitest';
import { loadAdapter } from '../src/agents/load-adapter.js';
import { contentAfter } from '../src/agents/hook/content-after-edit.js';

const BUILT_IN_READS_AND_OTHERS = [
  'read_file', 'read_many_files', 'list_directory', 'glob', 'grep_search', 'web_fetch', 'google_web_search', 'get_internal_docs',
  'save_memory', 'write_todos', 'activate_skill', 'ask_user', 'enter_plan_mode', 'exit_plan_mode', 'update_topic', 'complete_task',
  'read_mcp_resource', 'list_mcp_resources', 'tracker_create_task', 'tracker_update_task', 'tracker_get_task', 'tracker_list_tasks',
  'tracker_add_dependency', 'tracker_visualize', 'codebase_investigator', 'cli_help',
  // Declared in the requests of the real Gemini CLI 0.61.0 (packages/agents-e2e).
  'list_background_processes', 'read_background_output', 'invoke_agent',
];

describe('gemini tools', () => {
  it.each(BUILT_IN_READS_AND_OTHERS)('%s is known and writes nothing', async (tool) => {
    const event = (await loadAdapter('gemini')).parse({ hook_event_name: 'BeforeTool', tool_name: tool, tool_input: { path: 'docs/x.md', dir_path: '.', plan_filename: 'plan.md' } });
    expect(event.problem).toBeUndefined();
    expect(event.files).toEqual([]);
  });

  it('replace with allow_multiple replaces every occurrence; without it, one', async () => {
    const adapter = await loadAdapter('gemini');
    const after = (allow: boolean) => {
      const event = adapter.parse({ hook_event_name: 'BeforeTool', tool_name: 'replace', tool_input: { file_path: '/p/a.ts', old_string: 'x', new_string: 'y', allow_multiple: allow } });
      return contentAfter(event.files[0]!.after!, '/p/a.ts', () => 'x x x', (f) => f);
    };
    expect(after(true)).toBe('y y y');
    expect(after(false)).toBe('y x x');
  });
});
