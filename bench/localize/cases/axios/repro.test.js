// axios 1.6.4 (SNYK-JS-AXIOS-6144788, axios/axios#6167; no GitHub advisory): axios.formToJSON turned the
// bracketed field names of a FormData into a nested object by walking them one segment at a time, so
// a field named `__proto__[x]` walked onto Object.prototype and wrote `x` there. Converting such a form
// must leave other objects alone. (The package is an ES module, so this file is one too.)
import test from 'node:test';
import assert from 'node:assert/strict';
import axios from '../index.js';

test('a form field named through __proto__ does not reach every object', () => {
  const form = new FormData();
  form.append('__proto__[pollutedByForm]', 'yes');
  try {
    axios.formToJSON(form);
  } catch {
    // Refusing the field is fine; polluting is not.
  }
  assert.equal({}.pollutedByForm, undefined);
});

test('ordinary bracketed fields still become nested objects', () => {
  const form = new FormData();
  form.append('user[name]', 'ada');
  form.append('user[roles][]', 'admin');
  form.append('user[roles][]', 'dev');
  assert.deepEqual(axios.formToJSON(form), { user: { name: 'ada', roles: ['admin', 'dev'] } });
});
