import * as v from "valibot";
import type { Node } from "jsonc-parser";
import type { HookFileSpec } from "../adapter.ts";
import { appendToEvent, loadEventMap, pruneEmptyEvents } from "./event-map.ts";
import { detectIndent, nodeAt, parseJsonc, removeArrayElement } from "./jsonc-text.ts";
import { replaceEntries, type Extras, type HookEntry, type IsOurs } from "./replace-entries.ts";

/**
 * The layout Claude Code defined and Codex, Gemini CLI, Qwen Code, Droid … copy:
 * `<root>.<Event>: [{ matcher?, hooks: [{ type: "command", command, timeout }] }]`.
 */

const handlerShape = v.looseObject({ command: v.optional(v.unknown()) });
const groupShape = v.looseObject({ hooks: v.optional(v.array(handlerShape, "must be an array of handlers")) });

const load = (text: string, file: string, spec: HookFileSpec) => loadEventMap(text, file, spec.root, groupShape, "matcher groups");

/** Our handlers in the file, last first, so removing them in order keeps offsets valid. */
function ourHandlers(map: Node | undefined, isOurs: IsOurs) {
  const found: { event: string; group: number; handler: number; groupSize: number }[] = [];
  for (const property of map?.children ?? []) {
    const event = property.children?.[0]?.value as string;
    const groups = property.children?.[1]?.children ?? [];
    groups.forEach((group, g) => {
      const handlers = nodeAt(group, ["hooks"])?.children ?? [];
      handlers.forEach((handler, h) => {
        const command = nodeAt(handler, ["command"])?.value;
        if (typeof command === "string" && isOurs(command)) found.push({ event, group: g, handler: h, groupSize: handlers.length });
      });
    });
  }
  return found.reverse();
}

export function removeEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): { text: string; removed: number } {
  const { map } = load(text, file, spec);
  const targets = ourHandlers(map, isOurs);
  const emptied = new Set<string>();
  for (const target of targets) {
    const groups = nodeAt(parseJsonc(text, file), [...spec.root, target.event])!;
    const group = groups.children![target.group]!;
    const handlers = nodeAt(group, ["hooks"])!;
    if ((handlers.children?.length ?? 0) > 1) text = removeArrayElement(text, handlers, target.handler);
    else {
      text = removeArrayElement(text, groups, target.group);
      if (groups.children!.length === 1) emptied.add(target.event);
    }
  }
  return { text: pruneEmptyEvents(text, file, spec.root, emptied), removed: targets.length };
}

export const installEntries = replaceEntries(removeEntries, addEntries);

function addEntries(text: string, file: string, spec: HookFileSpec, entries: HookEntry[], extras: Extras): string {
  const indent = detectIndent(text);
  for (const entry of entries) {
    const group = {
      ...(entry.matcher ? { matcher: entry.matcher } : {}),
      hooks: [{ type: "command", command: entry.command, timeout: entry.timeout, ...extras(entry) }],
    };
    text = appendToEvent(text, file, spec.root, entry.nativeEvent, group, indent);
  }
  return text;
}

/** Whether any handler in the file passes `isOurs`. */
export function hasEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): boolean {
  return ourHandlers(load(text, file, spec).map, isOurs).length > 0;
}
