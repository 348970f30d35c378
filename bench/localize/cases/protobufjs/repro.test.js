// CVE-2022-25878: custom options in a .proto file are stored by following their dotted path, and a
// path through __proto__ walked onto Object.prototype. Parsing such a file must not add anything
// to every object in the process.
const test = require('node:test');
const assert = require('node:assert/strict');
const protobuf = require('..');

test('an option path through __proto__ does not pollute Object.prototype', () => {
  const source = [
    'syntax = "proto3";',
    'message Probe {',
    '  option (ext).__proto__.pollutedByProto = "yes";',
    '  string name = 1;',
    '}',
  ].join('\n');
  try {
    protobuf.parse(source);
  } catch {
    // Refusing the file is fine; polluting is not.
  }
  assert.equal({}.pollutedByProto, undefined);
});

test('ordinary custom options are still recorded', () => {
  const root = protobuf.parse('syntax = "proto3"; message M { option (ext).level = 3; string s = 1; }').root;
  assert.deepEqual(root.lookupType('M').parsedOptions, [{ '(ext)': { level: 3 } }]);
});
