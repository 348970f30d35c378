#!/usr/bin/env node
// Installability check: packs every published package with `pnpm pack`, checks each tarball (no
// `workspace:` specifier, every `exports`/`bin` target packed, bins with a shebang and the executable
// bit, no import of an undeclared package), installs them with plain `npm install` into an empty
// temporary project (no pnpm, no workspace: third-party dependencies come from the registry),
// type-checks a tiny TypeScript consumer, then runs every CLI from node_modules/.bin under each Node
// (20, 22, 24, 26) with `--help`, `--version` and one offline run per tool (for adlc-mcp: one MCP session
// over stdio). Builds nothing: build first.
//
//   node scripts/pack-install.mjs [--keep] [--nodes 20,22,24,26]
//   node scripts/pack-install.mjs --pack-to <dir>     only pack the published packages into <dir>
//
// Node versions other than the running one come from the registry's `node-<os>-<arch>` package,
// installed once into ~/.cache/adlc-node/<major> (ADLC_NODE_CACHE overrides the directory). One that
// cannot be had is skipped with a clear line, except under CI=true, where it fails the run.
// Exit 0 when every check passed, 1 otherwise.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_MAJORS = [20, 22, 24, 26];
const problems = [];

function log(line) {
  process.stderr.write(`pack-install: ${line}\n`);
}

function fail(what, detail) {
  problems.push(`${what}: ${detail}`);
  log(`FAIL ${what}: ${detail}`);
}

