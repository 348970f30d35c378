// The build of every tool package, in two passes sharing dist/:
//  - the CLI, `dist/cli.js` (from src/cli.ts), which the committed bin (`bin/<tool>.js`) imports: one ESM
//    bundle of the tool's and core's code, split so that what only some runs need (a command's
//    implementation, a provider SDK's adapter, the TypeScript compiler) is a chunk loaded on first use.
//    Third-party packages stay outside, imported from node_modules: each is a dependency of the tool. zod
//    is the exception: every --help builds the tool's option table with it, and as an ESM package of
//    many files it costs more to load from node_modules than the whole budget of a --help allows. Code
//    imports it as `import * as z from 'zod'`: one `import { z }` keeps the whole of zod, locales
//    included, in the chunk every --help loads.
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
  noExternal: [/^@adlc\//, /^zod(\/|$)/],
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});

/** Where a package keeps its CLI and its list of JSON outputs, when not in src/ itself. */
export interface ToolEntries {
  cli?: string;
  jsonSchemas?: string;
}

const library = (jsonSchemas: string): Options => ({
  ...common,
  entry: { index: 'src/index.ts', 'json-schemas': jsonSchemas },
  dts: { entry: { index: 'src/index.ts' } },
});

/** A tool's build. The passes run at once and share dist/, so none may clean it: it is cleaned here, once. */
export function toolConfig(entries: ToolEntries = {}) {
  return defineConfig((cli): Options[] => {
    if (!cli.watch) rmSync('dist', { recursive: true, force: true });
    return [cliBundle({ cli: entries.cli ?? 'src/cli.ts' }), library(entries.jsonSchemas ?? 'src/json-schemas.ts')];
  });
}

export default toolConfig();
