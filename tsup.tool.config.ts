// The build of every tool package, in three passes:
//  - the bin, CommonJS (see cjsBin): a launcher `dist/cli.cjs` and the CLI it loads through V8's code cache,
//    `dist/cli-main.cjs`, one bundled file with the tool's code, core, @adlc/localize and commander inlined. The heavy
//    libraries stay out: the SDKs and zod come from core's vendor bundles (vendorBundles), TypeScript and
//    picomatch from their packages, each loaded only where core reaches for it lazily.
//  - the library entry `dist/index.js` with its types, which keeps importing `@adlc/core`, and the
//    list of JSON outputs the schema step reads (`dist/json-schemas.js`, see scripts/build-schemas.mjs).
// Each package's tsup.config.ts calls toolConfig. test/tool-cli-bundle.test.ts (in core) checks the result.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/** Loaded only behind `import()` in the bin (the bundle must declare them as dependencies). */
export const LAZY_EXTERNALS = ['typescript', 'picomatch'];

/** The libraries the bin takes from core's vendor bundles (`@adlc/core/vendor/<file>.cjs`), by package. */
export const VENDORED: Record<string, string> = { '@anthropic-ai/sdk': 'anthropic', openai: 'openai', '@google/genai': 'genai', zod: 'zod' };

/**
 * In the bin, `import ... from 'openai'` (and the other vendored packages) becomes a module that loads
 * core's one-file bundle of it through requireWithCodeCache (V8's code cache on Node 20, Node's compile
 * cache on 22.1+) and re-exports what it exports. It stays where the import was: a package imported only
 * behind `import()` still loads only when that runs. The export names are read from the built bundle.
 */
export const vendorBundles: EsbuildPlugin = vendorBundlesOf(Object.keys(VENDORED));

/** vendorBundles for some of the vendored packages only (adlc-mcp inlines its own zod, shared with the MCP SDK). */
export function vendorBundlesOf(packages: string[]): EsbuildPlugin {
  return {
    name: 'adlc-vendor-bundles',
    setup(build) {
      const names = packages.map((name) => name.replace(/[/]/g, '\\/'));
      build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'adlc-vendor' }));
      build.onLoad({ filter: /.*/, namespace: 'adlc-vendor' }, (args) => {
        const file = `@adlc/core/vendor/${VENDORED[args.path]}.cjs`;
        const exported = Object.keys(createRequire(path.resolve('package.json'))(file) as object);
        const named = exported.filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
        return {
          resolveDir: process.cwd(),
          contents: [
            `import { createRequire } from 'node:module';`,
            `import { requireWithCodeCache } from '@adlc/core/light';`,
            `const vendor = requireWithCodeCache(createRequire(import.meta.url).resolve(${JSON.stringify(file)}));`,
            ...(exported.includes('default') ? ['export default vendor.default;'] : []),
            `export const { ${named.join(', ')} } = vendor;`,
          ].join('\n'),
        };
      });
    },
  };
}

/**
 * A CLI imports its own package.json for `--version` (read once, at build time). The bundle keeps
 * only the name and version of it, not the workspace's dependency specifiers. Each importer gets
 * its own copy: a manifest shared by the CLI entry and a lazily loaded module would become a chunk
 * the entry imports statically, and the entry must load nothing but what declaring the flags needs.
 */
export const manifestVersionOnly: EsbuildPlugin = {
  name: 'manifest-version-only',
  setup(build) {
    // The module's name is relative (it shows in the bundle's comments); the file travels in pluginData.
    build.onResolve({ filter: /^\.\.?\/(?:.*\/)?package\.json$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      const name = `${path.relative(process.cwd(), file)}?from=${path.relative(process.cwd(), args.importer)}`;
      return { path: name, namespace: 'manifest-version', pluginData: { file } };
    });
    build.onLoad({ filter: /.*/, namespace: 'manifest-version' }, async (args) => {
      const { file } = args.pluginData as { file: string };
      const { name, version } = JSON.parse(await readFile(file, 'utf8')) as { name: string; version: string };
      return { contents: JSON.stringify({ name, version }), loader: 'json' };
    });
  },
};

