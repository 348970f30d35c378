// The line-based engine on a Python module, a Go file and a Java class, then one line per case
// for each language (Python, Go, Java, Rust, C, C#, Kotlin, Swift, PHP, Ruby).

import { describe, expect, it } from 'vitest';
import { type BugCategory, generateMutants } from '../../src/plants/mutate/index.js';
import { categoriesOf, expectExactLocations, fixture } from './helpers.js';

const FIXTURES: Array<[file: string, language: string, categories: BugCategory[]]> = [
  ['inventory.py', 'python', ['off-by-one', 'logic-inversion', 'null-handling', 'arithmetic', 'return-value', 'exception-handling', 'async', 'update-assignment', 'removed-call', 'string-literal', 'swapped-arguments', 'numeric-literal']],
  ['ledger.go', 'go', ['off-by-one', 'logic-inversion', 'null-handling', 'arithmetic', 'return-value', 'exception-handling', 'update-assignment', 'removed-call', 'string-literal', 'swapped-arguments', 'numeric-literal']],
  ['RateLimiter.java', 'java', ['off-by-one', 'logic-inversion', 'null-handling', 'arithmetic', 'return-value', 'exception-handling', 'update-assignment', 'removed-call', 'string-literal', 'swapped-arguments', 'numeric-literal']],
];

