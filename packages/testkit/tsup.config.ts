// Built like the other packages (vitest and the bench scripts import dist/index.js); the root
// tsconfig reads src/ through the "source" condition.
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: true,
  clean: true,
  sourcemap: false,
});
