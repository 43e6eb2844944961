import * as v from "valibot";
import type { HookFileSpec } from "../adapter.ts";
import { HostConfigError } from "./errors.ts";
import type { HookEntry, IsOurs } from "./replace-entries.ts";
import { appendAt, dropItems, deleteAt, parseYamlDoc, valueAt, yamlText, type YamlDoc } from "./yaml-text.ts";

/**
 * The flat-entries layout in a YAML file (Hermes' config.yaml): `<root>.<event>: [ {command,
 * matcher?, timeout} ]` beside everything else the file holds. Our entries are told by their
 * command; the user's own entries, keys and comments stay.
 */

const keysOf = (spec: HookFileSpec) => spec.entryKeys ?? { command: "command", timeout: "timeout" };

const EVENT_MAP = v.record(v.string(), v.nullish(v.array(v.looseObject({}), "must be a list of hook entries")));

function load(text: string, file: string, spec: HookFileSpec): { yaml: YamlDoc; events: Record<string, unknown[] | null | undefined> } {
  const yaml = parseYamlDoc(text, file);
  const map = valueAt(yaml, spec.root);
  if (map === undefined || map === null) return { yaml, events: {} };
  const where = spec.root.join(".");
  if (typeof map !== "object" || Array.isArray(map)) throw new HostConfigError(file, `${where} must be a mapping of events; nothing was written`);
  const result = v.safeParse(EVENT_MAP, map);
  if (!result.success) {
    const issue = result.issues[0];
    throw new HostConfigError(file, `${[...spec.root, ...(v.getDotPath(issue)?.split(".") ?? [])].join(".")} ${issue.message}; nothing was written`);
  }
  return { yaml, events: result.output };
}

const oursIn =
  (spec: HookFileSpec, isOurs: IsOurs) =>
  (entry: unknown): boolean => {
    const command = (entry as Record<string, unknown> | null)?.[keysOf(spec).command];
    return typeof command === "string" && isOurs(command);
  };

const eolOf = (text: string) => (text.includes("\r\n") ? "\r\n" : "\n");

/** Takes our entries out of a loaded file; returns how many went. */
function dropOurs(yaml: YamlDoc, events: Record<string, unknown[] | null | undefined>, spec: HookFileSpec, isOurs: IsOurs): number {
  let removed = 0;
  for (const event of Object.keys(events)) {
    const path = [...spec.root, event];
    const gone = dropItems(yaml, path, oursIn(spec, isOurs));
    removed += gone;
    if (gone && !(valueAt(yaml, path) as unknown[]).length) deleteAt(yaml, path);
  }
  return removed;
}

export function removeYamlEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): { text: string; removed: number } {
  const { yaml, events } = load(text, file, spec);
  const removed = dropOurs(yaml, events, spec, isOurs);
  return { text: removed ? yamlText(yaml, eolOf(text)) : text, removed };
}

export function installYamlEntries(
  text: string,
  file: string,
  spec: HookFileSpec,
  isOurs: IsOurs,
  entries: HookEntry[],
  extras: (e: HookEntry) => Record<string, unknown>,
): string {
  const { yaml, events } = load(text, file, spec);
  dropOurs(yaml, events, spec, isOurs);
  const keys = keysOf(spec);
  for (const entry of entries) {
    appendAt(yaml, [...spec.root, entry.nativeEvent], {
      ...(keys.type ? { type: keys.type } : {}),
      [keys.command]: entry.command,
      ...(entry.matcher ? { [keys.matcher ?? "matcher"]: entry.matcher } : {}),
      ...(keys.timeout ? { [keys.timeout]: entry.timeout } : {}),
      ...extras(entry),
    });
  }
  return yamlText(yaml, eolOf(text));
}

/** Whether any entry in the file passes `isOurs`. */
export function hasYamlEntries(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): boolean {
  return Object.values(load(text, file, spec).events).some((list) => (list ?? []).some(oursIn(spec, isOurs)));
}
