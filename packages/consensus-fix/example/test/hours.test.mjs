// The bug report: a 12-hour shift typed as "12h" is rejected.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDuration } from '../src/duration.mjs';

test('multi-digit hours', () => {
  assert.equal(parseDuration('12h'), 720);
  assert.equal(parseDuration('10h15m'), 615);
});
