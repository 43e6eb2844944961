import * as v from "valibot";
import type { Node } from "jsonc-parser";
import type { HookFileSpec } from "../adapter.ts";
import { appendToEvent, loadEventMap, pruneEmptyEvents, withHeader } from "./event-map.ts";
import { detectIndent, nodeAt, parseJsonc, removeArrayElement } from "./jsonc-text.ts";
import { replaceEntries, type Extras, type HookEntry, type IsOurs } from "./replace-entries.ts";

/**
 * The layout of Cursor, Copilot CLI and VS Code: one handler per array element, no matcher groups:
 * `<root>.<event>: [{ type?, <command key>, matcher?, <timeout key> }]`, next to top-level keys
 * such as `version: 1`. The key names come from the adapter (`entryKeys`).
 */

const load = (text: string, file: string, spec: HookFileSpec) => loadEventMap(text, file, spec.root, v.looseObject({}), "hook entries");

const keysOf = (spec: HookFileSpec) => spec.entryKeys ?? { command: "command", timeout: "timeout" };

/** Our entries in the file, last first, so removing them in order keeps offsets valid. */
function ourEntries(map: Node | undefined, spec: HookFileSpec, isOurs: IsOurs) {
  const key = keysOf(spec).command;
  const found: { event: string; index: number }[] = [];
  for (const property of map?.children ?? []) {
    const event = property.children?.[0]?.value as string;
    (property.children?.[1]?.children ?? []).forEach((entry, index) => {
      const command = nodeAt(entry, [key])?.value;
      if (typeof command === "string" && isOurs(command)) found.push({ event, index });
    });
  }
  return found.reverse();
}

export function removeFlatEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): { text: string; removed: number } {
  const targets = ourEntries(load(text, file, spec).map, spec, isOurs);
  const emptied = new Set<string>();
  for (const target of targets) {
    const entries = nodeAt(parseJsonc(text, file), [...spec.root, target.event])!;
    if (entries.children!.length === 1) emptied.add(target.event);
    text = removeArrayElement(text, entries, target.index);
  }
  return { text: pruneEmptyEvents(text, file, spec.root, emptied), removed: targets.length };
}

export const installFlatEntries = replaceEntries(removeFlatEntries, addFlatEntries);

function addFlatEntries(text: string, file: string, spec: HookFileSpec, entries: HookEntry[], extras: Extras): string {
  const indent = detectIndent(text);
  text = withHeader(text, file, spec.header, indent);
  const keys = keysOf(spec);
  for (const entry of entries) {
    const item = {
      ...(keys.type ? { type: keys.type } : {}),
      [keys.command]: entry.command,
      ...(entry.matcher ? { [keys.matcher ?? "matcher"]: entry.matcher } : {}),
      ...(keys.timeout ? { [keys.timeout]: entry.timeout } : {}),
      ...extras(entry),
    };
    text = appendToEvent(text, file, spec.root, entry.nativeEvent, item, indent);
  }
  return text;
}

/** Whether any entry in the file passes `isOurs`. */
export function hasFlatEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): boolean {
  return ourEntries(load(text, file, spec).map, spec, isOurs).length > 0;
}
