// The one list of test projects: every package under packages/ that has a test/ folder, and the
// GitHub Actions under actions/.
// Vitest 4 no longer reads this file by itself; vitest.config.ts imports it.

import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(root, 'packages');

const packageProjects = readdirSync(packagesDir)
  .filter((name) => existsSync(join(packagesDir, name, 'test')))
  .sort()
  .map((name) => ({
    test: {
      name,
      root: join(packagesDir, name),
      include: ['test/**/*.test.ts'],
      // Integration tests run built CLIs, real git and real test runners; on a loaded 2-core
      // runner one of them can take a minute, so the bound only catches a hang.
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  }));

// The GitHub Actions under actions/: their steps run in a simulated runner against the packed CLIs.
// The global setup packs the packages once; each file's first hook npm-installs the tarballs.
const actionsProject = {
  test: {
    name: 'actions',
    root: join(root, 'actions'),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
};

export const projects = [...packageProjects, actionsProject];

export default projects;
