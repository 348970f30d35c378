// The names a failing test talks about: the identifiers on its failing assertion's line(s) and in the
// failing test's name, less the words every test uses (assertion APIs, keywords, common built-ins)
// and the test's own names. A source file that mentions them is more likely the one under test. Pure.

const KEYWORDS =
  'abstract and any arguments as assert async await boolean break case catch class const constructor continue debugger declare def default del delete do elif else enum except export exports extends false final finally for from function global if implements import in instanceof interface is lambda let module new nonlocal none not null number object of or package pass private protected public raise readonly require return self static string super switch symbol this throw true try type typeof undefined var void while with yield';
const TEST_APIS =
  'ok equal equals notequal strictequal notstrictequal deepequal deepstrictequal notdeepequal notdeepstrictequal throws doesnotthrow rejects doesnotreject match doesnotmatch fail ifError expect tobe toequal tostrictequal tothrow tomatch tocontain tohavelength tobetruthy tobefalsy tobenull tobeundefined tobedefined tohaveproperty tomatchobject tohavebeencalled tohavebeencalledwith resolves assertequal assertequals asserttrue assertfalse assertraises assertin assertisnone assertnotequal assertisinstance raises approx should chai sinon test tests it describe context suite before after beforeeach aftereach setup teardown mock spy stub fixture pytest unittest testcase console json math promise length includes indexof push slice tostring keys values entries then';
const STOP = new Set(`${KEYWORDS} ${TEST_APIS}`.toLowerCase().split(' '));

/** A word every test uses (an assertion API, a keyword, a common built-in): it says nothing about the code. */
export const isStopWord = (word: string): boolean => STOP.has(word.toLowerCase());

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;
const MIN_LENGTH = 3;

/**
 * Names the test file declares itself: its aliases for whole modules (`const lib = require('..')`,
 * `import * as x`), its variables and helpers (`const body = ...`, `def helper`). They are the
 * test's own words, not the code's, however often they stand on the failing line.
 */
export function testLocalNames(testSource: string): Set<string> {
  const names = new Set<string>();
  const patterns = [
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)/g,
    /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)/g,
    /\bimport\s+([A-Za-z_$][\w$]*)\s*(?:,|\s+from\b)/g,
    /\bimport\s+\*\s+as\s+([A-Za-z_$][\w$]*)/g,
    /^\s*import\s+[\w.]+\s+as\s+(\w+)/gm,
    /^\s*(?:async\s+)?def\s+(\w+)/gm,
    /^\s*([A-Za-z_]\w*)\s*=[^=]/gm,
  ];
  for (const re of patterns) for (const m of testSource.matchAll(re)) names.add(m[1]!);
  return names;
}

/**
 * Code-like words of a failing test's name: camelCase, snake_case, __dunder__, with a digit, or
 * written as code (`res.redirect`, `parse()`). Plain English words say too little.
 */
function nameIdentifiers(name: string): string[] {
  const asCode = new Set([...name.matchAll(/[\w$]+(?=\.[A-Za-z_$]|\s*\()|(?<=[\w$]\.)[A-Za-z_$][\w$]*/g)].map((m) => m[0]));
  return (name.match(IDENTIFIER) ?? [])
    .map((word) => word.replace(/^test_?(?=[A-Za-z])/i, ''))
    .filter((word) => asCode.has(word) || /^__\w+__$/.test(word) || /[a-z][A-Z]|\w_\w|\d/.test(word));
}

export interface QueryInput {
  /** The source lines of the failing assertion (the test file's lines its stack frames point at). */
  assertionLines: readonly string[];
  /** Names of the failing tests. */
  testNames: readonly string[];
  /** The test files' own names, left out (testLocalNames). */
  locals: ReadonlySet<string>;
}

/** The identifiers to look for, sorted. */
export function queryIdentifiers({ assertionLines, testNames, locals }: QueryInput): string[] {
  const words = [...assertionLines.flatMap((line) => line.match(IDENTIFIER) ?? []), ...testNames.flatMap(nameIdentifiers)];
  const keep = words.filter((w) => w.length >= MIN_LENGTH && !isStopWord(w) && !locals.has(w) && !/^\d/.test(w));
  return [...new Set(keep)].sort();
}

/** Which of `query` occur in `text` as whole words. */
export function identifiersIn(text: string, query: readonly string[]): string[] {
  if (query.length === 0) return [];
  const present = new Set(text.match(IDENTIFIER) ?? []);
  return query.filter((id) => present.has(id));
}

/**
 * Which of `query` the text defines: a function, class, method or assigned function of that name
 * (JS/TS or Python). The module that defines what the failing line calls is the unit under test,
 * even when coverage cannot tell it from the helpers it calls.
 */
export function definedIn(text: string, query: readonly string[]): string[] {
  return query.filter((id) => {
    const name = id.replace(/[$]/g, '\\$&');
    const definition = new RegExp(
      [
        `\\b(?:function\\s*\\*?|class|def)\\s+${name}\\b`, // function f, class C, def f
        `(?:^|[.\\s,{])${name}\\s*[:=]\\s*(?:async\\s+)?(?:function\\b|\\([^)]*\\)\\s*=>|[\\w$]+\\s*=>)`, // f = function, exports.f = (x) =>, { f: function }
        `^\\s*(?:static\\s+)?(?:async\\s+)?${name}\\s*\\([^)]*\\)\\s*\\{`, // method shorthand
      ].join('|'),
      'm',
    );
    return definition.test(text);
  });
}

/** The failing tests' names as runners print them: TAP `not ok`, spec `✖`, pytest, go test, JUnit. */
export function failingTestNames(output: string): string[] {
  const names: string[] = [];
  const patterns = [
    /^\s*not ok \d+ - (.+?)(?:\s+#.*)?$/gm, // TAP (node --test, tape)
    /^\s*[✖✗×]\s+(.+?)(?:\s+\([\d.]+m?s\))?$/gm, // node's spec reporter, mocha, vitest
    /^FAILED\s+\S+::(\S+)/gm, // pytest's summary
    /^_{3,} (?:\S+\.)?(\w+(?:\[.*\])?) _{3,}$/gm, // pytest's section header
    /^\s*--- FAIL: (\S+)/gm, // go test
    /^\s*\d+\) (.+)$/gm, // mocha's numbered failures
  ];
  for (const re of patterns) for (const m of output.matchAll(re)) names.push(m[1]!.trim());
  return [...new Set(names)];
}
