// The prototype-write probe: where did the repository write onto Object.prototype? A prototype
// pollution test fails on an assertion in the test file (`({}).polluted === undefined`), so its
// frames are all test frames, and coverage sees the store or setter that did the write run alike for
// every input; the place of the write is what a debugger would look for, and nothing else reports it.
//
// Two steps, both plain Node preloads (`NODE_OPTIONS=--require`), so they hold for any runner: each
// acts on the process's own realm (node --test, Mocha, Vitest) and on every vm context made after it
// (Jest's test environments), each with an Object.prototype of its own:
// 1. Watch, in every covered run: the names Object.prototype gained between the preload and the
//    process's end are written down (nothing else: the run behaves as without it). A run that gained
//    none costs nothing more.
// 2. Trap, only when the failing run gained some that the passing tests' own run did not (a name every
//    test adds, an assertion library's, is not the failure's): the failing tests run once more, after
//    that run (run/observe.ts), with an accessor on Object.prototype for each of those names. A write of
//    one onto Object.prototype itself records the stack and then becomes the plain data property it
//    would have been; a write onto any other object defines the own property an assignment would.
// A write of a function is not the failure's either, and is left out: a method someone meant to add,
// the way old polyfills did (what a polluted path carries is data).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listDir } from '../coverage/v8.js';

/** The environment variable naming where a watched process writes the names Object.prototype gained. */
export const WATCH_DIR_ENV = 'CONSENSUS_FIX_PROTOTYPE_DIR';
/** The environment variable holding the trap's names and output directory (JSON). */
export const TRAP_ENV = 'CONSENSUS_FIX_PROTOTYPE_TRAP';

/** Names kept per process, and recorded writes read back: a run that adds thousands is not a pollution test. */
const MAX_NAMES = 50;
/** A longer name is left out: it would go into an environment variable, the evidence and the prompt. */
const MAX_NAME_CHARS = 200;
const MAX_WRITES = 200;

/**
 * Calls `onRealm(Object.prototype, Error)` for the process's own realm, then for every vm context made
 * later: Jest runs each test file in a context of its own (so do Vitest's `vmThreads` and jsdom), with
 * an Object.prototype of its own. `vm.createContext` is wrapped to return the same context as before,
 * and the ES module view of `node:vm` is synced to it.
 */
const EACH_REALM = `
function adlcEachRealm(onRealm) {
  onRealm(Object.prototype, Error);
  var vm = require('node:vm');
  var create = vm.createContext;
  var intrinsics = new vm.Script('[Object.prototype, Error]'); // compiled once: some programs make thousands of contexts
  vm.createContext = function createContext() {
    var context = create.apply(this, arguments);
    try {
      var found = intrinsics.runInContext(context);
      onRealm(found[0], found[1]);
    } catch (e) {}
    return context;
  };
  try { require('node:module').syncBuiltinESMExports(); } catch (e) {}
}
`;

/**
 * The watch, part of every covered run's preload. Besides the process's own realm it watches the
 * latest vm context, and settles the one before when the next is made (a Jest worker runs one test
 * file at a time): holding every context until the end would keep each test file's modules alive.
 * `report` is also called by the SIGTERM flush (a process that signal ends never reaches 'exit').
 */
export const WATCH_PROTOTYPE = `
// consensus-fix: writes down the names Object.prototype gained in this process (localization only).
var adlcReportPrototype = (function () {
  var dir = process.env.${WATCH_DIR_ENV};
  if (!dir) return function () {};${EACH_REALM}
  var names = new Set();
  var main = null;
  var latest = null;
  function settle(entry) {
    if (!entry) return;
    Object.getOwnPropertyNames(entry.proto).forEach(function (name) {
      if (!entry.before.has(name) && name.length <= ${MAX_NAME_CHARS}) names.add(name);
    });
  }
  adlcEachRealm(function (proto) {
    var entry = { proto: proto, before: new Set(Object.getOwnPropertyNames(proto)) };
    if (main === null) main = entry;
    else {
      settle(latest);
      latest = entry;
    }
  });
  var done = false;
  function report() {
    if (done) return;
    done = true;
    try {
      settle(main);
      settle(latest);
      if (names.size === 0) return;
      var file = 'added-' + process.pid + '-' + require('node:worker_threads').threadId + '.json';
      require('node:fs').writeFileSync(require('node:path').join(dir, file), JSON.stringify(Array.from(names).slice(0, ${MAX_NAMES})));
    } catch (e) {}
  }
  process.on('exit', report);
  return report;
})();
`;