describe('line-based languages on realistic files', () => {
  it.each(FIXTURES)('%s produces every category the language allows', async (name, language, categories) => {
    const mutants = await generateMutants(`src/${name}`, fixture(name));
    expect(mutants.every((m) => m.language === language)).toBe(true);
    const produced = categoriesOf(mutants);
    expect(categories.filter((c) => !produced.has(c))).toEqual([]);
  });

  it.each(FIXTURES)('%s: locations are exact and each mutant changes one line', async (name) => {
    const content = fixture(name);
    expectExactLocations(content, await generateMutants(name, content));
  });

  it.each(FIXTURES)('%s: nothing inside comments, strings, imports or annotations', async (name) => {
    const content = fixture(name);
    const mutants = await generateMutants(name, content);
    for (const m of mutants) {
      const before = m.original.slice(0, m.column - 1);
      expect(before, m.id).not.toMatch(/\/\/|#(?!\[)|\/\*/);
      expect(m.original, m.id).not.toMatch(/^\s*(?:import|package|from \S+ import|@)/);
      // Edits cover whole string literals or none: never a span that starts or ends inside one.
      expect((m.originalText.match(/"/g) ?? []).length % 2, m.id).toBe(0);
      expect((before.match(/"/g) ?? []).length % 2, m.id).toBe(0);
    }
    expect(mutants.some((m) => m.original.includes('"errors"') || m.original.includes('json:'))).toBe(false);
  });

  it('restricts to lines and is deterministic', async () => {
    const content = fixture('ledger.go');
    const all = await generateMutants('ledger.go', content);
    expect(await generateMutants('ledger.go', content)).toEqual(all);
    const some = await generateMutants('ledger.go', content, { lines: [27, 43] });
    expect(some).toEqual(all.filter((m) => m.line === 27 || m.line === 43));
    expect(some.length).toBeGreaterThan(3);
  });

  it('returns [] for unknown extensions', async () => {
    expect(await generateMutants('notes.txt', 'if a < b: return 1\n')).toEqual([]);
    expect(await generateMutants('Makefile', 'x = 1 + 2\n')).toEqual([]);
  });
});

/** [file, snippet, operator, expected mutated line]. */
const CASES: Array<[string, string, string, string]> = [
  ['a.py', 'if i < n:\n    pass\n', 'relax-boundary', 'if i <= n:'],
  ['a.py', 'ok = a == b\n', 'invert-comparison', 'ok = a != b'],
  ['a.py', 'ok = a and b\n', 'swap-logical-operator', 'ok = a or b'],
  ['a.py', 'if not ready:\n    wait()\n', 'negate-condition', 'if ready:'],
  ['a.py', 'if ready:\n    go()\n', 'negate-condition', 'if not ready:'],
  ['a.py', 'while a < b and c:\n    step()\n', 'negate-condition', 'while not (a < b and c):'],
  ['a.py', 'if not a and b:\n    pass\n', 'negate-condition', 'if not (not a and b):'],
  ['a.py', 'if not a == b:\n    pass\n', 'negate-condition', 'if a == b:'],
  ['A.java', 'if (!a && b) {\n}\n', 'negate-condition', 'if (!(!a && b)) {'],
  ['a.py', 'debug = True\n', 'flip-boolean', 'debug = False'],
  ['a.py', 'if user is None:\n    pass\n', 'invert-null-check', 'if user is not None:'],
  ['a.py', 'if user is not None:\n    pass\n', 'invert-null-check', 'if user is None:'],
  ['a.py', 'x = a + b\n', 'swap-additive', 'x = a - b'],
  ['a.py', 'def f():\n    return total\n', 'return-null', '    return None'],
  ['a.py', 'def f():\n    return False\n', 'flip-return-boolean', '    return True'],
  ['a.py', 'def f(x):\n    if x:\n        raise ValueError("x")\n', 'remove-throw', '        pass'],
  ['a.py', 'total += price\n', 'swap-compound-assignment', 'total -= price'],
  ['a.py', 'retries = 3\n', 'change-numeric-literal', 'retries = 4'],
  ['a.py', 'mode = "fast"\n', 'change-string-literal', 'mode = "Fast"'],
  ['a.py', 'if user.login == "admin":\n    pass\n', 'change-string-literal', 'if user.login == "Admin":'],
  ['a.py', 'x = items[i]\n', 'shift-index', 'x = items[i + 1]'],
  ['a.py', 'while i < len(items):\n    i += 1\n', 'shift-length-bound', 'while i < len(items) - 1:'],
  ['a.py', 'move(src, dst)\n', 'swap-arguments', 'move(dst, src)'],
  ['a.py', 'def f(s):\n    s.flush()\n    return 1\n', 'remove-call', '    pass'],
  ['a.py', 'async def f(c):\n    r = await c.get()\n', 'remove-await', '    r = c.get()'],
  ['a.py', 'try:\n    run()\nexcept OSError:\n    cleanup()\n', 'empty-catch', '    pass'],
  ['a.go', 'if err != nil {\n\treturn err\n}\n', 'invert-null-check', 'if err == nil {'],
  ['a.go', 'if err != nil {\n\treturn err\n}\n', 'drop-returned-error', '\treturn nil'],
  ['a.go', 'func f() (int, error) {\n\treturn 0, err\n}\n', 'drop-returned-error', '\treturn 0, nil'],
  ['a.go', 'for i := 0; i < n; i++ {\n}\n', 'swap-increment', 'for i := 0; i < n; i-- {'],
  ['a.go', 'if a && b {\n}\n', 'swap-logical-operator', 'if a || b {'],
  ['a.go', 'if ok {\n}\n', 'negate-condition', 'if !ok {'],
  ['a.go', 'func f() {\n\tpanic("boom")\n}\n', 'remove-throw', '\t'],
  ['a.go', 'x := items[len(items)-1]\n', 'change-numeric-literal', 'x := items[len(items)-0]'],
  ['A.java', 'if (a >= b) {\n}\n', 'tighten-boundary', 'if (a > b) {'],
  ['A.java', 'if (x == null) return 0;\n', 'remove-null-guard', ''],
  ['A.java', 'if (x == null) {\n}\n', 'invert-null-check', 'if (x != null) {'],
  ['A.java', 'if (ready) {\n}\n', 'negate-condition', 'if (!ready) {'],
  ['A.java', 'void f() {\n    throw new IllegalStateException("x");\n}\n', 'remove-throw', '    '],
  ['A.java', 'void f() {\n    cache.clear();\n}\n', 'remove-call', '    '],
  ['A.java', 'try { run(); } catch (Exception e) { log(e); }\n', 'empty-catch', 'try { run(); } catch (Exception e) {}'],
  ['A.java', 'int f() {\n    return a - b;\n}\n', 'swap-additive', '    return a + b;'],
  ['A.java', 'Object f() {\n    return user;\n}\n', 'return-null', '    return null;'],
  ['A.java', 'for (int i = 0; i < xs.length; i++) {\n}\n', 'shift-length-bound', 'for (int i = 0; i < xs.length - 1; i++) {'],
  ['a.rs', 'if value.is_none() {\n}\n', 'invert-null-check', 'if value.is_some() {'],
  ['a.rs', 'let r = fetch().await;\n', 'remove-await', 'let r = fetch();'],
  ['a.rs', 'fn f() -> Option<u8> {\n    return Some(x);\n}\n', 'return-null', '    return None;'],
  ['a.rs', 'if count < limit {\n}\n', 'relax-boundary', 'if count <= limit {'],
  ['a.c', 'if (p == NULL) return -1;\n', 'change-numeric-literal', 'if (p == NULL) return -2;'],
  ['a.c', 'for (int i = 0; i < n; i++) {\n}\n', 'relax-boundary', 'for (int i = 0; i <= n; i++) {'],
  ['a.cs', 'var n = user?.Name;\n', 'remove-optional-chain', 'var n = user.Name;'],
  ['a.cs', 'var d = await client.GetAsync(url);\n', 'remove-await', 'var d = client.GetAsync(url);'],
  ['a.kt', 'val n = user?.name\n', 'remove-optional-chain', 'val n = user.name'],
  ['a.swift', 'if user.age >= 18 {\n}\n', 'tighten-boundary', 'if user.age > 18 {'],
  ['a.php', '$name = $user?->name;\n', 'remove-optional-chain', '$name = $user->name;'],
  ['a.php', 'if ($items === null) {\n}\n', 'invert-null-check', 'if ($items !== null) {'],
  ['a.rb', 'if sum > 100 && vip\nend\n', 'swap-logical-operator', 'if sum > 100 || vip'],
];

/** [file, snippet, operator] that must produce nothing of that operator. */
const NEVER: Array<[string, string, string]> = [
  ['a.py', '# if a < b: pass\n', 'relax-boundary'],
  ['a.py', 'msg = "a < b and c"\n', 'swap-logical-operator'],
  ['a.py', '"""\nif a < b:\n"""\n', 'relax-boundary'],
  ['a.py', 'label = "n: " + str(n)\n', 'swap-additive'],
  ['a.py', 'from x import (\n    a,\n    b,\n)\n', 'change-string-literal'],
  ['a.py', 'def f(a, b):\n    pass\n', 'swap-arguments'],
  ['a.py', 'x: dict[str, int] = {}\ny = list[item]\n', 'shift-index'],
  ['a.py', 'raise ValueError("x")\n', 'change-string-literal'],
  ['a.py', 'log.info("saved %s", name)\n', 'change-string-literal'],
  ['a.py', 'title = "Wrap width."\n', 'change-string-literal'],
  ['a.go', 'fmt.Fprintln(w, "Usage:")\n', 'change-string-literal'],
  ['a.go', 'import (\n\t"fmt"\n)\n', 'change-string-literal'],
  ['a.go', 'type A struct {\n\tID string `json:"id"`\n}\n', 'change-string-literal'],
  ['a.go', 'var m map[string]int\n', 'shift-index'],
  ['a.go', 'v := <-ch\nch <- v\n', 'relax-boundary'],
  ['a.go', 'x := max(a, b)\n', 'swap-arguments'],
  ['A.java', 'List<String> xs = new ArrayList<>();\n', 'relax-boundary'],
  ['A.java', '/* if (a < b) */\n', 'relax-boundary'],
  ['A.java', 'if (ok)\n    throw new X();\n', 'remove-throw'],
  ['A.java', 'int x = foo(a,\n    b);\n', 'remove-call'],
  ['A.java', 'System.out.println(a);\n', 'remove-call'],
  ['A.java', '@Path("x")\n', 'change-string-literal'],
  ['a.rs', 'let f = move || { run() };\n', 'swap-logical-operator'],
  ['a.rs', "fn f<'a>(x: &'a str) -> bool {\n    true\n}\n", 'change-string-literal'],
  ['a.rs', '#[derive(Debug)]\n', 'shift-index'],
  ['a.c', '#define MAX(a, b) ((a) > (b) ? (a) : (b))\n', 'swap-arguments'],
  ['a.rb', 'class Admin < User\nend\n', 'relax-boundary'],
];

describe('line-based operators, case by case', () => {
  it.each(CASES)('%s: %s → %s', async (file, snippet, operator, expected) => {
    const mutants = await generateMutants(file, snippet);
    expect(mutants.filter((m) => m.operator === operator).map((m) => m.mutated)).toContain(expected);
    expectExactLocations(snippet, mutants);
  });

  it.each(NEVER)('%s: no %s in %j', async (file, snippet, operator) => {
    const mutants = await generateMutants(file, snippet);
    expect(mutants.filter((m) => m.operator === operator).map((m) => m.mutated)).toEqual([]);
  });
});