/** Runs a command to completion; never throws. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 300_000, ...options });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', output };
}

function tail(text, lines = 15) {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function timed(label, fn) {
  const started = Date.now();
  const value = fn();
  log(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return value;
}

// ---- the packages --------------------------------------------------------------------------------

/** The workspace's published packages: every packages/* with a package.json that is not private. */
export function publishedPackages(root = ROOT) {
  return readdirSync(join(root, 'packages'))
    .map((name) => join(root, 'packages', name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter((p) => !p.manifest.private);
}

/** pnpm as the workspace runs it: the running pnpm when we are under one, else npx's pnpm 10. */
function pnpmCommand() {
  const execpath = process.env.npm_execpath ?? '';
  if (/pnpm/.test(execpath) && existsSync(execpath)) return [process.execPath, [execpath]];
  return ['npx', ['-y', 'pnpm@10']];
}

export function pack(packages, destination) {
  const [command, prefix] = pnpmCommand();
  const filters = packages.flatMap((p) => ['--filter', p.manifest.name]);
  const result = run(command, [...prefix, '-r', ...filters, 'pack', '--pack-destination', destination], { cwd: ROOT });
  if (result.status !== 0) throw new Error(`pnpm pack failed:\n${tail(result.output)}`);
  return readdirSync(destination).filter((f) => f.endsWith('.tgz')).map((f) => join(destination, f));
}

/**
 * An installed copy of the workspace as a user gets it: every published package packed, the tarballs
 * installed with npm into `<scratch>/project`. Returns that directory (the benchmarks run from it).
 */
export function installPackedCopy(scratch) {
  const tarballs = pack(publishedPackages(), mkdtempSync(join(scratch, 'tarballs-')));
  const project = join(scratch, 'project');
  install(project, tarballs);
  return project;
}

// ---- checks of one unpacked tarball (pure, given its manifest and file list) -------------------

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

/** Every string an `exports` value can resolve to, whatever the conditions. */
export function exportTargets(value) {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** What is wrong with a packed manifest, given the set of files in the tarball (paths like `dist/cli.js`). */
export function manifestProblems(manifest, files) {
  const out = [];
  for (const field of DEPENDENCY_FIELDS) {
    for (const [dep, spec] of Object.entries(manifest[field] ?? {})) {
      if (String(spec).startsWith('workspace:')) out.push(`${field}.${dep} is still "${spec}"`);
    }
  }
  const has = (target) => {
    const path = target.replace(/^\.\//, '');
    if (!path.includes('*')) return files.has(path);
    const [before, after] = path.split('*');
    return [...files].some((f) => f.startsWith(before) && f.endsWith(after));
  };
  for (const target of exportTargets(manifest.exports)) if (!has(target)) out.push(`exports target ${target} is not in the tarball`);
  for (const [name, target] of Object.entries(manifest.bin ?? {})) if (!has(target)) out.push(`bin ${name} (${target}) is not in the tarball`);
  for (const field of ['main', 'types']) if (manifest[field] && !has(manifest[field])) out.push(`${field} ${manifest[field]} is not in the tarball`);
  return out;
}

/** Bare specifiers the built JavaScript imports (static, dynamic and re-exports). */
export function importedPackages(source) {
  const names = new Set();
  // A package name, optionally scoped, then a subpath: never a relative path or a template literal.
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']((?:@[\w.-]+\/)?[\w-][\w.-]*(?:\/[\w.@-]+)*)["']/g;
  for (const match of source.matchAll(pattern)) {
    const spec = match[1];
    if (spec.startsWith('node:') || isBuiltin(spec)) continue;
    const parts = spec.split('/');
    names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return names;
}

/** Packages the tarball's code imports without declaring them as dependencies (dev deps are not installed). */
export function undeclaredImports(manifest, sources) {
  const declared = new Set([manifest.name, ...['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((f) => Object.keys(manifest[f] ?? {}))]);
  const missing = new Set();
  for (const source of sources) for (const name of importedPackages(source)) if (!declared.has(name)) missing.add(name);
  return [...missing].sort();
}

function listFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path, base) : [relative(base, path).split('\\').join('/')];
  });
}

function checkTarball(tarball, scratch) {
  const dir = mkdtempSync(join(scratch, 'unpacked-'));
  const untar = run('tar', ['-xzf', tarball, '-C', dir]);
  if (untar.status !== 0) return fail(tarball, `tar could not unpack it: ${tail(untar.output)}`);
  const pkgDir = join(dir, 'package');
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const files = new Set(listFiles(pkgDir));
  const found = manifestProblems(manifest, files);
  for (const [name, target] of Object.entries(manifest.bin ?? {})) {
    const path = join(pkgDir, target);
    if (!existsSync(path)) continue;
    if (!readFileSync(path, 'utf8').startsWith('#!/usr/bin/env node\n')) found.push(`bin ${name} does not start with #!/usr/bin/env node`);
    if ((statSync(path).mode & 0o111) === 0) found.push(`bin ${name} is not executable in the tarball`);
  }
  const sources = [...files].filter((f) => /\.m?js$/.test(f) && (f.startsWith('dist/') || f.startsWith('bin/'))).map((f) => readFileSync(join(pkgDir, f), 'utf8'));
  const undeclared = undeclaredImports(manifest, sources);
  if (undeclared.length > 0) found.push(`dist imports packages that are not dependencies: ${undeclared.join(', ')}`);
  for (const problem of found) fail(manifest.name, problem);
  if (found.length === 0) log(`ok ${manifest.name}: ${files.size} files, manifest, exports, bins and imports check out`);
}

// ---- install and type-check ------------------------------------------------------------------------

export function install(project, tarballs) {
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'adlc-pack-install-check', private: true, type: 'module' }, null, 2)}\n`);
  const result = run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], { cwd: project });
  if (result.status !== 0) throw new Error(`npm install of the tarballs failed:\n${tail(result.output, 30)}`);
}

/** One import per export of every package (each schema directory through one of its files), type-checked. */
function consumerSource(packages, project) {
  const lines = [];
  let n = 0;
  for (const { manifest } of packages) {
    for (const key of Object.keys(manifest.exports ?? {})) {
      if (key === './package.json') continue;
      let spec = key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`;
      if (spec.endsWith('/*')) {
        const dir = join(project, 'node_modules', manifest.name, manifest.exports[key].replace(/^\.\//, '').replace(/\/\*$/, ''));
        const first = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()[0];
        // Only the schema directories hold files a TypeScript consumer imports.
        if (first === undefined) continue;
        spec = `${spec.slice(0, -1)}${first}`;
        lines.push(`import m${n} from '${spec}' with { type: 'json' };`, `export const title${n}: string | undefined = (m${n} as { title?: string }).title;`);
      } else {
        lines.push(`import * as m${n} from '${spec}';`, `export const keys${n}: string[] = Object.keys(m${n});`);
      }
      n += 1;
    }
  }
  // A typed use: the error document's type comes through from @adlc/core's declarations.
  lines.push(
    "import { ErrorOutputSchema, type ErrorOutput } from '@adlc/core';",
    "export const parsed: ErrorOutput = ErrorOutputSchema.parse({ error: { message: 'x', exitCode: 1 } });",
    'export const code: number = parsed.error.exitCode;',
  );
  return `${lines.join('\n')}\n`;
}

