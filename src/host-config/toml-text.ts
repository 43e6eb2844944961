import { isDeepStrictEqual } from "node:util";
import { parse, TomlError } from "smol-toml";
import { HostConfigError } from "./errors.ts";

/**
 * Text-level edits of `[table]` blocks in a TOML file that leave every other byte as it was
 * (comments, order, formatting). smol-toml only validates and reads; edits are spliced into the
 * text, and `sameData` lets the caller check the result means exactly what it should.
 */

export type TomlDoc = Record<string, unknown>;

export function parseToml(text: string, file: string): TomlDoc {
  try {
    return parse(text) as TomlDoc;
  } catch (error) {
    const where = error instanceof TomlError ? ` (line ${error.line})` : "";
    throw new HostConfigError(file, `cannot be parsed as TOML${where}; fix it or move it aside, nothing was written`);
  }
}

/** A `[table]` header and its key lines; `end` stops after the last key line (trailing comments stay outside). */
export interface TableBlock {
  path: string[];
  start: number;
  end: number;
}

/** The key path a header line names (`[a."b.c"]` → ["a", "b.c"]; `[[a]]` → ["a"], an array of tables), or undefined when the line is no header. */
function headerPath(line: string): { path: string[]; array: boolean } | undefined {
  if (!line.startsWith("[")) return undefined;
  let value: unknown;
  try {
    value = parse(line);
  } catch {
    return undefined; // an array value continued on this line
  }
  const path: string[] = [];
  while (value && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length !== 1) break;
    path.push(keys[0]!);
    value = (value as TomlDoc)[keys[0]!];
  }
  return { path, array: Array.isArray(value) };
}

/** Every `[table]` and `[[array table]]` header with its key lines, in file order. */
function headerBlocks(text: string): (TableBlock & { array: boolean })[] {
  const blocks: (TableBlock & { array: boolean })[] = [];
  let current: (TableBlock & { array: boolean }) | undefined;
  let inString: string | undefined; // the delimiter of an open multi-line string
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline + 1;
    const line = text.slice(start, end).trim();
    for (const delimiter of ['"""', "'''"]) {
      const count = line.split(delimiter).length - 1;
      if (count % 2 && (!inString || inString === delimiter)) inString = inString ? undefined : delimiter;
    }
    const header = inString ? undefined : headerPath(line);
    if (header) blocks.push((current = { ...header, start, end }));
    else if (current && line && !line.startsWith("#")) current.end = end;
    start = end;
  }
  return blocks;
}

export const tableBlocks = (text: string): TableBlock[] => headerBlocks(text).filter((b) => !b.array);

/** The `[[path]]` blocks: one per element of that array of tables, in order. */
export const arrayTableBlocks = (text: string, path: string[]): TableBlock[] =>
  headerBlocks(text).filter((b) => b.array && b.path.length === path.length && b.path.every((key, i) => key === path[i]));

const bareKey = /^[A-Za-z0-9_-]+$/;
const tomlKey = (key: string): string => (bareKey.test(key) ? key : JSON.stringify(key));

/** A block as we write it: header (`[[…]]` for an element of an array of tables), then `key = value` lines (strings, booleans, numbers). */
export function renderTable(path: string[], values: Record<string, unknown>, eol: string, array = false): string {
  const header = path.map(tomlKey).join(".");
  const lines = [array ? `[[${header}]]` : `[${header}]`, ...Object.entries(values).map(([key, value]) => `${tomlKey(key)} = ${JSON.stringify(value)}`)];
  return lines.join(eol) + eol;
}

export const eolOf = (text: string): string => (text.includes("\r\n") ? "\r\n" : "\n");

/**
 * Appends a block after one blank line, so removing it (with that line) gives the text back. A file
 * without a final line end keeps that style: the block goes without one, so `removeBlock` can tell
 * the line ends it takes away were ours.
 */
export function appendBlock(text: string, block: string): string {
  if (!text) return block;
  const eol = eolOf(text);
  if (text.endsWith("\n")) return `${text}${eol}${block}`;
  return `${text}${eol}${eol}${block.endsWith(eol) ? block.slice(0, -eol.length) : block}`;
}

/**
 * Removes a block with the blank line `appendBlock` put before it (at the top of the file: after it).
 * A last block without a final line end takes the line end before it too: the file ended so before.
 */
export function removeBlock(text: string, block: TableBlock): string {
  const eol = eolOf(text);
  const before = text.slice(0, block.start);
  // Blocks found once and removed last first: taking the last one took this one's own line end, so
  // its `end` may lie one line end past the text now.
  const last = block.end >= text.length && !text.endsWith("\n");
  if (last && before.endsWith(eol + eol)) return text.slice(0, block.start - 2 * eol.length);
  if (before.endsWith(eol + eol) || before === eol) return text.slice(0, block.start - eol.length) + text.slice(block.end);
  const end = block.start === 0 && text.startsWith(eol, block.end) ? block.end + eol.length : block.end;
  return text.slice(0, block.start) + text.slice(end);
}

/** Replaces a block in place; a last block without a final line end stays without one. */
export function replaceBlock(text: string, block: TableBlock, replacement: string): string {
  const eol = eolOf(text);
  const open = block.end === text.length && !text.endsWith("\n") && replacement.endsWith(eol);
  return text.slice(0, block.start) + (open ? replacement.slice(0, -eol.length) : replacement) + text.slice(block.end);
}

/** Tables left empty mean nothing; drop them before comparing. */
function pruned(value: unknown): unknown {
  // Arrays too: smol-toml's tables have no prototype, so every object is rebuilt for comparing.
  if (Array.isArray(value)) return value.map(pruned);
  if (!value || typeof value !== "object" || value instanceof Date) return value;
  const out: TomlDoc = {};
  for (const [key, child] of Object.entries(value)) {
    const kept = pruned(child);
    if (!(kept && typeof kept === "object" && !Array.isArray(kept) && !(kept instanceof Date) && !Object.keys(kept).length)) out[key] = kept;
  }
  return out;
}

/** Whether `text` parses to `expected` (empty tables aside). */
export function sameData(text: string, expected: TomlDoc): boolean {
  try {
    return isDeepStrictEqual(pruned(parse(text)), pruned(expected));
  } catch {
    return false;
  }
}
