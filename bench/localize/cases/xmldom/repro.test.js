// CVE-2022-39353 / GHSA-crh6-fp67-6883: the DOM accepted nodes where the DOM standard's pre-insertion
// checks forbid them, so a document with a second root element parsed into a DOM with two document
// elements, which other consumers of the same XML read differently. A document has at most one
// element child.
const test = require('node:test');
const assert = require('node:assert/strict');
const { DOMParser } = require('..');

const quiet = { errorHandler: { warning() {}, error() {}, fatalError() {} } };

test('a second root element does not become a second element of the document', () => {
  const doc = new DOMParser(quiet).parseFromString('<root/><evil/>', 'text/xml');
  const elements = Array.from(doc.childNodes).filter((node) => node.nodeType === 1);
  assert.deepEqual(elements.map((node) => node.nodeName), ['root']);
});

test('an ordinary document still parses', () => {
  const doc = new DOMParser(quiet).parseFromString('<?xml version="1.0"?><!-- c --><root a="1"><b>t</b></root>', 'text/xml');
  assert.equal(doc.documentElement.nodeName, 'root');
  assert.equal(doc.documentElement.getAttribute('a'), '1');
  assert.equal(doc.getElementsByTagName('b')[0].textContent, 't');
});
