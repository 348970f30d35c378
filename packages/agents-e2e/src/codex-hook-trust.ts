// Codex runs a repo's hooks only once each one is trusted: its current hash stored in
// CODEX_HOME/config.toml under `[hooks.state."<key>"] trusted_hash`. Here Codex computes the hash:
// its app server's `hooks/list` reports each hook's key and `currentHash`, which is what Codex's own
// review screen stores (tdd-kernel computes the same hash itself for `init codex` and `doctor --agent
// codex`; the config lines come from it). Without a trusted hash, a hook is skipped without a word.

import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { codexEnv, prepareCodexHome, type CodexRunOptions } from './codex.js';

import { hookTrustToml } from '@adlc/tdd-kernel';

export { hookTrustToml };

export interface CodexHook {
  /** `<abs path of hooks.json>:<event>:<group>:<handler>`, e.g. `/repo/.codex/hooks.json:pre_tool_use:0:0`. */
  key: string;
  eventName: string;
  command: string;
  sourcePath: string;
  /** `sha256:<hex>` of the hook as it is now. */
  currentHash: string;
  /** `trusted`, `untrusted`, or `modified` (trusted once, changed since). */
  trustStatus: string;
}

const TIMEOUT_MS = 30_000;

/**
 * The hooks Codex finds for `cwd`, from `codex app-server` (JSON-RPC, one message a line, on
 * stdio): initialize, then `hooks/list`. CODEX_HOME must already hold the config (project trust).
 */
export async function listCodexHooks(binary: string, options: { home: string; cwd: string }): Promise<CodexHook[]> {
  const messages = [
    { id: 1, method: 'initialize', params: { clientInfo: { name: 'adlc-agents-e2e', title: 'adlc', version: '0.0.0' } } },
    { method: 'initialized' },
    { id: 2, method: 'hooks/list', params: { cwds: [options.cwd] } },
  ];
  const env = codexEnv(options.home);
  const server = execa(binary, ['app-server'], { cwd: options.cwd, env, extendEnv: false, reject: false, timeout: TIMEOUT_MS });
  server.stdin.write(messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
  // Read the answers line by line and stop at ours: the server itself never ends on its own.
  const lines = createInterface({ input: server.stdout });
  try {
    for await (const line of lines) {
      const message = JSON.parse(line) as { id?: number; result?: { data: Array<{ hooks: CodexHook[] }> }; error?: unknown };
      if (message.id !== 2) continue;
      if (!message.result) throw new Error(`codex app-server hooks/list failed: ${JSON.stringify(message.error)}`);
      return message.result.data.flatMap((entry) => entry.hooks);
    }
    throw new Error('codex app-server ended without answering hooks/list');
  } finally {
    lines.close();
    server.kill();
    await server;
  }
}

/**
 * Writes CODEX_HOME for a run against the scripted model (provider, project trust) and trusts every
 * hook Codex finds in the project as it is now, the way Codex's own review would: no
 * `--dangerously-bypass-hook-trust` needed. Returns the hooks as Codex listed them before the trust
 * (so a test can see they were untrusted) and the config text to pass as `extraConfig` to `runCodex`,
 * which writes the config again.
 */
export async function trustCodexHooks(
  binary: string,
  options: Pick<CodexRunOptions, 'home' | 'cwd' | 'modelUrl' | 'mode'>,
): Promise<{ hooks: CodexHook[]; extraConfig: string }> {
  prepareCodexHome(options);
  const hooks = await listCodexHooks(binary, { home: options.home, cwd: options.cwd });
  const extraConfig = hookTrustToml(hooks);
  prepareCodexHome({ ...options, extraConfig });
  return { hooks, extraConfig };
}
