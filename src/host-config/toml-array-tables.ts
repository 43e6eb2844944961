import { parse } from "smol-toml";
import type { HookFileSpec } from "../adapter.ts";
import { HostConfigError } from "./errors.ts";
import { replaceEntries, type Extras, type HookEntry, type IsOurs } from "./replace-entries.ts";
import { appendBlock, arrayTableBlocks, eolOf, parseToml, removeBlock, renderTable, sameData, type TableBlock, type TomlDoc } from "./toml-text.ts";

/**
 * The layout of TOML hosts (Kimi CLI, Kimi Code): one `[[<root>]]` table per hook, the event named
 * inside it: `[[hooks]]` / `event = "PreToolUse"` / `matcher = …` / `command = …` / `timeout = 30`.
 * Tables we add are appended after one blank line and removed with it, so every other byte stays;
 * each edit is checked against what the file must then mean, and a file holding its hooks in a
 * form we do not edit (an inline array, dotted keys) is refused instead of rewritten.
 */

type Entry = Record<string, unknown>;

const keysOf = (spec: HookFileSpec) => ({ event: "event", ...(spec.entryKeys ?? { command: "command", timeout: "timeout" }) });

const plainObject = (value: unknown): value is Entry => !!value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);

/** Parses the file and checks that `<root>` is an array of tables; a file we cannot read safely is never written. */
function load(text: string, file: string, spec: HookFileSpec): { doc: TomlDoc; entries: Entry[] } {
  const doc = text.trim() ? parseToml(text, file) : {};
  let value: unknown = doc;
  for (const key of spec.root) value = plainObject(value) ? value[key] : undefined;
  if (value === undefined) return { doc, entries: [] };
  if (!Array.isArray(value) || !value.every(plainObject)) {
    throw new HostConfigError(file, `${spec.root.join(".")} must be an array of tables ([[${spec.root.join(".")}]]); nothing was written`);
  }
  return { doc, entries: value };
}

/** `doc` with `<root>` set to `entries` (the key dropped when none are left). */
function withEntries(doc: TomlDoc, root: string[], entries: Entry[]): TomlDoc {
  const [key, ...rest] = root;
  const copy = { ...doc };
  if (!rest.length) {
    if (entries.length) copy[key!] = entries;
    else delete copy[key!];
    return copy;
  }
  copy[key!] = withEntries(plainObject(doc[key!]) ? (doc[key!] as TomlDoc) : {}, rest, entries);
  return copy;
}

const oursIn =
  (spec: HookFileSpec, isOurs: IsOurs) =>
  (entry: Entry | undefined): boolean => {
    const command = entry?.[keysOf(spec).command];
    return typeof command === "string" && isOurs(command);
  };

/** The `[[root]]` blocks whose entry is ours. */
function ourBlocks(text: string, spec: HookFileSpec, isOurs: IsOurs): TableBlock[] {
  return arrayTableBlocks(text, spec.root).filter((block) => {
    try {
      let value: unknown = parse(text.slice(block.start, block.end));
      for (const part of spec.root) value = (value as TomlDoc)[part];
      return oursIn(spec, isOurs)((value as Entry[])[0]);
    } catch {
      return false; // not a table we wrote; the final check refuses the edit if it mattered
    }
  });
}

function checked(text: string, file: string, expected: TomlDoc): string {
  if (!sameData(text, expected)) {
    throw new HostConfigError(
      file,
      "holds its hook tables in a form agent-connector does not edit (an inline array or dotted keys); move them to [[hooks]] tables, nothing was written",
    );
  }
  return text;
}

export function removeTomlEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): { text: string; removed: number } {
  const { doc, entries } = load(text, file, spec);
  const kept = entries.filter((entry) => !oursIn(spec, isOurs)(entry));
  if (kept.length === entries.length) return { text, removed: 0 };
  let after = text;
  for (const block of ourBlocks(text, spec, isOurs).reverse()) after = removeBlock(after, block);
  return { text: checked(after, file, withEntries(doc, spec.root, kept)), removed: entries.length - kept.length };
}

export const installTomlEntries = replaceEntries(removeTomlEntries, addTomlEntries);

function addTomlEntries(text: string, file: string, spec: HookFileSpec, entries: HookEntry[], extras: Extras): string {
  const { doc, entries: kept } = load(text, file, spec);
  const keys = keysOf(spec);
  const eol = text ? eolOf(text) : "\n";
  const added = entries.map((entry) => ({
    [keys.event]: entry.nativeEvent,
    ...(entry.matcher ? { [keys.matcher ?? "matcher"]: entry.matcher } : {}),
    [keys.command]: entry.command,
    ...(keys.timeout ? { [keys.timeout]: entry.timeout } : {}),
    ...extras(entry),
  }));
  for (const entry of added) text = appendBlock(text, renderTable(spec.root, entry, eol, true));
  return checked(text, file, withEntries(doc, spec.root, [...kept, ...added]));
}

/** Whether any entry in the file passes `isOurs`. */
export function hasTomlEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): boolean {
  return load(text, file, spec).entries.some(oursIn(spec, isOurs));
}

/** Whether two TOML texts hold the same data (the first already parsed without errors). */
export const sameTomlData = (a: string, b: string): boolean => {
  try {
    return sameData(a, b.trim() ? (parse(b) as TomlDoc) : {});
  } catch {
    return false;
  }
};
