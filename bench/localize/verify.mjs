// `prepare.mjs --verify`: proves each case is what cases.json says it is, independently of any
// localizer. A case holds when its repro test fails on the buggy release, passes on the fixed one,
// and passes on the buggy release with only the `expected` files taken from the fixed one; when the
// files the two tarballs differ in are exactly `expected` + `alsoChanged`; and when the package and
// the test are within the issue's bounds.
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_TEST_MS, MIN_SOURCE_FILES, changedSourceFiles, git, materialize, runTest, sourceFiles } from './prepare.mjs';

// Pure: the checks of one case from what was measured.
export function judgeCase(c, m) {
  const declared = [...c.expected, ...(c.alsoChanged ?? [])].sort();
  const sameSet = declared.length === m.changed.length && declared.every((f, i) => f === m.changed[i]);
  const slowest = Math.max(m.buggy.ms, m.fixed.ms);
  // CPU time where it can be measured (wall time on a loaded machine measures the machine).
  const cpu = m.buggy.cpuMs === null || m.fixed.cpuMs === null ? null : Math.max(m.buggy.cpuMs, m.fixed.cpuMs);
  const cost = cpu ?? slowest;
  return [
    { check: 'buggy fails', ok: m.buggy.exitCode !== 0, detail: `exit ${m.buggy.exitCode}` },
    { check: 'fixed passes', ok: m.fixed.exitCode === 0, detail: `exit ${m.fixed.exitCode}` },
    { check: 'expected files carry the fix', ok: m.overlay.exitCode === 0, detail: `exit ${m.overlay.exitCode}` },
    { check: 'declared = tarball diff', ok: sameSet, detail: sameSet ? `${declared.length} file(s)` : `diff has ${m.changed.join(', ')}` },
    { check: `>= ${MIN_SOURCE_FILES} source files`, ok: m.sourceCount >= MIN_SOURCE_FILES, detail: String(m.sourceCount) },
    { check: `test < ${MAX_TEST_MS} ms`, ok: cost < MAX_TEST_MS, detail: `${cpu === null ? '' : `${Math.round(cpu)} ms CPU, `}${Math.round(slowest)} ms wall` },
  ];
}

function measureCase(c) {
  const buggy = materialize(c, 'buggy');
  const fixed = materialize(c, 'fixed');
  try {
    const isTest = (f) => f.startsWith('test/repro.test');
    const m = {
      sourceCount: sourceFiles(buggy.dir).filter((f) => !isTest(f)).length,
      changed: changedSourceFiles(buggy.dir, fixed.dir).filter((f) => !isTest(f)),
      buggy: runTest(buggy.dir, buggy.testCmd),
      fixed: runTest(fixed.dir, fixed.testCmd),
    };
    // Last, as it edits the buggy tree: only the expected files of the fixed release.
    for (const f of c.expected) copyFileSync(join(fixed.dir, f), join(buggy.dir, f));
    m.overlay = runTest(buggy.dir, buggy.testCmd);
    git(buggy.dir, ['checkout', '-q', '--', '.']);
    return { m, dirs: [buggy.dir, fixed.dir] };
  } catch (err) {
    for (const d of [buggy.dir, fixed.dir]) rmSync(d, { recursive: true, force: true });
    throw err;
  }
}

const indent = (text) => text.replace(/^/gm, '    ');

export function verifyAll(cases, { keep = false, json = false } = {}) {
  const results = [];
  for (const c of cases) {
    const { m, dirs } = measureCase(c);
    const checks = judgeCase(c, m);
    const ok = checks.every((x) => x.ok);
    results.push({ id: c.id, ok, checks, ...(keep ? { dirs } : {}) });
    if (!keep) for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (!json) {
      console.log(`${ok ? 'OK  ' : 'FAIL'} ${c.id.padEnd(14)} ${checks.map((x) => `${x.ok ? '' : '!'}${x.check}: ${x.detail}`).join('; ')}`);
      // What a person needs to see when a run did not go the expected way.
      if (m.fixed.exitCode !== 0) console.log(indent(`fixed:\n${m.fixed.output.slice(-1500)}`));
      if (m.overlay.exitCode !== 0) console.log(indent(`buggy + expected files:\n${m.overlay.output.slice(-1500)}`));
    }
  }
  const failed = results.filter((r) => !r.ok).length;
  if (json) console.log(JSON.stringify({ cases: results, failed }, null, 2));
  else console.log(`${results.length - failed}/${results.length} cases verified`);
  return failed === 0 ? 0 : 1;
}
