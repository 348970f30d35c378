// Which files a Bash command would write, as well as a shell reading can tell: redirects, sed -i,
// tee, cp/mv/rm onto files, and python -c / node -e scripts that open files for writing.
// What it cannot tell is reported as unknown, so the hook can refuse rather than guess.

import os from 'node:os';
import path from 'node:path';
import { scriptWrites } from './inline-script-writes.js';
import { changeDir, inDir } from './shell-directory.js';
import { destination, gitWrites, inPlaceFiles, moveSources } from './file-operands.js';

export interface BashWrites {
  /** Paths as written in the command (relative to its cwd or absolute). */
  files: string[];
  /** Those of `files` the command deletes or empties (rm, git rm, the source of mv, truncate). */
  deleted: string[];
  /** Reasons the command's writes could not be determined. */
  unknown: string[];
  /** The command invokes a tdd-kernel subcommand only the user may run (refactor on, init, --mode warn). */
  forbidden: string | null;
}

const SEPARATORS = new Set([';', '&&', '||', '|', '&', '\n', '|&']);
const NOT_WRITES = /^(?:\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)|&\d*-?)$/;

/**
 * `tmpDirs`: absolute paths under these are scratch and left out (the hook passes none and leaves out
 * what lands outside the project instead, since a project may itself live under the temp dir).
 */
export function bashWrites(command: string, tmpDirs: readonly string[] = [os.tmpdir(), '/tmp', '/var/tmp']): BashWrites {
  const out: BashWrites = { files: [], deleted: [], unknown: [], forbidden: null };
  // The directory the command is in, relative to where it started ('' there, null: cannot tell), as
  // `cd`, `pushd`/`popd` and subshells move it; each write is read against the directory it runs in.
  let dir: string | null = '';
  let previous: string | null = '';
  const subshells: Array<string | null> = [];
  const pushed: Array<string | null> = [];
  for (const part of splitCommands(tokenize(command))) {
    if (part === '(') {
      subshells.push(dir);
      continue;
    }
    if (part === ')') {
      if (subshells.length > 0) dir = subshells.pop()!;
      continue;
    }
    const words = part.filter((t) => !t.op).map((t) => t.text);
    const name = words[0];
    if (name === 'cd' || name === 'pushd' || name === 'popd') {
      const target = words.slice(1).find((w) => !/^-[LPe@]+$/.test(w));
      if (name === 'popd') {
        dir = pushed.length > 0 ? pushed.pop()! : null;
        continue;
      }
      if (name === 'pushd') pushed.push(dir);
      const next = target === '-' ? previous : changeDir(dir, target);
      previous = dir;
      dir = next;
      continue;
    }
    const one: BashWrites = { files: [], deleted: [], unknown: [], forbidden: null };
    analyse(part, one);
    out.forbidden ??= one.forbidden;
    out.unknown.push(...one.unknown);
    const relative = [...one.files, ...one.deleted].filter((f) => !path.isAbsolute(f) && !/^[~$]/.test(f));
    if (dir === null && relative.length > 0) out.unknown.push(`a write after \`cd\` to a directory the shell reading cannot tell (${relative.join(', ')})`);
    out.files.push(...one.files.map((f) => inDir(dir, f)));
    out.deleted.push(...one.deleted.map((f) => inDir(dir, f)));
  }
  out.files = [...new Set([...out.deleted, ...out.files])].filter((f) => !isTemp(f, tmpDirs));
  out.deleted = [...new Set(out.deleted)].filter((f) => !isTemp(f, tmpDirs));
  return out;
}

function isTemp(file: string, tmpDirs: readonly string[]): boolean {
  if (file.startsWith('$TMPDIR') || file.startsWith('${TMPDIR')) return true;
  return path.isAbsolute(file) && tmpDirs.some((d) => file === d || file.startsWith(`${d.replace(/\/$/, '')}/`));
}

type Token = { text: string; op: boolean };

/** Words and operators, with quotes removed from words. Good enough for the commands agents write. */
export function tokenize(command: string): Token[] {
  const tokens: Token[] = [];
  let word = '';
  let inWord = false;
  const push = () => {
    if (inWord) tokens.push({ text: word, op: false });
    word = '';
    inWord = false;
  };
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (ch === "'") {
      const end = command.indexOf("'", i + 1);
      word += command.slice(i + 1, end === -1 ? undefined : end);
      inWord = true;
      i = end === -1 ? command.length : end;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && j + 1 < command.length) j++;
        word += command[j];
      }
      inWord = true;
      i = j;
    } else if (ch === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (ch === ' ' || ch === '\t') {
      push();
    } else if (ch === '\n' || ch === ';' || ch === '|' || ch === '&' || ch === '>' || ch === '<' || ch === '(' || ch === ')') {
      // fd number directly before a redirect (2>, 1>>) belongs to the operator
      let fd = '';
      if ((ch === '>' || ch === '<') && inWord && /^\d+$/.test(word)) {
        fd = word;
        word = '';
        inWord = false;
      }
      push();
      let op = ch;
      const next = command[i + 1];
      if ((ch === '&' && (next === '&' || next === '>')) || (ch === '|' && (next === '|' || next === '&')) || (ch === '>' && (next === '>' || next === '|' || next === '&')) || (ch === '<' && next === '<')) {
        op += next;
        i++;
        if (op === '&>' && command[i + 1] === '>') {
          op += '>';
          i++;
        }
        if (op === '<<' && command[i + 1] === '-') i++;
      }
      tokens.push({ text: fd + op, op: true });
    } else {
      word += ch;
      inWord = true;
    }
  }
  push();
  return tokens;
}

