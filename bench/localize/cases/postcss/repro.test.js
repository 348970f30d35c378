// CVE-2023-44270 / GHSA-7fh5-64p2-3v2j: PostCSS took a `(` followed by a carriage return for the start
// of a plain bracket block, where a line feed ends it, so `/*` after `(\r` was not a comment for
// PostCSS although it is one for browsers: CSS a linter passed could hide rules from it. A carriage
// return must end such a block as a line feed does.
const test = require('node:test');
const assert = require('node:assert/strict');
const postcss = require('..');

function shape(css) {
  const nodes = [];
  postcss.parse(css).walk((node) => nodes.push(`${node.type}:${node.selector ?? node.prop ?? node.name ?? ''}`));
  return nodes;
}

test('a carriage return inside brackets is read like a line feed', () => {
  const css = (eol) => `a{x:(${eol}/*)}b{y:z}*/)}`;
  assert.deepEqual(shape(css('\r')), shape(css('\n')));
  // The comment hides `b{y:z}`, as in a browser.
  assert.deepEqual(shape(css('\r')), ['rule:a', 'decl:x']);
});

test('ordinary CSS with CRLF line endings still parses', () => {
  assert.deepEqual(shape('a {\r\n  color: red;\r\n}\r\n/* note */\r\nb { margin: 0 }\r\n'), ['rule:a', 'decl:color', 'comment:', 'rule:b', 'decl:margin']);
});
