// CVE-2023-30547: code in the sandbox can make the sanitizing of a caught value itself throw (here
// by exhausting the stack from a proxy trap); that second exception reached the sandbox's catch
// clause unsanitized, and its constructor chain led to the host's Function. Whatever the sandbox
// catches must stay a sandbox object.
const test = require('node:test');
const assert = require('node:assert/strict');
const { VM } = require('..');

const ESCAPE_ATTEMPT = `
  const bait = new Proxy({}, {
    getPrototypeOf() {
      (function deeper() { new Error().stack; deeper(); })();
    },
  });
  let seen = 'sandbox';
  try {
    throw bait;
  } catch ({ constructor: ctor }) {
    // Only the host's Function can see the host's process object.
    seen = ctor.constructor('return typeof process')();
  }
  seen;
`;

test('a caught value never gives the sandbox the host Function', () => {
  let seen;
  try {
    seen = new VM().run(ESCAPE_ATTEMPT);
  } catch {
    seen = 'refused';
  }
  assert.notEqual(seen, 'object');
});

test('ordinary try/catch with destructuring still works in the sandbox', () => {
  const code = 'let m; try { throw new TypeError("boom"); } catch ({ message }) { m = message; } m;';
  assert.equal(new VM().run(code), 'boom');
});
