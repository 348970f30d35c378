// A GitHub Actions job summary line for what a job's reader must see: GITHUB_STEP_SUMMARY names
// the file the runner renders under the job. Nothing happens outside a runner.

import { appendFile } from 'node:fs/promises';

export async function appendJobSummary(env: NodeJS.ProcessEnv, markdown: string): Promise<void> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  // The summary is a courtesy; a file that cannot be written must not fail the run.
  await appendFile(file, `${markdown.trimEnd()}\n\n`).catch(() => {});
}
