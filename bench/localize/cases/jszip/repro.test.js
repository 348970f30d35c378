// CVE-2022-48285 / GHSA-36fh-84j7-cv5h: loadAsync kept the entry names of an archive as they were
// written, so an entry named `../../evil.txt` came out under that name, and code extracting the
// loaded files by name wrote outside its target directory (zip slip). A loaded entry's name must not
// climb above the archive's root.
const test = require('node:test');
const assert = require('node:assert/strict');
const JSZip = require('..');

async function archive(names) {
  const zip = new JSZip();
  for (const name of names) zip.file(name, `content of ${name}`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

test('a loaded entry named with .. segments does not climb out of the archive', async () => {
  const loaded = await JSZip.loadAsync(await archive(['../../evil.txt', 'a/../../b.txt']));
  const names = Object.keys(loaded.files);
  assert.deepEqual(names.filter((name) => name.split('/').includes('..')), []);
});

test('ordinary entries load under their own names', async () => {
  const loaded = await JSZip.loadAsync(await archive(['readme.txt', 'dir/inner.txt']));
  assert.equal(await loaded.file('dir/inner.txt').async('string'), 'content of dir/inner.txt');
  assert.ok(loaded.file('readme.txt'));
});
