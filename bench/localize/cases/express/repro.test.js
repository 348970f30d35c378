// CVE-2024-29041: res.location() and res.redirect() percent-encode the URL they are given, and the
// encoding turned a backslash into %5C. A browser reads "//trusted\@evil" as a path on "trusted",
// but "//trusted%5C@evil" as the host "evil", so a URL that an allow list had accepted for the
// trusted host sent users elsewhere. The host a browser sees must not change.
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const express = require('..');

// The Location header the app sets for `target`, read through a real request.
function locationFor(target) {
  const app = express();
  app.get('/', (req, res) => res.location(target).status(204).end());
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      http.get({ host: '127.0.0.1', port: server.address().port, path: '/' }, (res) => {
        res.resume();
        server.close();
        resolve(res.headers.location);
      }).on('error', (err) => { server.close(); reject(err); });
    });
  });
}

const hostSeenByBrowser = (location) => new URL(location, 'http://app.example/').host;

for (const target of ['//trusted.example\\@evil.example', 'https://trusted.example\\@evil.example/path']) {
  test(`the redirect host of ${JSON.stringify(target)} stays trusted.example`, async () => {
    assert.equal(hostSeenByBrowser(target), 'trusted.example');
    assert.equal(hostSeenByBrowser(await locationFor(target)), 'trusted.example');
  });
}

test('paths and queries are still encoded', async () => {
  assert.equal(await locationFor('/search?q=a b'), '/search?q=a%20b');
});
