// A deliberately naive stand-in for `consensus-fix --localize-only --json`, to be passed to
// run.mjs with --cli: it runs the failing test once and ranks the tracked source files by how many
// times the test's output names them. It is the floor a real localizer has to beat, and it lets
// the runner be checked end to end before the real one exists. It is not the localizer.
import { execFileSync, spawnSync } from 'node:child_process';

const started = Date.now();
const at = process.argv.indexOf('--test-cmd');
if (at < 0 || !process.argv[at + 1]) {
  console.error('baseline-localizer: --test-cmd <cmd> is required');
  process.exit(1);
}
const run = spawnSync(process.argv[at + 1], { shell: true, encoding: 'utf8' });
const output = `${run.stdout}${run.stderr}`;
const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n');
const files = tracked
  .filter((f) => /\.(c|m)?js$/.test(f) && !f.startsWith('test/'))
  .map((file) => ({ file, score: output.split(file).length - 1, evidence: ['mentions in the test output'] }))
  .sort((a, b) => b.score - a.score || a.file.localeCompare(b.file));
console.log(JSON.stringify({ localization: { files, tookMs: Date.now() - started } }));
