// semver 7.8.0 (npm/node-semver#859, commit 3905343) made the CLI warn when `-i`/`--inc` is given a
// value that is no release type: the value was silently ignored and the version bumped as a patch.
// It still defaults to a patch, but must now say so on stderr, naming the option it got; a valid
// release type, or a version right after `-i`, gives no warning.
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const pkgFile = require.resolve('../package.json');
const bin = path.join(path.dirname(pkgFile), require(pkgFile).bin.semver);

function cli(...args) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('an invalid --inc value warns that it defaults to patch', () => {
  const short = cli('-i', 'invalid', '1.0.0');
  assert.equal(short.code, 0);
  assert.equal(short.out, '1.0.1\n');
  assert.match(short.err, /-i\b/);
  assert.match(short.err, /patch/);
  const long = cli('--inc=bogus', '2.3.4');
  assert.equal(long.out, '2.3.5\n');
  assert.match(long.err, /--inc\b/);
  assert.match(long.err, /patch/);
});

test('valid increments print the new version and no warning', () => {
  assert.deepEqual(cli('-i', 'minor', '1.2.3'), { code: 0, out: '1.3.0\n', err: '' });
  assert.deepEqual(cli('-i', '1.2.3'), { code: 0, out: '1.2.4\n', err: '' });
});
