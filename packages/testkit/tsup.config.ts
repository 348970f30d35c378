// vitest and the bench scripts import dist/index.js; no declarations, since the one tsconfig
// (the root's) reads src/ through the "source" condition.
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: false,
});
