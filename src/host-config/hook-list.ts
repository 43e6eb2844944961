import { getNodeValue, type Node } from "jsonc-parser";
import type { HookFileSpec } from "../adapter.ts";
import { HostConfigError } from "./errors.ts";
import { refuseDuplicateKeys, withHeader } from "./event-map.ts";
import { appendArrayElement, detectIndent, nodeAt, parseJsonc, removeArrayElement, setProperty } from "./jsonc-text.ts";
import { replaceEntries, type Extras, type HookEntry, type IsOurs } from "./replace-entries.ts";

/**
 * One JSON array of hooks, each naming its event (Kiro CLI v3's `.kiro/hooks/<name>.json`:
 * `{ "version": "v1", "hooks": [{ name, trigger, matcher?, action: { type, command }, timeout }] }`).
 * The key names come from the adapter (`entryKeys`); a dot path nests the command.
 */

const keysOf = (spec: HookFileSpec) => ({ event: "event", ...(spec.entryKeys ?? { command: "command" }) });

/** The value at a dot path of a parsed entry. */
export const valueAt = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), value);

function load(text: string, file: string, spec: HookFileSpec): Node | undefined {
  const tree = parseJsonc(text, file);
  if (tree && tree.type !== "object") throw new HostConfigError(file, "is not a JSON object; nothing was written");
  refuseDuplicateKeys(text, file, tree);
  const list = nodeAt(tree, spec.root);
  if (list && list.type !== "array") throw new HostConfigError(file, `${spec.root.join(".")} must be an array of hooks; nothing was written`);
  return list;
}

/** Indexes of our entries, last first, so removing them in order keeps offsets valid. */
function ourIndexes(list: Node | undefined, spec: HookFileSpec, isOurs: IsOurs): number[] {
  const command = keysOf(spec).command;
  const found: number[] = [];
  (list?.children ?? []).forEach((entry, index) => {
    const text = valueAt(getNodeValue(entry), command);
    if (typeof text === "string" && isOurs(text)) found.push(index);
  });
  return found.reverse();
}

export function removeListEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): { text: string; removed: number } {
  const indexes = ourIndexes(load(text, file, spec), spec, isOurs);
  for (const index of indexes) text = removeArrayElement(text, nodeAt(parseJsonc(text, file), spec.root)!, index);
  return { text, removed: indexes.length };
}

export const installListEntries = replaceEntries(removeListEntries, addListEntries);

function addListEntries(text: string, file: string, spec: HookFileSpec, entries: HookEntry[], extras: Extras): string {
  const indent = detectIndent(text);
  text = withHeader(text, file, spec.header, indent);
  const keys = keysOf(spec);
  const path = keys.command.split(".");
  for (const entry of entries) {
    // The command and the fixed type sit in the innermost object: `action: { type, command }`.
    const command = path.reduceRight<unknown>(
      (inner, key, i) => ({ ...(i === path.length - 1 && keys.type ? { type: keys.type } : {}), [key]: inner }),
      entry.command,
    ) as Record<string, unknown>;
    const item = {
      ...extras(entry),
      [keys.event]: entry.nativeEvent,
      ...(entry.matcher ? { [keys.matcher ?? "matcher"]: entry.matcher } : {}),
      ...command,
      ...(keys.timeout ? { [keys.timeout]: entry.timeout } : {}),
    };
    const list = nodeAt(parseJsonc(text, file), spec.root);
    text = list ? appendArrayElement(text, list, item, indent) : setProperty(text, spec.root, [item], indent);
  }
  return text;
}

export const hasListEntries = (text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): boolean =>
  ourIndexes(load(text, file, spec), spec, isOurs).length > 0;
