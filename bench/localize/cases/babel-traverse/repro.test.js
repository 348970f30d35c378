// CVE-2023-45133 / GHSA-67hx-6x53-jw92: `path.evaluate()` resolved a call such as `Number.constructor(...)`
// by reading the property off the real global object, inherited properties included, so the code it
// was asked to evaluate statically got the host's `Function` and ran arbitrary code at compile time.
// Evaluating an expression must never run the code it evaluates.
const test = require('node:test');
const assert = require('node:assert/strict');
const { parse } = require('@babel/parser');
const traverse = require('..').default;

function evaluateAll(source) {
  const results = [];
  traverse(parse(source), {
    Expression(path) {
      results.push(path.evaluate());
    },
  });
  return results;
}

test('evaluating an expression does not run code built from Function', () => {
  delete globalThis.babelTraverseRepro;
  evaluateAll('String({ toString: Number.constructor("globalThis.babelTraverseRepro = true") });');
  assert.equal(globalThis.babelTraverseRepro, undefined);
});

test('ordinary constant expressions still evaluate', () => {
  const [sum] = evaluateAll('1 + 2 * 3;');
  assert.deepEqual({ confident: sum.confident, value: sum.value }, { confident: true, value: 7 });
  const [max] = evaluateAll('Math.max(1, 4, 2);');
  assert.deepEqual({ confident: max.confident, value: max.value }, { confident: true, value: 4 });
});
