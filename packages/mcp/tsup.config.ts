// adlc-mcp ships as one file: the server, the MCP SDK, zod, core and the four tools' libraries are
// inlined, so start-up reads one module instead of resolving hundreds (the SDK alone takes ~180 ms
// to import unbundled). What stays outside is loaded lazily and only when a tool needs it: the
// provider SDKs and execa from core's vendor bundles (through V8's code cache, as the tools' bins do),
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

export default defineConfig({
  entry: { cli: 'src/cli.ts', 'json-schemas': 'src/json-schemas.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  splitting: false,
  // Half the bytes to read, decode and parse at every start.
  minify: true,
  // Inlined although a dependency: @adlc/core (its code; the package itself is still installed so the
  // tools can resolve TypeScript through it).
  noExternal: [/^@adlc\//, /^@modelcontextprotocol\//, /^zod($|\/)/],
  external: LAZY_EXTERNALS,
  // zod is inlined once, shared by the MCP SDK and the tools, so it is not taken from core's bundle.
  esbuildPlugins: [manifestVersionOnly, withoutAjv, zodEnglishOnly, vendorBundlesOf(Object.keys(VENDORED).filter((name) => name !== 'zod'))],
  // Inlined CommonJS (commander) calls require() for Node's built-ins: give the module one.
  banner: { js: "import { createRequire as __adlcCreateRequire } from 'node:module';\nconst require = __adlcCreateRequire(import.meta.url);" },
  // The workspace packages from their sources (the `source` export condition), as tsc reads them.
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
