// adlc-mcp is bundled: the server, the MCP SDK, zod, core and the four tools' libraries are inlined, so
// Node reads a few files instead of resolving hundreds (the SDK alone takes ~180 ms to import unbundled).
// It is split: dist/cli.js and the chunks it imports statically are what answering `initialize` needs
// (the SDK's protocol layer, zod, a few core modules); each tool, the call path and commander are
// chunks loaded on first use. What stays outside is loaded lazily and only when a tool needs it: the
// provider SDKs from core's vendor bundles (through V8's code cache, as the tools' bins do),
// TypeScript and picomatch as packages (the dependencies in package.json).
import path from 'node:path';
import { defineConfig, type Options } from 'tsup';
import { LAZY_EXTERNALS, manifestVersionOnly, VENDORED, vendorBundlesOf } from '../../tsup.tool.config';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * The SDK's server builds an ajv instance at start-up (tens of milliseconds: it compiles the JSON
 * Schema meta-schemas) only to validate elicitation answers. adlc-mcp elicits nothing and passes a
 * validator of its own (server.ts), so the module that would load ajv is left out of the bundle.
 */
const withoutAjv: EsbuildPlugin = {
  name: 'mcp-sdk-without-ajv',
  setup(build) {
    build.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) => ({ path: args.path, namespace: 'without-ajv' }));
    build.onLoad({ filter: /.*/, namespace: 'without-ajv' }, () => ({
      contents: 'export class AjvJsonSchemaValidator { constructor() { throw new Error("adlc-mcp passes its own JSON Schema validator"); } }',
      loader: 'js',
    }));
  },
};

/**
 * zod re-exports every locale (about 300 KB, a third of the bundle) through a namespace esbuild cannot
 * prune. Its messages are English unless a caller switches locale, which nothing here does: only the
 * English one is bundled, and every start has that much less to read and parse.
 */
const zodEnglishOnly: EsbuildPlugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: path.join(args.resolveDir, args.path), namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The SDK keeps zod 3 beside zod 4 for servers that still define zod 3 schemas: it builds an object of
 * zod 3 fields, and converts zod 3 schemas to JSON Schema with zod-to-json-schema. adlc-mcp has no zod 3
 * schema (every schema is zod 4's, and tools/list is converted at build time by zod 4's own converter),
 * so both are left out: about 70 KB less to read and run at every start. Should a zod 3 schema ever
 * reach them, they throw.
 */
const withoutZod3: EsbuildPlugin = {
  name: 'mcp-sdk-without-zod3',
  setup(build) {
    const fromSdk = (importer: string) => /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(importer);
    build.onResolve({ filter: /^(zod\/v3|zod-to-json-schema)$/ }, (args) => (fromSdk(args.importer) ? { path: args.path, namespace: 'without-zod3' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'without-zod3' }, (args) => ({
      contents: `const refuse = () => { throw new Error("adlc-mcp has no zod 3 schemas (${args.path} is left out of the bundle)"); };\n` +
        (args.path === 'zod/v3' ? 'export const object = refuse;' : 'export const zodToJsonSchema = refuse;'),
      loader: 'js',
    }));
  },
};

export default defineConfig({
  // tools-list: the tools/list answer, computed once after the build (scripts/write-tools-list.mjs).
  entry: { cli: 'src/cli.ts', 'tools-list': 'src/tools-list.ts', 'json-schemas': 'src/json-schemas.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  // The start loads cli.js and the chunks it imports statically; each tool, commander and the call path
  // are chunks of their own, loaded on first use (src/tools/index.ts, src/cli.ts, src/server.ts).
  splitting: true,
  // Half the bytes to read, decode and parse at every start.
  minify: true,
  // Inlined although a dependency: @adlc/core (its code; the package itself is still installed so the
  // tools can resolve TypeScript through it).
  noExternal: [/^@adlc\//, /^@modelcontextprotocol\//, /^zod($|\/)/],
  external: LAZY_EXTERNALS,
  // zod is inlined once, shared by the MCP SDK and the tools, so it is not taken from core's bundle.
  esbuildPlugins: [manifestVersionOnly, withoutAjv, withoutZod3, zodEnglishOnly, vendorBundlesOf(Object.keys(VENDORED).filter((name) => name !== 'zod'))],
  // Inlined CommonJS (commander) calls require() for Node's built-ins: give the module one.
  banner: { js: "import { createRequire as __adlcCreateRequire } from 'node:module';\nconst require = __adlcCreateRequire(import.meta.url);" },
  // The workspace packages from their sources (the `source` export condition), as tsc reads them.
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
