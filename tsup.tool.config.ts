// The build of every tool package: the CLI (`dist/cli.js`, the package's bin) and the library
// entry (`dist/index.js` with its types). Each package's tsup.config.ts re-exports this.
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { cli: 'src/cli.ts', index: 'src/index.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  splitting: true,
});
