// Text reports for people (stdout without --json). Pure. Test ids, file names and runner messages are the
// project's text: each report goes through terminalSafe, so a control character in them is shown, not obeyed.

import { terminalSafe } from '@adlc/core';
import type { ClaimResult } from '../kernel/claim.js';
import type { DoctorResult } from '../project/doctor.js';
import type { FlushResult } from '../turn/flush.js';
import type { GateResult } from '../kernel/gate.js';
import type { RefactorResult } from '../kernel/refactor-mode.js';
import type { RunSummary } from '../kernel/run-tests.js';
import type { StatusResult } from '../kernel/status.js';
import type { GatedFiles } from '../project/gated-files.js';

export function renderCheck(r: GateResult): string {
  if (r.decision === 'allow' && !r.warned) return terminalSafe(`allowed: ${r.file} (${r.via === 'claim' ? `claim on ${r.test_ids.join(', ')}` : r.via})`);
  return terminalSafe(`${r.warned ? 'would refuse (mode warn)' : 'refused'}: ${r.reason}`);
}

export function renderRun(r: RunSummary): string {
  const lines = r.results.map((t) => `${t.status === 'pass' ? 'green' : `red${t.reason ? ` (${t.reason})` : t.failure_kind ? ` (${t.failure_kind})` : ''}`}  ${t.test_id}${t.status === 'fail' && t.message ? `\n      ${t.message.split('\n').slice(0, 4).join('\n      ')}` : ''}`);
  const passed = r.results.filter((t) => t.status === 'pass').length;
  const reported = new Set(r.results.map((t) => t.file));
  // A file that failed to load has no test to report: say so, or a full run would look like "0 red".
  const broken = Object.entries(r.file_errors).filter(([file]) => !reported.has(file));
  for (const [file, message] of broken) lines.push(`error  ${file} did not load (its tests never ran)\n      ${message.split('\n').slice(0, 6).join('\n      ')}`);
  lines.push(`${passed} green, ${r.results.length - passed} red${broken.length > 0 ? `, ${broken.length} test file(s) that did not load` : ''}  (${r.command || 'nothing run'})`);
  return terminalSafe(lines.join('\n'));
}

export function renderClaim(r: ClaimResult): string {
  return terminalSafe(r.claimed ? `claimed: ${r.test_id} -> ${r.files.join(', ')}` : `claim refused: ${r.reason}`);
}

export function renderFlush(r: FlushResult): string {
  const recovered = r.recovered.map((n) => `recovered: ${n}\n`).join('');
  const kept = r.ran && r.kept.length > 0 ? `\nkept: ${r.kept.join(', ')}` : '';
  return terminalSafe(`${recovered}${r.message}${kept}`);
}

export function renderRefactor(r: RefactorResult): string {
  const head = r.changed ? `refactor mode ${r.refactor ? 'on' : 'off'}` : r.reason ?? `refactor mode ${r.refactor ? 'on' : 'off'}`;
  const suite = r.suite ? `\nsuite: ${r.suite.passed} green, ${r.suite.failed} red` : '';
  const verify = r.verify ? `\nverify: \`${r.verify.command}\` ${r.verify.passed ? 'passed' : `failed\n${r.verify.output_tail}`}` : '';
  return terminalSafe(`${head}${suite}${verify}`);
}

/** Greens `status` lists one by one; more are counted in one line. */
export const MAX_GREENS_LISTED = 20;

export function renderStatus(s: StatusResult): string {
  const lines = [`mode: ${s.refactor ? 'refactor' : s.mode}${s.session ? `  session: ${s.session}` : ''}`];
  lines.push(`tests (${s.tests.length}):`);
  // A real suite has hundreds of greens: past a screenful they are counted, so the reds stay in sight.
  const greens = s.tests.filter((t) => t.status === 'pass');
  const listed = greens.length > MAX_GREENS_LISTED ? s.tests.filter((t) => t.status !== 'pass') : s.tests;
  if (listed !== s.tests) lines.push(`  ● ${greens.length} green (each listed by \`status --json\`)`);
  for (const t of listed) lines.push(`  ${t.status === 'pass' ? '● green' : '○ red  '} ${t.test_id}${t.failure_kind && t.failure_kind !== 'assertion' ? ` (${t.failure_kind})` : ''}`);
  lines.push(`open claims (${s.claims.length}):`);
  for (const c of s.claims) lines.push(`  ${c.test_id} -> ${c.target}${c.failed_greens > 0 ? ` (${c.failed_greens} failed green)` : ''}`);
  lines.push(`buffered edits (${s.buffered.length}):`);
  for (const b of s.buffered) lines.push(`  ${b.file}${b.existed ? '' : ' (new)'} <- ${b.test_ids.join(', ')}`);
  if (s.plan) {
    lines.push(`plan ${s.plan.file}:`);
    for (const step of s.plan.steps) lines.push(`  ${step.state === 'green' ? '●' : step.state === 'red' ? '○' : '·'} ${step.title}${step.test_id ? ` [${step.test_id}]` : ' (refactor only)'}`);
  }
  lines.push(renderGated(s.gated));
  if (s.corrupt_lines > 0) lines.push(`warning: ${s.corrupt_lines} corrupt line(s) skipped in the log`);
  return terminalSafe(lines.join('\n'));
}

export function renderDoctor(d: DoctorResult): string {
  const lines = [`root: ${d.root}`, `runner: ${d.runner ?? 'none detected'}`, `test declarations found: ${d.tests_found} in ${d.test_files} test file(s) (a table test such as it.each counts once; \`tdd-kernel run\` runs each of its rows)`, `log: ${d.log.path} (${d.log.exists ? `${d.log.events} events` : 'not created yet'})`, renderGated(d.gated)];
  for (const w of d.warnings) lines.push(`warning: ${w}`);
  return terminalSafe(lines.join('\n'));
}

function renderGated(g: GatedFiles): string {
  return `gated: ${g.files.join(' ')} (${g.from === 'default' ? 'the default: source code' : '"files" in .tdd-kernel/config.json'}), outside the test files; every other file is edited freely`;
}
