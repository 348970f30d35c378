// The one list of test projects: every package under packages/ that has a test/ folder.
// Vitest 4 no longer reads this file by itself; vitest.config.ts imports it.

import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(root, 'packages');

export const projects = readdirSync(packagesDir)
  .filter((name) => existsSync(join(packagesDir, name, 'test')))
  .sort()
  .map((name) => ({
    test: {
      name,
      root: join(packagesDir, name),
      include: ['test/**/*.test.ts'],
      // Integration tests run built CLIs, real git and real test runners.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }));

export default projects;
