// @ts-check
// Step: fail the job unless the tool passed. It runs after the uploads, so a failing gate still
// leaves its SARIF, report or patch behind; it exits with the tool's own code (2 gate, 1 error).

import { errorCommand, runMain } from './io.mjs';
import { ActionError } from './inputs.mjs';

await runMain('adlc gate', () => {
  const tool = process.env.ADLC_TOOL ?? 'adlc';
  const raw = (process.env.ADLC_EXIT_CODE ?? '').trim();
  if (!/^\d+$/.test(raw)) throw new ActionError(`${tool} left no exit code: its run step did not finish`);
  const exitCode = Number(raw);
  const reason = process.env.ADLC_GATE_REASON ?? '';
  if (exitCode === 0) {
    process.stdout.write(`${tool}: the gate passes${reason ? `: ${reason}` : ''}\n`);
    return;
  }
  const what = exitCode === 2 ? 'the gate fails' : `error (exit ${exitCode})`;
  process.stdout.write(`${errorCommand(tool, `${what}: ${reason}`)}\n`);
  process.exitCode = exitCode;
});
