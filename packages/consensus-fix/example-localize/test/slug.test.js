const assert = require('node:assert/strict');
const { test } = require('node:test');
const { slugify, parseTags, formatTags } = require('..');

test('slugify folds accents, case and punctuation', () => {
  assert.equal(slugify('Crème Brûlée!'), 'creme-brulee');
  assert.equal(slugify('  Hello,   World  '), 'hello-world');
  assert.equal(slugify('!!!'), '');
});

test('parseTags keeps the order of first appearance and drops empty tags', () => {
  assert.deepEqual(parseTags('b, a, , b'), ['b', 'a']);
  assert.deepEqual(parseTags('!!!, x'), ['x']);
  assert.equal(formatTags(['a', 'b']), '#a #b');
});
