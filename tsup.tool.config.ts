// The build of every tool package: the CLI (`dist/cli.js`, the package's bin), the library
// entry (`dist/index.js` with its types) and the list of JSON outputs the schema step reads
// (`dist/json-schemas.js`, see scripts/build-schemas.mjs). Each package's tsup.config.ts re-exports this.
import { readFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * A CLI imports its own package.json for `--version` (read once, at build time). The bundle keeps
 * only the name and version of it, not the workspace's dependency specifiers.
 */
export const manifestVersionOnly: EsbuildPlugin = {
  name: 'manifest-version-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]package\.json$/ }, async (args) => {
      const { name, version } = JSON.parse(await readFile(args.path, 'utf8')) as { name: string; version: string };
      return { contents: JSON.stringify({ name, version }), loader: 'json' };
    });
  },
};

export default defineConfig({
  entry: { cli: 'src/cli.ts', index: 'src/index.ts', 'json-schemas': 'src/json-schemas.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  splitting: true,
  esbuildPlugins: [manifestVersionOnly],
});
