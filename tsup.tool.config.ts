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

/**
 * A CLI bundle that needs from node_modules only `keepExternal`, packages without dependencies of their
 * own: everything else, their dependencies included, is inlined. The CommonJS among them call `require`,
 * which an ESM chunk defines through createRequire.
 */
export const selfContainedCliBundle = (keepExternal: readonly string[], entry: Record<string, string> = { cli: 'src/cli.ts' }): Options => {
  const kept = new RegExp(`^(?:${keepExternal.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})(?:/|$)`);
  return {
    ...cliBundle(entry),
    external: [kept],
    noExternal: [new RegExp(`^(?!${kept.source.slice(1)})`)],
    banner: { js: "import { createRequire as __adlcCreateRequire } from 'node:module';\nconst require = __adlcCreateRequire(import.meta.url);" },
  };
};

/** Where a package keeps its CLI and its list of JSON outputs, when not in src/ itself. */
export interface ToolEntries {
  cli?: string;
  jsonSchemas?: string;
  /** Inline every third-party package in the CLI but these (see selfContainedCliBundle). */
  selfContainedBut?: readonly string[];
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
    const entry = { cli: entries.cli ?? 'src/cli.ts' };
    const bundle = entries.selfContainedBut ? selfContainedCliBundle(entries.selfContainedBut, entry) : cliBundle(entry);
    return [bundle, library(entries.jsonSchemas ?? 'src/json-schemas.ts')];
  });
}

export default toolConfig();
