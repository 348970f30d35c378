// CVE-2024-45590: with `extended: true` the urlencoded parser followed brackets in a key to any
// depth, so one small request could make the server build (and walk) an object thousands of levels
// deep. Nesting must be bounded (the fix's default bound is 32 levels; the test allows some slack
// for how the rest of a too-deep key is kept).
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const bodyParser = require('..');

function depthOf(value) {
  let depth = 0;
  while (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) break;
    value = value[keys[0]];
    depth += 1;
  }
  return depth;
}

// One POST through the middleware on a throwaway server; resolves to the status and the JSON reply.
function post(body, options) {
  const parse = bodyParser.urlencoded(options);
  const server = http.createServer((req, res) => {
    parse(req, res, (err) => {
      res.statusCode = err ? err.status || 500 : 200;
      res.end(JSON.stringify(err ? { error: err.message } : { depth: depthOf(req.body) }));
    });
  });
  return new Promise((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const req = http.request({
        host: '127.0.0.1',
        port: server.address().port,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => { text += chunk; });
        res.on('end', () => { server.close(); resolve({ status: res.statusCode, json: JSON.parse(text) }); });
      });
      req.on('error', (err) => { server.close(); reject(err); });
      req.end(body);
    });
  });
}

test('a deeply bracketed key does not produce a deeply nested body', async () => {
  const res = await post(`a${'[a]'.repeat(100)}=1`, { extended: true });
  if (res.status === 200) assert.ok(res.json.depth <= 40, `body nested ${res.json.depth} levels deep`);
  else assert.equal(res.status, 400);
});

test('ordinary nested fields are still parsed', async () => {
  const res = await post('user[name]=ada&user[langs][0]=en', { extended: true });
  assert.equal(res.status, 200);
  assert.equal(res.json.depth, 2);
});
