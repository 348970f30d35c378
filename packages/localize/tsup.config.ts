// A library only (no bin): one ESM entry with its types, and its defaults alone (`@adlc/localize/defaults`,
// which consensus-fix's flags read without loading the localizer); @adlc/core and zod stay imports.
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/defaults.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: true,
  clean: true,
});
