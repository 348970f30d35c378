// The build of every tool package, in two passes:
//  - the bin `dist/cli.js`: one bundled file with the tool's code and core inlined, so `--help` and
//    the hot paths read and compile one file. Only commander (needed by every parse) is imported
//    statically; the heavy libraries stay external and are reached through the `import()`s core
//    already makes lazily, and the code only a run needs becomes lazily-loaded `cli-lazy-*` chunks.
//  - the library entry `dist/index.js` with its types, which keeps importing `@adlc/core`.
// Each package's tsup.config.ts re-exports this. test/cli-bundle.test.ts (in core) checks the result.
import { rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/** Loaded only behind `import()` in the bin (the bundle must declare them as dependencies). */
export const LAZY_EXTERNALS = ['@anthropic-ai/sdk', '@google/genai', 'openai', 'execa', 'simple-git', 'typescript', 'zod', 'picomatch'];

const common: Options = { format: ['esm'], target: 'node20', platform: 'node', splitting: true, clean: false };

export default defineConfig((cli): Options[] => {
  // The two passes run at once and share dist/, so neither may clean it: clean here, once, before both.
  if (!cli.watch) rmSync('dist', { recursive: true, force: true });
  return [
    {
      ...common,
      entry: { cli: 'src/cli.ts' },
      noExternal: ['@adlc/core', 'commander'],
      external: LAZY_EXTERNALS,
      // commander is CommonJS: its require()s of Node built-ins need a real `require` in an ES module.
      banner: { js: "import { createRequire as createRequireForCommander } from 'node:module';\nconst require = createRequireForCommander(import.meta.url);" },
      esbuildOptions(options) {
        options.chunkNames = 'cli-lazy-[hash]';
      },
    },
    {
      ...common,
      entry: { index: 'src/index.ts' },
      dts: { entry: { index: 'src/index.ts' } },
    },
  ];
});
