// The build of every tool package: the CLI (`dist/cli.js`, the package's bin), the library
// entry (`dist/index.js` with its types) and the list of JSON outputs the schema step reads
// (`dist/json-schemas.js`, see scripts/build-schemas.mjs). Each package's tsup.config.ts re-exports this.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

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