/**
 * In a bundle (the CommonJS bin above all) esbuild turns every `import fs from 'node:fs'` (default or
 * namespace) into a copy of the built-in's exports, one per importing module, and loads every built-in a
 * module names when that module loads: tens of modules times every property of fs, path and crypto, and
 * crypto (with the streams it pulls in) compiled at each start even by a call that never hashes. Each
 * built-in goes through one module of the bundle instead (`adlc-builtin:<name>`), which takes one copy of it. A built-in Node has not
 * already loaded by the time a file starts (PRELOADED_BUILTINS) is copied from a lazy stand-in
 * (`adlc-lazy-builtin:<name>`): a getter per export, named from the built-in as the build's Node has it,
 * that requires the built-in on first use. The others are copied as they are: a getter saves nothing there,
 * and each costs a property and a closure at every start.
 */
const builtinsOnce: EsbuildPlugin = {
  name: 'adlc-builtins-once',
  setup(build) {
    build.onResolve({ filter: /^[a-z_:/-]+$/ }, (args) => {
      if (args.path.startsWith('adlc-lazy:')) return { path: args.path.slice('adlc-lazy:'.length), namespace: 'adlc-lazy-builtin' };
      if (args.namespace === 'adlc-builtin' || args.namespace === 'adlc-lazy-builtin' || !isBuiltin(args.path)) return undefined;
      return { path: args.path.replace(/^node:/, ''), namespace: 'adlc-builtin' };
    });
    build.onLoad({ filter: /.*/, namespace: 'adlc-builtin' }, (args) => {
      const from = PRELOADED_BUILTINS.has(args.path) ? `node:${args.path}` : `adlc-lazy:${args.path}`;
      // require, not `import * as`: esbuild would copy the module's properties for the namespace too.
      return { contents: `const m = require('${from}');\nexport default m.default ?? m;\nexport * from '${from}';`, loader: 'js' };
    });
    build.onLoad({ filter: /.*/, namespace: 'adlc-lazy-builtin' }, (args) => ({
      contents: lazyBuiltinSource(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The public built-ins Node has loaded when a CommonJS file starts (fs, path, util, url, events...), read
 * from the build's Node running a file (not `-e`, which loads more).
 */
const PRELOADED_BUILTINS: ReadonlySet<string> = preloadedBuiltins();

function preloadedBuiltins(): Set<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'adlc-builtins-'));
  try {
    const probe = path.join(dir, 'probe.cjs');
    writeFileSync(probe, "require('node:fs').writeSync(1, JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith('NativeModule ') && !m.includes('internal/')).map((m) => m.slice(13))));\n");
    return new Set(JSON.parse(execFileSync(process.execPath, [probe], { encoding: 'utf8' })) as string[]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A CommonJS module standing in for the built-in `name`: each export a getter that requires it on first use. */
function lazyBuiltinSource(name: string): string {
  const names = Object.keys(createRequire(path.resolve('package.json'))(`node:${name}`) as object).filter((key) => key !== 'default' && key !== '__esModule');
  return [
    `let loaded;`,
    `const load = () => (loaded ??= require(${JSON.stringify(`node:${name}`)}));`,
    `for (const name of ${JSON.stringify(names)}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
  ].join('\n');
}

const common: Options = {
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  clean: false,
  esbuildPlugins: [manifestVersionOnly],
};

/** What `dist/cli.js` runs: the bin is `dist/cli.cjs`, but hooks written by an earlier `init` and users' scripts name `dist/cli.js`. */
const ESM_BIN_FORWARDER = "#!/usr/bin/env node\n// The bin is dist/cli.cjs; this path stays for the commands and scripts that name it.\nimport './cli.cjs';\n";

/**
 * A tool's bin: the launcher (`src/bin.ts`, built to `dist/cli.cjs`), the CLI it loads (`src/cli.ts`, built
 * to `dist/cli-main.cjs`), and the modules the launcher's own code imports but takes from the CLI's file
 * instead of carrying them (`viaMain`: module specifier as written in the sources, and the names the
 * importers use; the CLI's entry exports `lazy`, a loader per specifier).
 */
export interface BinOptions {
  viaMain?: Record<string, string[]>;
  /** Where the package keeps its launcher, its CLI and its list of JSON outputs, when not in src/ itself. */
  entries?: Entries;
}

interface Entries {
  bin: string;
  cli: string;
  jsonSchemas: string;
}

const ENTRIES: Entries = { bin: 'src/bin.ts', cli: 'src/cli.ts', jsonSchemas: 'src/json-schemas.ts' };

/**
 * In the launcher, `import('<specifier>')` of a `viaMain` module becomes a module whose functions load the
 * CLI's file (through requireWithCodeCache) and call the same function there: the launcher stays small and
 * the rarely needed code (the flush, its runners and core) is compiled only by the calls that need it.
 */
function fromMainBundle(viaMain: Record<string, string[]>): EsbuildPlugin {
  return {
    name: 'adlc-from-main-bundle',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) =>
        args.kind === 'dynamic-import' && viaMain[args.path] ? { path: args.path, namespace: 'adlc-from-main' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'adlc-from-main' }, (args) => ({
        resolveDir: process.cwd(),
        contents: [
          `import { requireWithCodeCache } from '@adlc/core/light';`,
          `const load = () => requireWithCodeCache(require('node:path').join(__dirname, 'cli-main.cjs')).lazy[${JSON.stringify(args.path)}]();`,
          ...viaMain[args.path]!.map((name) => `export const ${name} = async (...args) => (await load()).${name}(...args);`),
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

/**
 * The bin, as CommonJS: on Node 20 an ES module entry and every module it loads cost tens of milliseconds of
 * CPU more than CommonJS, and Node 20 has no compile cache for them. esbuild does not split CommonJS, so there
 * are two files. The launcher, `dist/cli.cjs`, carries only what its entry imports, less `viaMain`: a few
 * kilobytes for most tools, the hot commands' code for tdd-kernel (check and the hooks run on every edit an
 * agent makes, from a plain require). The CLI, `dist/cli-main.cjs`, carries everything, and the launcher
 * loads it through core's loadBundledCli (requireWithCodeCache): V8 then reads the compiled code instead of
 * parsing the file. In both an `import()` of the tool's own modules becomes a
 * function run on first use, and an `import()` of a package a require(): V8's code cache cannot serve a
 * file that calls import() (code-cache.ts). `dist/cli.js` stays, forwarding to the bin, for the commands
 * that name it.
 */
function cjsBin(opts: BinOptions): Options[] {
  const entries = opts.entries ?? ENTRIES;
  const pass = (entry: Record<string, string>, plugins: EsbuildPlugin[]): Options => ({
    ...common,
    format: ['cjs'],
    splitting: false,
    // Half the bytes to read, hash and decode at every start (the code cache spares the parse, not these).
    minify: true,
    entry,
    outExtension: () => ({ js: '.cjs' }),
    // import.meta.url becomes the file's URL, from __filename.
    shims: true,
    noExternal: ['@adlc/core', '@adlc/localize', 'commander', ...Object.keys(VENDORED)],
    external: LAZY_EXTERNALS,
    esbuildPlugins: [manifestVersionOnly, vendorBundles, builtinsOnce, ...plugins],
    // tsup's own rewrite of `node:` imports would resolve them before builtinsOnce sees them.
    removeNodeProtocol: false,
    // Maps the minified code back to its sources (for --enable-source-maps, and for the tests that read
    // which modules a run executed from V8's coverage); Node reads it only when asked.
    sourcemap: true,
    esbuildOptions(options) {
      options.supported = { ...options.supported, 'dynamic-import': false };
      options.sourcesContent = false;
    },
  });
  return [
    { ...pass({ cli: entries.bin }, [fromMainBundle(opts.viaMain ?? {})]), onSuccess: async () => writeFileSync('dist/cli.js', ESM_BIN_FORWARDER, { mode: 0o755 }) },
    pass({ 'cli-main': entries.cli }, []),
  ];
}

/** The library entry `dist/index.js` with its types, and the JSON outputs' list for the schema step. */
function library(opts: BinOptions): Options {
  return {
    ...common,
    entry: { index: 'src/index.ts', 'json-schemas': (opts.entries ?? ENTRIES).jsonSchemas },
    dts: { entry: { index: 'src/index.ts' } },
  };
}

/**
 * A tool's build: its bin and its library.
 * The passes run at once and share dist/, so none may clean it: it is cleaned here, once, before all.
 */
export function toolConfig(opts: BinOptions = {}) {
  return defineConfig((cli): Options[] => {
    if (!cli.watch) rmSync('dist', { recursive: true, force: true });
    return [...cjsBin(opts), library(opts)];
  });
}

export default toolConfig();
