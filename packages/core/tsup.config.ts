import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
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
const VENDOR = ['anthropic', 'openai', 'genai', 'zod'];

/** The package directory (the one with its package.json) of a bundled file under node_modules. */
function packageDirOf(file: string): string | undefined {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const rest = file.slice(at + 'node_modules/'.length).split('/');
  return file.slice(0, at + 'node_modules/'.length) + rest.slice(0, rest[0]!.startsWith('@') ? 2 : 1).join('/');
}

/**
 * The vendor bundles carry other people's code: dist/vendor/THIRD-PARTY-LICENSES.md names every package
 * in them (name, version, licence) with its licence text, as their licences ask of a redistribution.
 */
const thirdPartyLicenses: EsbuildPlugin = {
  name: 'third-party-licenses',
  setup(build) {
    build.initialOptions.metafile = true;
    build.onEnd((result) => {
      if (!result.metafile) return;
      const dirs = new Set(Object.keys(result.metafile.inputs).map((input) => packageDirOf(path.resolve(input))).filter((dir) => dir !== undefined));
      const sections = [...dirs].map((dir) => {
        const { name, version, license } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
        const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\..*)?$/i.test(f));
        const text = file ? readFileSync(path.join(dir, file), 'utf8').trim() : `(no licence file in the package; its package.json says ${license ?? 'nothing'})`;
        return `## ${name}@${version} (${license ?? 'unknown'})\n\n\`\`\`\n${text}\n\`\`\`\n`;
      });
      sections.sort();
      // tsup writes the bundles after this hook, so on a clean build the directory does not exist yet.
      mkdirSync('dist/vendor', { recursive: true });
      writeFileSync('dist/vendor/THIRD-PARTY-LICENSES.md', `# Third-party code in dist/vendor/*.cjs\n\n${sections.join('\n')}`);
    });
  },
};

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'cli-entry': 'src/cli-entry.ts', light: 'src/light.ts', 'main-entry': 'src/main-entry.ts', 'json-schemas': 'src/json-schemas.ts' },
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
    esbuildPlugins: [builtinImportsAsRequire, thirdPartyLicenses],
    esbuildOptions(options) {
      options.legalComments = 'eof';
    },
    clean: false,
    splitting: false,
    sourcemap: false,
  },
]);
