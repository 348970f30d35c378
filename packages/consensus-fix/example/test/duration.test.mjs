// The rails: everything parseDuration and formatDuration already promise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDuration, parseDuration } from '../src/duration.mjs';

test('hours and minutes', () => {
  assert.equal(parseDuration('1h30m'), 90);
  assert.equal(parseDuration('45m'), 45);
  assert.equal(parseDuration('2h'), 120);
  assert.equal(parseDuration(' 3h '), 180);
});

test('rejects what is not a duration', () => {
  for (const bad of ['', 'h', '1x', '1h30', '30m1h', 'abc', '-1h']) {
    assert.throws(() => parseDuration(bad), /invalid duration/, bad);
  }
});

test('format and parse round-trip', () => {
  for (const minutes of [0, 5, 59, 60, 61, 135, 600]) {
    assert.equal(parseDuration(formatDuration(minutes)), minutes);
  }
});
