import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.js';

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker per core minus one: a single worker on a 2-core runner. Our
    // test files spend most of their time waiting on child processes (built CLIs, git, real test
    // runners, npm installs), so two files at a time keep both cores busy.
    maxWorkers: 2,
  },
});