/** The simple commands in order, with the subshells' parentheses kept as markers. */
function splitCommands(tokens: Token[]): Array<Token[] | '(' | ')'> {
  const parts: Array<Token[] | '(' | ')'> = [];
  let current: Token[] = [];
  const end = () => {
    if (current.length > 0) parts.push(current);
    current = [];
  };
  for (const t of tokens) {
    if (t.op && (t.text === '(' || t.text === ')')) {
      end();
      parts.push(t.text);
    } else if (t.op && SEPARATORS.has(t.text)) {
      end();
    } else {
      current.push(t);
    }
  }
  end();
  return parts;
}

function analyse(tokens: Token[], out: BashWrites): void {
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.op && /^\d*(?:>|>>|>\||&>|&>>)$/.test(t.text)) {
      const target = tokens[i + 1];
      i++;
      if (target && !target.op && !NOT_WRITES.test(target.text)) out.files.push(target.text);
    } else if (t.op && /^\d*>&$/.test(t.text)) {
      i++; // 2>&1, >&2: a descriptor, not a file
    } else if (t.op && t.text === '<<') {
      i++; // heredoc delimiter
    } else if (t.op && t.text === '<') {
      i++;
    } else if (!t.op) {
      words.push(t.text);
    }
  }
  // Skip env assignments and wrappers: FOO=1 sudo command ...
  while (words.length > 0 && (/^\w+=/.test(words[0]!) || ['sudo', 'env', 'command', 'exec', 'time', 'nohup'].includes(words[0]!))) words.shift();
  // However it is started (npx, pnpm exec, node .../bin/tdd-kernel.js, or dist/cli.js and dist/cli.cjs as hooks written before name it), a tdd-kernel invocation is checked as one.
  const kernelAt = words.findIndex((w) => /(?:^|\/)tdd-kernel(?:\.js)?$|tdd-kernel\/dist\/cli\.c?js$|@adlc\/tdd-kernel$/.test(w));
  if (kernelAt > 0) words.splice(0, kernelAt + 1, 'tdd-kernel');
  const [cmd, ...args] = words;
  if (!cmd) return;
  const name = path.basename(cmd);
  const operands = args.filter((a) => !a.startsWith('-'));
  switch (name) {
    case 'tdd-kernel':
    case 'tdd-kernel.js':
    case 'cli.cjs':
    case 'cli.js':
      if (/\brefactor\b/.test(args.join(' ')) && args.includes('on')) out.forbidden = '`tdd-kernel refactor on` is the user\'s switch, not the agent\'s: ask the user to run it';
      else if (args[0] === 'init') out.forbidden = '`tdd-kernel init` changes the hook settings: ask the user to run it';
      else if (args.some((a) => a === '--mode=warn' || a === 'warn')) out.forbidden = '`--mode warn` turns the gate off: ask the user';
      break;
    case 'sed':
    case 'perl':
      if (args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place'))) out.files.push(...inPlaceFiles(args));
      break;
    case 'tee':
      out.files.push(...operands);
      break;
    case 'cp':
    case 'install':
    case 'ln':
      out.files.push(...destination(args));
      break;
    case 'mv':
      out.deleted.push(...moveSources(args));
      out.files.push(...destination(args));
      break;
    case 'rm':
    case 'unlink':
    case 'shred':
      out.deleted.push(...operands);
      break;
    case 'truncate':
      out.deleted.push(...operands.filter((o) => !/^\d+[KMG]?$/.test(o)));
      break;
    case 'touch':
      out.files.push(...operands);
      break;
    case 'git':
      gitWrites(args, out);
      break;
    case 'dd': {
      const of = args.find((a) => a.startsWith('of='));
      if (of) out.files.push(of.slice(3));
      break;
    }
    case 'bash':
    case 'sh':
    case 'zsh': {
      const c = args.indexOf('-c');
      if (c !== -1 && args[c + 1]) {
        const inner = bashWrites(args[c + 1]!, []);
        out.files.push(...inner.files);
        out.unknown.push(...inner.unknown);
        out.forbidden ??= inner.forbidden;
      }
      break;
    }
    default:
      if (/^(?:python\d*(?:\.\d+)?|node|nodejs|deno|bun|ruby)$/.test(name)) scriptWrites(args, out);
  }
}
