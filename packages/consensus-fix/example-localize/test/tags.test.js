// The bug report: the same tag typed twice with other capitals shows up twice.
const assert = require('node:assert/strict');
const { test } = require('node:test');
const { parseTags } = require('..');

test('the same tag in other capitals is one tag', () => {
  assert.deepEqual(parseTags('Node JS, node js, Go'), ['node-js', 'go']);
});
