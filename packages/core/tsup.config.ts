import { isBuiltin } from 'node:module';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * A vendor bundle runs through vm.Script with V8's cached data, and V8 drops the `import()` hook from
 * code it takes from the cache (nodejs/node#43663): an `import()` of a Node built-in becomes require().
 * (Modules the bundle contains are required already; nothing else is left outside it.)
 */
const builtinImportsAsRequire: EsbuildPlugin = {
  name: 'builtin-imports-as-require',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' && isBuiltin(args.path) ? { path: args.path, namespace: 'builtin-require' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'builtin-require' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};

/** The vendor libraries the tools' bins load from one CommonJS file each (see src/code-cache.ts). */
const VENDOR = ['anthropic', 'openai', 'genai', 'execa', 'zod'];

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'cli-entry': 'src/cli-entry.ts', light: 'src/light.ts', 'testkit/index': 'src/testkit/index.ts', 'json-schemas': 'src/json-schemas.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    dts: true,
    // No clean: other packages import dist while it rebuilds during development; CI builds from a clean clone.
    clean: false,
    splitting: true,
    sourcemap: false,
  },
  {
    // Each library and everything it imports in one file: Node reads and compiles one file instead of
    // resolving hundreds, and V8's code cache (Node 20) or Node's compile cache (22.1+) keeps the result.
    // Minified (about half the compile and cache-load time of the plain bundle); names kept, since
    // libraries read class and function names; the licence comments go to the end of each file.
    entry: Object.fromEntries(VENDOR.map((name) => [`vendor/${name}`, `src/vendor/${name}.ts`])),
    format: ['cjs'],
    target: 'node20',
    platform: 'node',
    noExternal: [/.*/],
    minify: true,
    keepNames: true,
    esbuildPlugins: [builtinImportsAsRequire],
    esbuildOptions(options) {
      options.legalComments = 'eof';
    },
    clean: false,
    splitting: false,
    sourcemap: false,
  },
]);
