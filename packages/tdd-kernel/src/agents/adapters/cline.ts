// Cline (documented: docs.cline.bot hooks reference): executables named after the event in
// .clinerules/hooks/; the payload nests the call under its hook's name (`preToolUse: {toolName,
// parameters}`); `{"cancel": true, "errorMessage"}` refuses, `{"cancel": false}` lets it run. No hook can
// refuse the end of a turn: edits of an earlier turn are flushed before the next edit (see agents/hook/decide.ts).

import { unreadable } from './claude-shape.js';
import { objectArg, OTHER, patchTool, READ, readTool, shellTool, str, writeTool, type Input, type ToolSpec, type ToolTable } from './tool-table.js';
import type { AgentAdapter, AgentEvent, HookDecision, HookOutput, Phase, Replacement } from '../types.js';

/** replace_in_file's `diff`: SEARCH/REPLACE blocks (`------- SEARCH` / `=======` / `+++++++ REPLACE`, or the older `<<<<<<<`/`>>>>>>>` markers). */
export function searchReplaceBlocks(diff: string): Replacement[] | null {
  const blocks = [...diff.matchAll(/^(?:-{3,} SEARCH|<{3,} SEARCH)\n([\s\S]*?)^={3,}\n([\s\S]*?)^(?:\+{3,} REPLACE|>{3,} REPLACE)$/gm)];
  if (blocks.length === 0) return null;
  return blocks.map((m) => ({ old: m[1]!, new: m[2]! }));
}

const replaceInFile: ToolSpec = {
  kind: 'edit',
  files: (input) => {
    const path = str(input, ['path']);
    const blocks = typeof input.diff === 'string' ? searchReplaceBlocks(input.diff) : null;
    return path === null ? null : [{ path, ...(blocks ? { after: { replace: blocks } } : {}) }];
  },
};

/** use_mcp_tool names the MCP tool in its arguments: read by the MCP rule. */
const useMcpTool: ToolSpec = {
  kind: 'mcp',
  files: (input) => {
    const r = readTool({}, `mcp__${str(input, ['server_name']) ?? ''}__${str(input, ['tool_name']) ?? ''}`, objectArg(input.arguments) ?? {});
    return r.files;
  },
};

const TOOLS: ToolTable = {
  write_to_file: writeTool(['path'], ['content']),
  new_file: writeTool(['path'], ['content']),
  replace_in_file: replaceInFile,
  new_rule: writeTool(['path'], ['content']),
  apply_patch: patchTool(['input', 'patch']),
  execute_command: shellTool(['command']),
  // attempt_completion may carry a command it runs to show the result.
  attempt_completion: shellTool(['command'], true),
  use_mcp_tool: useMcpTool,
  read_file: READ,
  list_files: READ,
  search_files: READ,
  list_code_definition_names: READ,
  access_mcp_resource: READ,
  web_fetch: READ,
  browser_action: OTHER,
  ask_followup_question: OTHER,
  plan_mode_respond: OTHER,
  new_task: OTHER,
  condense: OTHER,
  load_mcp_documentation: READ,
  focus_chain: OTHER,
};

const PHASES: Readonly<Record<string, Phase>> = { PreToolUse: 'pre', PostToolUse: 'post', UserPromptSubmit: 'prompt', TaskResume: 'prompt', TaskStart: 'prompt' };

function parse(payload: Input): AgentEvent {
  const name = str(payload, ['hookName']);
  if (name === null) return unreadable('cline', 'no hookName');
  const phase = Object.hasOwn(PHASES, name) ? PHASES[name]! : 'other';
  const roots = Array.isArray(payload.workspaceRoots) ? payload.workspaceRoots.filter((r): r is string => typeof r === 'string') : [];
  const base = { host: 'cline' as const, phase, sessionId: str(payload, ['taskId']), cwd: roots[0] ?? null };
  if (phase !== 'pre' && phase !== 'post') return { ...base, tool: '', kind: 'other', files: [] };
  const call = objectArg(payload[phase === 'pre' ? 'preToolUse' : 'postToolUse']) ?? {};
  const tool = str(call, ['toolName', 'tool']) ?? '';
  return { ...base, tool, ...readTool(TOOLS, tool, objectArg(call.parameters) ?? {}) };
}

/** Cline reads a JSON answer from every hook: an allow is an explicit `{"cancel": false}`. */
function render(decision: HookDecision): HookOutput {
  if (decision.kind === 'deny') return { stdout: JSON.stringify({ cancel: true, errorMessage: decision.reason }), stderr: '', exitCode: 0 };
  const message = decision.kind === 'continue' ? decision.reason : decision.kind === 'note' ? decision.message : '';
  return { stdout: JSON.stringify({ cancel: false }), stderr: message ? `${message}\n` : '', exitCode: 0 };
}

export const adapter: AgentAdapter = { name: 'cline', parse, render };
