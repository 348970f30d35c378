import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'json-schemas': 'src/json-schemas.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: true,
  // No clean: other packages import dist while it rebuilds during development; CI builds from a clean clone.
  clean: false,
  splitting: true,
});