function typeCheck(packages, project) {
  writeFileSync(join(project, 'consumer.ts'), consumerSource(packages, project));
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      resolveJsonModule: true,
      skipLibCheck: false,
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules', '@types')],
    },
    files: ['consumer.ts'],
  };
  writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = run(process.execPath, [tsc, '-p', join(project, 'tsconfig.json')], { cwd: project });
  if (result.status !== 0) fail('tsc --noEmit on a consumer of every export', tail(result.output, 30));
  else log('ok tsc --noEmit: a TypeScript consumer of every export type-checks');
}

// ---- Node versions -------------------------------------------------------------------------------

function nodeVersion(bin) {
  const result = run(bin, ['--version']);
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The binary of Node `major` from the registry's node-<os>-<arch> package, cached; null (with why) when it cannot be had. */
function cachedNode(major) {
  const dir = join(process.env.ADLC_NODE_CACHE ?? join(homedir(), '.cache', 'adlc-node'), String(major));
  const pkg = `node-${process.platform}-${process.arch}`;
  const bin = join(dir, 'node_modules', pkg, 'bin', 'node');
  if (existsSync(bin) && nodeVersion(bin)?.startsWith(`v${major}.`)) return { bin };
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private": true}\n');
  const result = run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--prefix', dir, `${pkg}@${major}`]);
  if (result.status === 0 && existsSync(bin) && nodeVersion(bin)?.startsWith(`v${major}.`)) return { bin };
  return { why: `npm install ${pkg}@${major} into ${dir} failed: ${tail(result.output, 5)}` };
}

function nodes(majors) {
  const current = Number(process.versions.node.split('.')[0]);
  const out = [];
  for (const major of majors) {
    const found = major === current ? { bin: process.execPath } : cachedNode(major);
    if (found.bin) out.push({ major, bin: found.bin, version: nodeVersion(found.bin) });
    else if (process.env.CI === 'true') fail(`Node ${major}`, found.why);
    else log(`SKIPPED Node ${major}: ${found.why} (under CI=true this fails the run)`);
  }
  return out;
}

// ---- runs from the installed copy ----------------------------------------------------------------

function gitRepo(dir, files) {
  mkdirSync(dir, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const env = { ...process.env, GIT_AUTHOR_NAME: 'pack', GIT_AUTHOR_EMAIL: 'pack@example.invalid', GIT_COMMITTER_NAME: 'pack', GIT_COMMITTER_EMAIL: 'pack@example.invalid' };
  const git = (...args) => run('git', ['-c', 'commit.gpgsign=false', ...args], { cwd: dir, env });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'first');
  return git;
}

function schemaValidator(project) {
  const require = createRequire(join(ROOT, 'package.json'));
  const Ajv2020 = require('ajv/dist/2020').default;
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  return (pkg, name, doc) => {
    const validate = ajv.compile(JSON.parse(readFileSync(join(project, 'node_modules', pkg, 'schemas', `${name}.json`), 'utf8')));
    return validate(doc) ? null : `${pkg}/schemas/${name}.json rejects the output: ${ajv.errorsText(validate.errors)}`;
  };
}

const MATH = (sep) => `export function clamp(value, low, high) {\n  if (value < low) return low;\n  if (value > high) return high;\n  return value${sep};\n}\n\nexport function between(value, low, high) {\n  return value >= low && value <= high;\n}\n\nexport function lastIndex(values) {\n  return values.length - 1;\n}\n`;

/** One offline run per tool: each returns [what, problem or null]. */
function offlineRuns(node, project, scratch, env, validate) {
  const bin = (name) => join(project, 'node_modules', '.bin', name);
  const results = [];
  const json = (what, pkg, schema, result, expected = 0) => {
    if (result.status !== expected) return results.push([what, `exit ${result.status}, expected ${expected}:\n${tail(result.output)}`]);
    let doc;
    try {
      doc = JSON.parse(result.stdout);
    } catch {
      return results.push([what, `stdout is not one JSON document: ${tail(result.stdout, 3)}`]);
    }
    results.push([what, validate(pkg, schema, doc)]);
  };

  const demo = run(node.bin, [join(project, 'node_modules', '@adlc', 'consensus-fix', 'demo', 'run-demo.mjs')], { cwd: scratch, env });
  results.push(['consensus-fix: the shipped demo (fixture provider, shipped example)', demo.status === 0 ? null : `exit ${demo.status}:\n${tail(demo.output)}`]);

  const kernelDir = join(scratch, 'kernel');
  gitRepo(kernelDir, { 'package.json': '{"name": "k", "type": "module"}\n', 'src/a.js': 'export const a = 1;\n' });
  json('tdd-kernel doctor --json', '@adlc/tdd-kernel', 'doctor', run(bin('tdd-kernel'), ['doctor', '--json'], { cwd: kernelDir, env }));

  const rcDir = join(scratch, 'calibration');
  const git = gitRepo(rcDir, { 'package.json': '{"type": "module"}\n', 'src/math.js': MATH(' ') });
  writeFileSync(join(rcDir, 'src/math.js'), MATH(''));
  git('commit', '-q', '-am', 'tidy');
  const reviewer = `node -e "console.log(JSON.stringify({findings: []}))"`;
  const rc = run(bin('review-calibration'), ['--review-cmd', reviewer, '--scorer', 'repro', '--plants', '2', '--min-plants', '1', '--min-recall', '0', '--json'], { cwd: rcDir, env });
  json('review-calibration --scorer repro --json', '@adlc/review-calibration', 'output', rc);

  const synthesis = run(bin('consensus-synthesis'), ['--mode', 'general-prompt', '--prompt', 'Is a queue right here?', '--prompt-only', '--json'], { cwd: kernelDir, env });
  json('consensus-synthesis --prompt-only --json', '@adlc/consensus-synthesis', 'prompt-only', synthesis);

  const mcp = run(node.bin, ['-e', MCP_SESSION, bin('adlc-mcp')], { cwd: kernelDir, env });
  results.push(['adlc-mcp: initialize, tools/list, tools/call tdd_status', mcpProblem(mcp, (doc) => validate('@adlc/tdd-kernel', 'status', doc))]);
  return results;
}

/**
 * One MCP session over stdio with the installed adlc-mcp (argv[1]), as a client drives it: initialize,
 * tools/list, then tools/call tdd_status in the current directory; prints {tools, result} and ends.
 */
const MCP_SESSION = `
const child = require('node:child_process').spawn(process.argv[1], [], { stdio: ['pipe', 'pipe', 'inherit'] });
const send = (message) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\\n');
let buffer = '';
let tools;
child.stdout.on('data', (chunk) => {
  buffer += chunk;
  for (let at = buffer.indexOf('\\n'); at >= 0; at = buffer.indexOf('\\n')) {
    const message = JSON.parse(buffer.slice(0, at));
    buffer = buffer.slice(at + 1);
    if (message.id === 1) {
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/list' });
    } else if (message.id === 2) {
      tools = message.result.tools.map((tool) => tool.name);
      send({ id: 3, method: 'tools/call', params: { name: 'tdd_status', arguments: { cwd: process.cwd() } } });
    } else if (message.id === 3) {
      process.stdout.write(JSON.stringify({ tools, result: message.result }));
      child.stdin.end();
    }
  }
});
send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-install', version: '0' } } });
`;

function mcpProblem(session, validateStatus) {
  if (session.status !== 0) return `exit ${session.status}:\n${tail(session.output)}`;
  let doc;
  try {
    doc = JSON.parse(session.stdout);
  } catch {
    return `the session printed no result: ${tail(session.output, 5)}`;
  }
  if (doc.tools?.length !== 11) return `tools/list gave ${JSON.stringify(doc.tools)}, expected the eleven tools`;
  if (doc.result.isError) return `tdd_status answered an error: ${JSON.stringify(doc.result.content)}`;
  return validateStatus(doc.result.structuredContent);
}

function runUnder(node, packages, project, scratch, validate) {
  // The bins run as a user runs them: the file itself (shebang, executable bit), with this Node first on PATH.
  const env = { ...process.env, PATH: `${dirname(node.bin)}${delimiter}${process.env.PATH}`, NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (/^(ANTHROPIC_|OPENAI_|GEMINI_|GOOGLE_API_KEY|ADLC_)/.test(key)) delete env[key];
  const label = `Node ${node.version}`;
  for (const { manifest } of packages) {
    for (const name of Object.keys(manifest.bin ?? {})) {
      const bin = join(project, 'node_modules', '.bin', name);
      const version = run(bin, ['--version'], { env });
      if (version.status !== 0 || version.stdout.trim() !== manifest.version) fail(`${label}: ${name} --version`, `exit ${version.status}, printed "${version.stdout.trim()}", expected "${manifest.version}"${version.stderr ? `\n${tail(version.stderr)}` : ''}`);
      const help = run(bin, ['--help'], { env });
      if (help.status !== 0 || !help.stdout.includes(`Usage: ${name}`)) fail(`${label}: ${name} --help`, `exit ${help.status}:\n${tail(help.output)}`);
    }
  }
  const dir = mkdtempSync(join(scratch, `node${node.major}-`));
  for (const [what, problem] of offlineRuns(node, project, dir, env, validate)) {
    if (problem) fail(`${label}: ${what}`, problem);
  }
}

// ---- main ----------------------------------------------------------------------------------------

function parseArgs(argv) {
  const value = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const nodes = value('--nodes');
  return { keep: argv.includes('--keep'), majors: nodes ? nodes.split(',').map(Number) : DEFAULT_MAJORS, packTo: value('--pack-to') };
}

/** `--pack-to <dir>`: the tarballs, their paths on stdout, nothing installed or run. */
function packOnly(packages, dir) {
  try {
    mkdirSync(dir, { recursive: true });
    for (const tarball of pack(packages, dir)) process.stdout.write(`${tarball}\n`);
    return 0;
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

function main() {
  const { keep, majors, packTo } = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const packages = publishedPackages();
  // A library without JSON outputs (@adlc/localize) ships no schemas/.
  const unbuilt = packages.filter((p) => !existsSync(join(p.dir, 'dist')) || ((p.manifest.files ?? []).includes('schemas') && !existsSync(join(p.dir, 'schemas'))));
  if (unbuilt.length > 0) {
    log(`build first (npx -y pnpm@10 run build): no dist/ or schemas/ in ${unbuilt.map((p) => p.manifest.name).join(', ')}`);
    return 1;
  }
  if (packTo) return packOnly(packages, resolve(packTo));
  const scratch = mkdtempSync(join(tmpdir(), 'adlc-pack-install-'));
  try {
    const tarballs = timed(`packed ${packages.length} packages`, () => pack(packages, mkdtempSync(join(scratch, 'tarballs-'))));
    for (const tarball of tarballs) checkTarball(tarball, scratch);
    const project = join(scratch, 'project');
    timed(`npm install of the ${tarballs.length} tarballs into an empty project`, () => install(project, tarballs));
    timed('type-checked a consumer', () => typeCheck(packages, project));
    const validate = schemaValidator(project);
    for (const node of timed('found the Node versions', () => nodes(majors))) {
      timed(`ran every CLI under Node ${node.version}`, () => runUnder(node, packages, project, scratch, validate));
    }
  } catch (error) {
    fail('pack-install', error instanceof Error ? error.message : String(error));
  } finally {
    if (keep) log(`kept ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    log(`${problems.length} problem(s) in ${seconds} s`);
    return 1;
  }
  log(`all checks passed in ${seconds} s`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) process.exitCode = main();
