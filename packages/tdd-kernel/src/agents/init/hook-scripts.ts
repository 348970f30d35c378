// The two agents that take code rather than a command line: Cline runs an executable per event, opencode
// loads a plugin module. Both are written whole by `init` (and recognised by their first comment line).

import path from 'node:path';

export const SCRIPT_MARK = 'tdd-kernel hook (written by `tdd-kernel init';

/**
 * `.clinerules/hooks/<Event>`: hands stdin to the hook command, whose stdout and exit code are the answer.
 * With `chained` (the user's own hook for the event, moved aside by `init`), the kernel answers first:
 * its refusal (`"cancel": true`) or failure stands, else the user's hook gets the same input and answers.
 */
export function clineScript(command: string, chained?: string): string {
  const head = `#!/bin/sh\n# ${SCRIPT_MARK} cline\`; it rewrites this file)\n`;
  if (!chained) return `${head}exec ${command}\n`;
  return `${head}# then your own hook: ${chained}
input=$(cat)
answer=$(printf '%s' "$input" | ${command})
status=$?
if [ $status -ne 0 ] || printf '%s' "$answer" | grep -q '"cancel": *true'; then
  printf '%s\\n' "$answer"
  exit $status
fi
printf '%s' "$input" | exec "$(dirname "$0")/${path.posix.relative(CLINE_HOOKS, chained)}"
`;
}

/** Where `init cline` keeps a user's own Cline hook that it chains after the kernel's. */
export const CLINE_HOOKS = '.clinerules/hooks';
export const clineChainedPath = (event: string) => `${CLINE_HOOKS}/chained/${event}`;

/**
 * `.opencode/plugins/tdd-kernel.js`: every tool call first goes to the hook; a refusal, and a hook that
 * does not answer, throw (opencode then stops the tool and reports the error). The arguments of each call
 * are kept until its after-event, which opencode sends without them.
 */
export function opencodePlugin(command: string, timeouts: { pre: number; post: number }): string {
  return `// ${SCRIPT_MARK} opencode\`; it rewrites this file)
import { spawnSync } from 'node:child_process';

const COMMAND = ${JSON.stringify(command)};

function hook(payload, timeoutMs) {
  return spawnSync('/bin/sh', ['-c', COMMAND], { input: JSON.stringify(payload), encoding: 'utf8', timeout: timeoutMs });
}

function refuseUnlessAllowed(run) {
  if (run.error || run.status !== 0) {
    throw new Error(\`tdd-kernel: the hook did not answer (\${run.error ? run.error.message : \`exit \${run.status}\`}); tool call refused (fail closed). \${run.stderr || ''}\`.trim());
  }
  const out = (run.stdout || '').trim();
  if (out === '') return;
  let answer;
  try {
    answer = JSON.parse(out);
  } catch {
    throw new Error(\`tdd-kernel: unreadable hook answer; tool call refused: \${out.slice(0, 200)}\`);
  }
  if (answer.decision === 'deny') throw new Error(answer.reason);
}

export const TddKernel = async ({ directory, worktree }) => {
  const cwd = worktree || directory;
  const argsByCall = new Map();
  return {
    'tool.execute.before': async (input, output) => {
      argsByCall.set(input.callID, output.args);
      const payload = { hook_event_name: 'tool.execute.before', session_id: input.sessionID, call_id: input.callID, tool: input.tool, args: output.args, cwd };
      refuseUnlessAllowed(hook(payload, ${timeouts.pre}));
    },
    'tool.execute.after': async (input) => {
      const args = argsByCall.get(input.callID);
      argsByCall.delete(input.callID);
      hook({ hook_event_name: 'tool.execute.after', session_id: input.sessionID, call_id: input.callID, tool: input.tool, args, cwd }, ${timeouts.post});
    },
    event: async ({ event }) => {
      if (event.type === 'session.idle') hook({ hook_event_name: 'session.idle', session_id: event.properties && event.properties.sessionID, cwd }, ${timeouts.post});
    },
  };
};
`;
}
