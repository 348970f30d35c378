// The build of every tool package, in two passes sharing dist/:
//  - the CLI, `dist/cli.js` (from src/cli.ts), which the committed bin (`bin/<tool>.js`) imports: one ESM
//    bundle of the tool's and core's code, split so that what only some runs need (a command's
//    implementation, a provider SDK's adapter, the TypeScript compiler) is a chunk loaded on first use.
//    Third-party packages stay outside, imported from node_modules: each is a dependency of the tool.
//  - the library entry `dist/index.js` with its types, which imports `@adlc/core` like any dependent,
//    and the list of JSON outputs the schema step reads (`dist/json-schemas.js`, see scripts/build-schemas.mjs).
import { rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const common: Options = {
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  clean: false,
  removeNodeProtocol: false,
};

/** Every bare specifier but the workspace's own packages, which the CLI bundles from their sources. */
export const THIRD_PARTY = /^(?!@adlc\/)(?:@[^/]+\/)?[^./][^/]*(?:\/.*)?$/;

export const cliBundle = (entry: Record<string, string> = { cli: 'src/cli.ts' }): Options => ({
  ...common,
  entry,
  external: [THIRD_PARTY],
  noExternal: [/^@adlc\//],
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});

const library: Options = {
  ...common,
  entry: { index: 'src/index.ts', 'json-schemas': 'src/json-schemas.ts' },
  dts: { entry: { index: 'src/index.ts' } },
};

/** A tool's build. The passes run at once and share dist/, so none may clean it: it is cleaned here, once. */
export function toolConfig() {
  return defineConfig((cli): Options[] => {
    if (!cli.watch) rmSync('dist', { recursive: true, force: true });
    return [cliBundle(), library];
  });
}

export default toolConfig();
