// review-calibration --plant-source model on a real package's real commit: semver's bea6028 "fix:
// increment dotted prerelease identifiers (#870)" (in 7.8.5), its classes/semver.js before and after
// vendored in bench/review-calibration/ (ISC) and committed in that order. A fake model answers at
// once with 12 realistic plants written by hand (multi-line, security); the reviewer is instant.
// Reports the run's time beyond the reviewer's runs (goal: at most 3 s) and the share of the scripted
// plants that pass the model-free checks (a plant the checks refuse here is a false refusal).
//
//   node bench/review-calibration-model.mjs   the clone's bin (build first), under the judge (the default scorer, the fake
//                                            answering) and under repro; BENCH_RUNS (default 3)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cloneBins, ROOT } from './lib/bins.mjs';
import { machine, measured, median } from './lib/measure.mjs';

export const GOAL_MS = 3000;
const testkit = await import(pathToFileURL(join(ROOT, 'packages/testkit/dist/index.js')).href);
const SEMVER = readFileSync(join(ROOT, 'bench/review-calibration/semver.js.txt'), 'utf8');
const SEMVER_BEFORE = readFileSync(join(ROOT, 'bench/review-calibration/semver.before.js.txt'), 'utf8');

const plant = (search, replace, category, description) => ({ file: 'classes/semver.js', search, replace, category, description });
export const PLANTS = [
  plant('  if (identifiers.length > prerelease.length) {', '  if (identifiers.length >= prerelease.length) {', 'off-by-one', 'an identifier as long as the prerelease is no longer matched'),
  plant('    if (version.length > MAX_LENGTH) {', '    if (version.length > MAX_LENGTH * 64) {', 'security', 'missing validation: over-long input reaches the regular expressions (ReDoS)'),
  plant('    this.major = +m[1]\n    this.minor = +m[2]', '    this.major = +m[2]\n    this.minor = +m[1]', 'wrong-identifier', 'major and minor are read from each other\'s capture group'),
  plant('    if (this.patch > MAX_SAFE_INTEGER || this.patch < 0) {', '    if (this.patch > MAX_SAFE_INTEGER && this.patch < 0) {', 'logic-inversion', 'an out-of-range patch is never rejected'),
  plant('          if (num >= 0 && num < MAX_SAFE_INTEGER) {', '          if (num >= 0 && num <= MAX_SAFE_INTEGER) {', 'off-by-one', 'MAX_SAFE_INTEGER itself becomes a number identifier'),
  plant("    if (this.prerelease.length) {\n      this.version += `-${this.prerelease.join('.')}`", "    if (this.build.length) {\n      this.version += `-${this.build.join('.')}`", 'wrong-identifier', 'the formatted version carries the build metadata instead of the prerelease'),
  plant("      if (typeof other === 'string' && other === this.version) {", "      if (typeof other === 'string' || other === this.version) {", 'logic-inversion', 'every string compares equal'),
  plant('    if (this.major < other.major) {\n      return -1', '    if (this.major < other.major) {\n      return 1', 'return-value', 'a lower major compares as greater'),
  plant('    if (this.patch < other.patch) {\n      return -1', '    if (this.patch > other.patch) {\n      return 1', 'logic-inversion', 'a lower patch compares equal instead of lower'),
  plant('    if (this.prerelease.length && !other.prerelease.length) {', '    if (this.prerelease.length || !other.prerelease.length) {', 'logic-inversion', 'two releases compare as prerelease < release'),
  plant("      debug('prerelease compare', i, a, b)\n      if (a === undefined && b === undefined) {", "      debug('prerelease compare', i, a, b)\n      if (a === undefined || b === undefined) {", 'logic-inversion', 'a longer prerelease compares equal to its prefix'),
  plant("      debug('build compare', i, a, b)\n      if (a === undefined && b === undefined) {\n        return 0\n      } else if (b === undefined) {\n        return 1", "      debug('build compare', i, a, b)\n      if (a === undefined && b === undefined) {\n        return 0\n      } else if (b === undefined) {\n        return -1", 'return-value', 'more build identifiers compare as lower'),
];

const JUDGE = (pointerOnly) => JSON.stringify({ match: !pointerOnly, reason: pointerOnly ? 'it only points at the line' : 'it names the defect' });

/**
 * `runs` calibrations (after one that fills the caches) under `scorer`; the median time beyond the
 * reviewer. Under the judge (the default) the fake answers the controls' judge calls at once; under
 * repro the controls run the oracle's 24 repros (clean and planted), model-free.
 */
export async function measureModelPlants(cli, runs, server, scorer = 'judge') {
  const repo = testkit.makeTempRepo({ files: { 'package.json': '{"name": "semver"}\n', 'classes/semver.js': SEMVER_BEFORE } });
  repo.commit('fix: increment dotted prerelease identifiers (#870)', { 'classes/semver.js': SEMVER });
  const answer = JSON.stringify({ plants: PLANTS });
  const reviewer = `node -e "process.stdout.write(JSON.stringify({findings: []}))"`;
  const overheads = [];
  let doc;
  try {
    for (let i = 0; i < runs + 1; i += 1) {
      server.reset();
      // The planter's answer; as the judge (the default scorer), no for the echo control's pointers, yes for the rest.
      server.handle((req) => ({ text: req.prompt.includes('Plant up to') ? answer : JUDGE(/message: Changed line:/.test(req.prompt)) }));
      const res = await measured(process.execPath, [cli, '--review-cmd', reviewer, '--plant-source', 'model', '--plants', '12', '--scorer', scorer, '--min-recall', '0', '--json'], {
        cwd: repo.dir,
        env: testkit.cleanEnv(server.env()),
      });
      if (res.status !== 0) throw new Error(`review-calibration exited ${res.status}: ${res.stderr.slice(-800)}`);
      doc = JSON.parse(res.stdout);
      if (i > 0) overheads.push(res.wallMs - doc.reviewers[0].wallMs);
    }
  } finally {
    repo.cleanup();
  }
  return { overheadMs: median(overheads), proposed: doc.modelPlants.proposed, accepted: doc.modelPlants.accepted, discarded: doc.modelPlants.discarded };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await testkit.startFakeProviderServer();
  try {
    const runs = Number(process.env.BENCH_RUNS ?? 3);
    console.log(machine());
    let r;
    for (const scorer of ['judge', 'repro']) {
      r = await measureModelPlants(cloneBins()['review-calibration'], runs, server, scorer);
      console.log(`--plant-source model --plants 12 --scorer ${scorer} on semver's commit bea6028 (classes/semver.js): ${Math.round(r.overheadMs)} ms beyond the reviewer (goal ≤ ${GOAL_MS} ms, median of ${runs})`);
    }
    console.log(`scripted realistic plants that pass the checks: ${r.accepted}/${r.proposed}`);
    for (const d of r.discarded) console.log(`  discarded: ${d.file} (${d.category}): ${d.reason}`);
  } finally {
    await server.close();
  }
}
