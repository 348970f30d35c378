// `tdd-kernel hook <agent>`: reads one hook payload on stdin, finds which agent really sent it, lets the
// kernel decide on the internal event and answers in that agent's contract. Fail closed: a payload that
// cannot be read, and any internal error before a tool runs, refuse the call in the agent's own words.

import { detectHost } from '../detect-host.js';
import { loadAdapter } from '../load-adapter.js';
import type { AgentEvent, AgentName, HookDecision, HookOutput } from '../types.js';
import { unreadable } from '../adapters/claude-shape.js';
import { decide, type HookOptions } from './decide.js';

export type { HookOptions };

export async function handleAgentHook(agent: AgentName, input: string, opts: HookOptions = {}): Promise<HookOutput> {
  let payload: Record<string, unknown>;
  try {
    payload = parsePayload(input);
  } catch (error) {
    // We cannot tell which event this is; refusing is the only closed answer (ignored outside a pre-tool event).
    return refusingHook(agent, unreadable(agent, (error as Error).message).problem!);
  }
  const adapter = await loadAdapter(detectHost(payload, agent));
  const event = adapter.parse(payload);
  let decided: { decision: HookDecision; stderr: string };
  try {
    decided = await decide(event, opts);
  } catch (error) {
    decided = failClosed(event, (error as Error).message ?? String(error));
  }
  const out = adapter.render(decided.decision, event);
  return { ...out, stderr: decided.stderr + out.stderr };
}

function parsePayload(input: string): Record<string, unknown> {
  const payload: unknown = JSON.parse(input);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new Error('not a JSON object');
  return payload as Record<string, unknown>;
}

/** An internal error: refuse a tool call; at the end of the turn keep the agent working, once. */
function failClosed(event: AgentEvent, message: string): { decision: HookDecision; stderr: string } {
  if (event.phase === 'pre') return { decision: { kind: 'deny', reason: `tdd-kernel internal error, edit refused (fail closed): ${message}` }, stderr: '' };
  if (event.phase === 'stop' && !event.stopHookActive) return { decision: { kind: 'continue', reason: `tdd-kernel could not flush this turn's edits: ${message}` }, stderr: '' };
  return { decision: { kind: 'allow' }, stderr: `tdd-kernel: ${message}\n` };
}

/** A refusal in the agent's contract, for a hook that could not get as far as reading its event. */
export async function refusingHook(agent: AgentName, reason: string): Promise<HookOutput> {
  return (await loadAdapter(agent)).render({ kind: 'deny', reason }, unreadable(agent, ''));
}

/**
 * A hook whose command line is wrong (an unknown flag, a bad --mode) still answers: it refuses in the
 * agent's contract (Claude Code's when the agent itself is unknown) and says on stderr how to fix it.
 */
export async function misconfiguredHook(agent: AgentName | null, message: string, hint: string, argv: readonly string[]): Promise<HookOutput> {
  const out = await refusingHook(agent ?? 'claude-code', `tdd-kernel: the hook is misconfigured (${message}); edit refused. Ask the user to ${hint}.`);
  const stderr = `tdd-kernel: error: ${message}\ntdd-kernel: ${hint}; the command was \`${['tdd-kernel', ...argv].join(' ')}\`\n`;
  return { ...out, stderr: stderr + out.stderr };
}