/** The trap's preload (see the header), in the process's realm and every vm context made later. */
export const TRAP_PROTOTYPE = `'use strict';
// consensus-fix: records where names are written onto Object.prototype (localization's probe run only).
(function () {
  var spec;
  try { spec = JSON.parse(process.env.${TRAP_ENV} || 'null'); } catch (e) { return; }
  if (!spec || !Array.isArray(spec.keys)) return;${EACH_REALM}
  var fs = require('node:fs');
  var out = require('node:path').join(spec.dir, 'writes-' + process.pid + '-' + require('node:worker_threads').threadId + '.ndjson');
  var own = Object.prototype.hasOwnProperty;
  adlcEachRealm(function (proto, RealmError) {
    spec.keys.forEach(function (key) {
      if (typeof key !== 'string' || own.call(proto, key)) return;
      Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get: function () { return undefined; },
        set: function (value) {
          if (this === proto) {
            // The realm's own Error: its stack goes through the realm's source maps (Jest's).
            var limit = RealmError.stackTraceLimit;
            RealmError.stackTraceLimit = 50;
            var stack = String(new RealmError('write of ' + key + ' onto Object.prototype').stack);
            RealmError.stackTraceLimit = limit;
            var record = { key: key, kind: typeof value, stack: stack };
            try { fs.appendFileSync(out, JSON.stringify(record) + '\\n'); } catch (e) {}
            Object.defineProperty(proto, key, { value: value, writable: true, enumerable: true, configurable: true });
          } else if (Object(this) === this) {
            Reflect.defineProperty(this, key, { value: value, writable: true, enumerable: true, configurable: true });
          }
          // (Onto a primitive, an assignment creates nothing; sloppy code does not throw for it.)
        },
      });
    });
  });
})();
`;

/** The names the processes of a watched run added to Object.prototype (sorted, each once). */
export function readAddedNames(dir: string): string[] {
  const names = new Set<string>();
  for (const entry of listDir(dir)) {
    if (!/^added-.*\.json$/.test(entry)) continue;
    try {
      const parsed: unknown = JSON.parse(readFileSync(path.join(dir, entry), 'utf8'));
      if (Array.isArray(parsed)) for (const name of parsed) if (typeof name === 'string') names.add(name);
    } catch {
      // A process ended while writing: its names are lost, the others stay.
    }
  }
  return [...names].sort();
}

/** A write onto Object.prototype the trap saw: the name, the value's `typeof`, and the stack at the write (V8's format). */
export interface PrototypeWrite {
  key: string;
  kind: string;
  stack: string;
}

/**
 * The names worth a probe: those the failing run added and the passing tests' run did not (a name every
 * test adds, an assertion library's, is not the failure's).
 */
export function suspectNames(added: readonly string[], passingAdded: readonly string[]): string[] {
  const passing = new Set(passingAdded);
  return added.filter((name) => !passing.has(name));
}

/** The writes that are the failure's: data, not a function (a method someone meant to add). */
export function failureWrites(writes: readonly PrototypeWrite[]): PrototypeWrite[] {
  return writes.filter((w) => w.kind !== 'function');
}

/** The writes a trap run recorded, in the order of each process's records. */
export function readPrototypeWrites(dir: string): PrototypeWrite[] {
  const writes: PrototypeWrite[] = [];
  for (const entry of listDir(dir)) {
    if (!/^writes-.*\.ndjson$/.test(entry)) continue;
    let text: string;
    try {
      text = readFileSync(path.join(dir, entry), 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (writes.length >= MAX_WRITES) return writes;
      try {
        const record = JSON.parse(line) as Partial<PrototypeWrite>;
        if (typeof record.key === 'string' && typeof record.stack === 'string') writes.push({ key: record.key, kind: String(record.kind), stack: record.stack });
      } catch {
        // An empty or cut line.
      }
    }
  }
  return writes;
}

/** The trap run's preload file and environment, in a directory of its own under `dir`. */
export function trapSetup(dir: string, keys: readonly string[]): { preload: string; out: string; env: Record<string, string> } {
  const out = path.join(dir, 'prototype-trap');
  mkdirSync(out, { recursive: true });
  const preload = path.join(dir, 'prototype-trap.cjs');
  writeFileSync(preload, TRAP_PROTOTYPE);
  return { preload, out, env: { [TRAP_ENV]: JSON.stringify({ keys, dir: out }) } };
}
