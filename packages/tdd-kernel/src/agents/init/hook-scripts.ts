// The two agents that take code rather than a command line: Cline runs an executable per event, opencode
// loads a plugin module. Both are written whole by `init` (and recognised by their first comment line).

export const SCRIPT_MARK = 'tdd-kernel hook (written by `tdd-kernel init';

/** `.clinerules/hooks/<Event>`: hands stdin to the hook command, whose stdout and exit code are the answer. */
export function clineScript(command: string): string {
  return `#!/bin/sh\n# ${SCRIPT_MARK} cline\`; it rewrites this file)\nexec ${command}\n`;
}

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
