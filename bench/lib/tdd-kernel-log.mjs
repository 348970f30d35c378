// The event log the tdd-kernel benchmarks run against: `n` events (runs of 500 tests, claims, allowed
// edits), the last test red and claimed for src/a.ts. Shared by tdd-kernel.mjs and tdd-kernel-agents.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeLog(dir, n) {
  const lines = [];
  const t0 = Date.now() - n;
  for (let i = 0; i < n - 2; i++) {
    const id = `src/t${i % 500}.test.ts::suite case ${i % 500}`;
    const kind = i % 10;
    if (kind < 6) lines.push({ type: 'test_run', test_id: id, test_id_source: 'native', status: i % 3 ? 'pass' : 'fail', failure_kind: i % 3 ? undefined : 'assertion', command: 'node node_modules/vitest/vitest.mjs run', duration_ms: 3, ts: t0 + i });
    else if (kind < 8) lines.push({ type: 'edit_claim', test_id: id, edit_target: `src/f${i % 50}.ts`, ts: t0 + i });
    else lines.push({ type: 'edit_allowed', file: `src/f${i % 50}.ts`, via: 'claim', test_ids: [id], ts: t0 + i });
  }
  lines.push({ type: 'test_run', test_id: 'src/a.test.ts::a works', test_id_source: 'native', status: 'fail', failure_kind: 'assertion', command: 'x', duration_ms: 1, ts: Date.now() - 1 });
  lines.push({ type: 'edit_claim', test_id: 'src/a.test.ts::a works', edit_target: 'src/a.ts', ts: Date.now() });
  mkdirSync(join(dir, '.tdd-kernel'), { recursive: true });
  writeFileSync(join(dir, '.tdd-kernel', 'events.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}
