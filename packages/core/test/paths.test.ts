import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isInsideRoot, relativeToRoot } from '../src/paths.js';

// The root is reached through a symlink, as /tmp is on macOS: resolution must not be fooled by it.
const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'adlc-paths-')));
const realRoot = path.join(base, 'repo');
const root = path.join(base, 'repo-link');
const outside = realpathSync(os.tmpdir());
mkdirSync(path.join(realRoot, 'src/sub'), { recursive: true });
writeFileSync(path.join(realRoot, 'src/a.js'), '');
symlinkSync(realRoot, root);
symlinkSync(outside, path.join(realRoot, 'tmp-link')); // a symlink to /tmp
symlinkSync('..', path.join(realRoot, 'src/sub/up')); // stays inside: src/sub/up → src
symlinkSync(path.join(outside, 'adlc-nonexistent-target'), path.join(realRoot, 'dangling')); // dangling, outside
symlinkSync('loop-b', path.join(realRoot, 'loop-a'));
symlinkSync('loop-a', path.join(realRoot, 'loop-b'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('isInsideRoot', () => {
  it.each([
    // [candidate, expected]
    ['src/a.js', { ok: true, rel: 'src/a.js', wasAbsolute: false }],
    ['./src/../src/a.js', { ok: true, rel: 'src/a.js', wasAbsolute: false }],
    ['src/new/file.js', { ok: true, rel: 'src/new/file.js', wasAbsolute: false }],
    ['src/sub/up/a.js', { ok: true, rel: 'src/a.js', wasAbsolute: false }],
    ['src/sub/up/../x.js', { ok: true, rel: 'x.js', wasAbsolute: false }],
    ['..foo', { ok: true, rel: '..foo', wasAbsolute: false }],
    ['.', { ok: true, rel: '', wasAbsolute: false }],
    [path.join(root, 'src/a.js'), { ok: true, rel: 'src/a.js', wasAbsolute: true }],
    [path.join(realRoot, 'src/a.js'), { ok: true, rel: 'src/a.js', wasAbsolute: true }],
    ['../x.js', { ok: false, reason: 'escapes', wasAbsolute: false }],
    ['src/../../x.js', { ok: false, reason: 'escapes', wasAbsolute: false }],
    ['/etc/passwd', { ok: false, reason: 'absolute', wasAbsolute: true }],
    ['tmp-link/x.js', { ok: false, reason: 'symlink-escape', wasAbsolute: false }],
    ['tmp-link', { ok: false, reason: 'symlink-escape', wasAbsolute: false }],
    // The kernel climbs from the link's target, not from its text.
    ['tmp-link/../x.js', { ok: false, reason: 'symlink-escape', wasAbsolute: false }],
    ['dangling', { ok: false, reason: 'symlink-escape', wasAbsolute: false }],
    ['loop-a/x', { ok: false, reason: 'symlink-escape', wasAbsolute: false }],
    [path.join(realRoot, 'tmp-link/x.js'), { ok: false, reason: 'symlink-escape', wasAbsolute: true }],
  ] as const)('%s', (candidate, expected) => {
    expect(isInsideRoot(root, candidate)).toMatchObject(expected);
  });

  it('returns where the path lands', () => {
    expect(isInsideRoot(root, 'src/sub/up/a.js')).toEqual({ ok: true, rel: 'src/a.js', abs: path.join(realRoot, 'src/a.js'), wasAbsolute: false });
  });
});

describe('relativeToRoot', () => {
  it.each([
    ['src/a.js', 'src/a.js'],
    [path.join(root, 'src/a.js'), 'src/a.js'],
    [path.join(realRoot, 'src/sub/up/a.js'), 'src/a.js'],
    ['src/not-yet/new.js', 'src/not-yet/new.js'],
    ['.', null],
    [root, null],
    ['../x.js', null],
    ['/etc/passwd', null],
    ['tmp-link/x.js', null],
    ['dangling', null],
  ] as const)('%s → %s', (file, expected) => {
    expect(relativeToRoot(root, file)).toBe(expected);
  });
});
