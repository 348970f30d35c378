// The build's last step in each package (after tsup): writes the JSON Schema (draft 2020-12) of every
// machine-readable output to schemas/<name>.json, generated from the zod schemas listed in the
// package's built dist/json-schemas.js. Run from the package directory. The files are generated, not
// committed (git-ignored), so they never drift from the zod schemas; they ship in the tarball.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const pkgDir = process.cwd();
const { name } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const { JSON_SCHEMAS, toJSONSchema } = await import(pathToFileURL(join(pkgDir, 'dist', 'json-schemas.js')).href);

const outDir = join(pkgDir, 'schemas');
// Written afresh, so a schema removed from the list does not linger in the directory.
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir);
for (const [file, { describes, schema }] of Object.entries(JSON_SCHEMAS)) {
  // io 'output': the documents as the tools print them, so objects allow no undeclared field.
  const { $schema, ...body } = toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  const doc = { $schema, title: `${name}/schemas/${file}.json`, description: describes, ...body };
  writeFileSync(join(outDir, `${file}.json`), `${JSON.stringify(doc, null, 2)}\n`);
}
console.error(`${name}: wrote ${Object.keys(JSON_SCHEMAS).length} JSON Schemas to schemas/`);
