// Coverage of compiled output laid onto the sources it was compiled from: a TypeScript package whose
// tests run `tsc`'s output (`dist/*.js` with `.js.map` files) executes files a fix must never edit
// (generated), while the sources that hold the bug never run themselves. When a script carries a
// source map, Node keeps it in the coverage file (`source-map-cache`: the map, its sources resolved to
// URLs, and the generated file's line lengths), and each executed line of the generated file is laid
// onto the source line its last mapping on that line points to. Pure, given the maps.

import { SourceMap, type SourceMapPayload } from 'node:module';
import type { FileLines } from '../rank/spectrum.js';

/** One entry of Node's `source-map-cache`. */
export interface CachedSourceMap {
  data: SourceMapPayload;
  lineLengths?: number[];
}

const CACHE_KEY = Buffer.from(',"source-map-cache":');

/**
 * The source maps Node cached for `urls`, from a coverage document's bytes: the cache stands last in
 * the document, after the scripts. Empty when there is none (no script had a map) or it does not parse.
 */
export function cachedSourceMaps(bytes: Buffer, urls: ReadonlySet<string>): Map<string, CachedSourceMap> {
  const found = new Map<string, CachedSourceMap>();
  const at = bytes.lastIndexOf(CACHE_KEY);
  // The cache holds the maps of every script with one, dependencies' included: it is parsed only when it
  // names one of `urls` (a key is the URL as a JSON string).
  if (at < 0 || ![...urls].some((url) => bytes.includes(JSON.stringify(url), at))) return found;
  let cache: Record<string, CachedSourceMap>;
  try {
    const tail = bytes.toString('utf8', at + CACHE_KEY.length).trimEnd();
    cache = JSON.parse(tail.endsWith('}') ? tail.slice(0, -1) : tail) as Record<string, CachedSourceMap>;
  } catch {
    return found;
  }
  for (const url of urls) {
    const entry = cache[url];
    if (entry?.data && Array.isArray(entry.data.sources)) found.set(url, entry);
  }
  return found;
}

/** A generated line's place in the sources, or null when no mapping starts on that line. */
export interface SourcePlace {
  source: string;
  line: number;
}

const placers = new WeakMap<CachedSourceMap, (line: number) => SourcePlace | null>();

/**
 * Where generated `line` (1-based) came from: the source line of the line's last mapping (a statement's
 * parts on one generated line come from one statement), memoized per map.
 */
export function placeLine(entry: CachedSourceMap, line: number): SourcePlace | null {
  let place = placers.get(entry);
  if (!place) {
    const map = new SourceMap(entry.data);
    const cache = new Map<number, SourcePlace | null>();
    place = (at: number) => {
      if (!cache.has(at)) {
        const end = entry.lineLengths?.[at - 1] ?? Number.MAX_SAFE_INTEGER;
        const hit = map.findEntry(at - 1, end) as { generatedLine?: number; originalSource?: string; originalLine?: number };
        // findEntry falls back to an earlier line's mapping: a line with none of its own is not placed.
        const own = hit.generatedLine === at - 1 && hit.originalSource && hit.originalLine !== undefined;
        cache.set(at, own ? { source: hit.originalSource!, line: hit.originalLine! + 1 } : null);
      }
      return cache.get(at)!;
    };
    placers.set(entry, place);
  }
  return place(line);
}

/**
 * One script's executed lines laid onto its sources, by source URL (as the map names it, resolved by
 * Node): each executed generated line goes where placeLine puts it, a called line's function to the
 * place of its start.
 */
export function linesThroughSourceMap(lines: FileLines, entry: CachedSourceMap): Map<string, FileLines> {
  const out = new Map<string, FileLines>();
  const linesOf = (source: string): FileLines => {
    let target = out.get(source);
    if (!target) out.set(source, (target = { executed: new Set(), called: new Map(), functionNames: new Map() }));
    return target;
  };
  for (const line of lines.executed) {
    const to = placeLine(entry, line);
    if (to) linesOf(to.source).executed.add(to.line);
  }
  for (const [line, start] of lines.called) {
    const to = placeLine(entry, line);
    const from = placeLine(entry, start);
    if (!to || !from || from.source !== to.source) continue;
    const target = linesOf(to.source);
    target.called.set(to.line, from.line);
    const name = lines.functionNames.get(start);
    if (name !== undefined) target.functionNames.set(from.line, name);
  }
  return out;
}
