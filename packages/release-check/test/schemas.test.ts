// The JSON Schema files themselves: each compiles under ajv's strict mode (draft 2020-12), and the
// set the build writes is exactly the set the root README documents (its "JSON Schemas" table).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDir, ROOT, schemaFiles, strictAjv } from './helpers.js';

/** `<folder>/schemas/<file>` for every `@adlc/<folder>/schemas/<file>` in the README's JSON Schemas section. */
function documentedSchemas(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## JSON Schemas');
  if (start < 0) throw new Error('the root README has no "## JSON Schemas" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const found = [...section.matchAll(/`@adlc\/([\w-]+)\/schemas\/([\w-]+\.json)`/g)].map((m) => `${m[1]}/schemas/${m[2]}`);
  return [...new Set(found)].sort();
}

describe('JSON Schema files', () => {
  const files = schemaFiles();

  it('are written by the build for every published package', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const folder of ['core', 'consensus-fix', 'review-calibration', 'tdd-kernel', 'consensus-synthesis']) {
      expect(files.some((f) => f.startsWith(`${folder}/`)), folder).toBe(true);
    }
  });

  it.each(files)('%s compiles under ajv strict mode, draft 2020-12', (file) => {
    const [folder, , name] = file.split('/') as [string, string, string];
    const schema = JSON.parse(readFileSync(join(packageDir(folder), 'schemas', name), 'utf8'));
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.title).toBe(`@adlc/${file}`);
    expect(() => strictAjv().compile(schema)).not.toThrow();
  });

  it.each([
    ['a complete document', { error: { message: 'no key', exitCode: 1 } }, true],
    ['an undeclared field', { error: { message: 'no key', exitCode: 1, extra: true } }, false],
    ['a missing required field', { error: { message: 'no key' } }, false],
    ['a wrong type', { error: { message: 'no key', exitCode: '1' } }, false],
  ])('are exact: core/schemas/error.json with %s -> %s', (_what, doc, valid) => {
    const schema = JSON.parse(readFileSync(join(packageDir('core'), 'schemas', 'error.json'), 'utf8'));
    expect(strictAjv().validate(schema, doc)).toBe(valid);
  });

  it('are exactly the files the README documents', () => {
    expect(files.sort()).toEqual(documentedSchemas());
  });
});
