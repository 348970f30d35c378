// What the installed hooks enforce in each agent, what that agent cannot enforce, which details of its
// contract no source confirmed (the adapter fails closed on them), and where the contract comes from.
// `init` and `doctor --agent` print these; the README's table says the same.

import type { AgentName } from './types.js';
import type { DoctorAgentOutput } from '../schemas/outputs.js';

export type AgentProfile = Pick<DoctorAgentOutput, 'enforces' | 'lacks' | 'unconfirmed' | 'source'>;

const ALL = { pre_edit: true, shell_side_door: true, post_edit_buffer: true, end_of_turn_continue: true };
const NO_END_OF_TURN = { ...ALL, end_of_turn_continue: false };
const DEFERRED =
  'no end-of-turn hook: a turn\'s edits are tested (and red ones reverted) at the first edit after the next prompt, which is refused with the report; the agent is never made to keep working, and the last turn\'s edits stay untested until then or until `tdd-kernel flush`';

export const PROFILES: Readonly<Record<AgentName, AgentProfile>> = {
  'claude-code': { enforces: ALL, lacks: [], unconfirmed: [], source: 'verified with the Claude Code 2.1.330 binary (packages/agents-e2e); https://code.claude.com/docs/en/hooks' },
  codex: {
    enforces: ALL,
    lacks: ['hooks run only when the project and each hook are trusted in CODEX_HOME/config.toml; an untrusted hook is skipped without a word (`doctor --agent codex` checks)'],
    unconfirmed: [],
    source: 'verified with the Codex 0.169.0 binary (packages/agents-e2e); https://developers.openai.com/codex/hooks',
  },
  copilot: {
    enforces: ALL,
    lacks: ['a hook that fails or times out lets the call through (Copilot never reads a failure as a refusal; exit codes do not deny)'],
    unconfirmed: ['whether Copilot CLI reads the flat or the nested deny for VS Code-form (PascalCase) entries: both are sent'],
    source: 'docs: https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference',
  },
  vscode: {
    enforces: ALL,
    lacks: [],
    unconfirmed: ['which Stop answer keeps the agent working (top-level and nested `decision: block` are both sent)', 'tool names beyond those in microsoft/vscode-copilot-chat (unknown tools naming a path are refused)'],
    source: 'docs: https://code.visualstudio.com/docs/agents/reference/hooks-reference; tool names from microsoft/vscode-copilot-chat',
  },
  cursor: {
    enforces: ALL,
    lacks: ['Cursor caps the continuations a stop hook can ask for (its loop limit)'],
    unconfirmed: ['preToolUse tool and argument names (Write, StrReplace, Delete, ApplyPatch, Shell): unknown tools naming a path are refused', 'that `{}` (no decision) is read as "no objection" under failClosed'],
    source: 'docs: https://cursor.com/docs/hooks and https://cursor.com/docs/reference/third-party-hooks (through summaries that cite them)',
  },
  qwen: {
    enforces: ALL,
    lacks: ['project hooks run only in a trusted folder when folder trust is on (it is off by default; `doctor --agent qwen` warns)'],
    unconfirmed: [],
    source: 'verified with the Qwen Code 0.24.4 binary (packages/agents-e2e); docs: QwenLM/qwen-code docs/users/features/hooks.md',
  },
  gemini: {
    enforces: ALL,
    lacks: ['project hooks run only in a trusted folder: headless, set GEMINI_CLI_TRUST_WORKSPACE=true (`doctor --agent gemini` warns)'],
    unconfirmed: [],
    source: 'verified with the Gemini CLI 0.61.0 binary (packages/agents-e2e); https://geminicli.com/docs/hooks/reference',
  },
  cline: {
    enforces: NO_END_OF_TURN,
    lacks: [DEFERRED, 'no hook timeout can be set'],
    unconfirmed: ['the `replace_in_file` and `execute_command` tool names'],
    source: 'docs: https://docs.cline.bot/features/hooks/hook-reference',
  },
  windsurf: {
    enforces: NO_END_OF_TURN,
    lacks: [DEFERRED, 'no hook timeout can be set'],
    unconfirmed: ['the field names of tool_info (file_path, edits, command_line)'],
    source: 'docs: https://docs.windsurf.com/windsurf/cascade/hooks',
  },
  opencode: {
    enforces: NO_END_OF_TURN,
    lacks: [DEFERRED],
    unconfirmed: ['the argument name of opencode\'s patch tool (patchText), which it offers only to some models'],
    source: 'verified with the opencode 1.18.33 binary (packages/agents-e2e); https://opencode.ai/docs/plugins',
  },
};
