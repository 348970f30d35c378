// The exact agent builds the end-to-end tests run. Only the Linux x64 platform package is
// installed: it holds the native binary, and skips the wrapper package (whose postinstall wants
// Node 22) and the other platforms' optional dependencies.

export type AgentId = 'claude-code' | 'codex';

export interface AgentPin {
  /** The npm package the agent is published as (for people; what `npm view` reports). */
  readonly packageName: string;
  readonly version: string;
  /** What `npm install` gets: the Linux x64 platform package at the pinned version. */
  readonly installSpec: string;
  /** Where the installed platform package lives under the install directory. */
  readonly packageDir: string;
  /** The native binary, relative to the install directory. */
  readonly binary: string;
}

export const AGENT_PINS = {
  'claude-code': {
    packageName: '@anthropic-ai/claude-code',
    version: '2.1.330',
    installSpec: '@anthropic-ai/claude-code-linux-x64@2.1.330',
    packageDir: 'node_modules/@anthropic-ai/claude-code-linux-x64',
    binary: 'node_modules/@anthropic-ai/claude-code-linux-x64/claude',
  },
  codex: {
    packageName: '@openai/codex',
    version: '0.169.0',
    // The platform build is published as a version tag of @openai/codex itself (an npm alias).
    installSpec: '@openai/codex-linux-x64@npm:@openai/codex@0.169.0-linux-x64',
    packageDir: 'node_modules/@openai/codex-linux-x64',
    binary: 'node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex',
  },
} as const satisfies Record<AgentId, AgentPin>;

/** Why this machine cannot run the pinned binaries, or null when it can. */
export function unsupportedPlatform(platform: string, arch: string): string | null {
  if (platform === 'linux' && arch === 'x64') return null;
  return `the pinned agent binaries are Linux x64 builds; this machine is ${platform} ${arch}`;
}

/** Under CI a missing agent fails the run (the tests must really run there); elsewhere it skips them. */
export function onInstallFailure(env: Record<string, string | undefined>): 'fail' | 'skip' {
  return env.CI === 'true' || env.CI === '1' ? 'fail' : 'skip';
}
