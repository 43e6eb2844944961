import * as v from "valibot";
import { getNodeValue, type Node } from "jsonc-parser";
import { HostConfigError } from "./errors.ts";
import { appendArrayElement, detectIndent, nodeAt, parseJsonc, setProperty, type Indent } from "./jsonc-text.ts";

/**
 * What every JSON hook layout shares: a file holding `<root>.<event>: [ … ]`, checked before we
 * touch it, and tidied after our last entry of an event goes.
 */

/** Parses the file and checks the event map's shape; a file we cannot read safely is never written. */
export function loadEventMap(
  text: string,
  file: string,
  root: string[],
  item: v.GenericSchema,
  items: string,
): { tree: Node | undefined; map: Node | undefined } {
  const tree = parseJsonc(text, file);
  if (tree && tree.type !== "object") throw new HostConfigError(file, "is not a JSON object; nothing was written");
  for (let depth = 0; depth <= root.length; depth++) refuseDuplicateKeys(text, file, nodeAt(tree, root.slice(0, depth)));
  const map = nodeAt(tree, root);
  // valibot's record takes an array for an object: `"hooks": []` must stop here, not in an edit.
  if (map && map.type !== "object") throw new HostConfigError(file, `${root.join(".") || "(root)"} must be an object of events; nothing was written`);
  if (map) {
    const result = v.safeParse(v.record(v.string(), v.array(item, `must be an array of ${items}`)), getNodeValue(map));
    if (!result.success) {
      const issue = result.issues[0];
      const where = [...root, ...(v.getDotPath(issue)?.split(".") ?? [])].join(".");
      throw new HostConfigError(file, `${where || "(root)"} ${issue.message}; nothing was written`);
    }
  }
  return { tree, map };
}

/**
 * Hosts' parsers keep the last of two equal keys, ours edits the first: on the objects we edit a
 * duplicate key would hide our entries from the host, so it is refused.
 */
export function refuseDuplicateKeys(text: string, file: string, object: Node | undefined): void {
  if (object?.type !== "object") return;
  const seen = new Set<string>();
  for (const property of object.children ?? []) {
    const key = property.children?.[0];
    if (typeof key?.value !== "string") continue;
    if (seen.has(key.value)) {
      const line = text.slice(0, key.offset).split("\n").length;
      throw new HostConfigError(
        file,
        `has the key "${key.value}" twice (again at line ${line}); the host reads only the last one. Remove one; nothing was written`,
      );
    }
    seen.add(key.value);
  }
}

/** Drops the event keys we emptied and then the root key, when nothing else is left in it. */
export function pruneEmptyEvents(text: string, file: string, root: string[], emptied: Set<string>): string {
  const indent = detectIndent(text);
  for (const event of emptied) text = setProperty(text, [...root, event], undefined, indent);
  if (emptied.size && root.length) {
    const rest = nodeAt(parseJsonc(text, file), root);
    if (rest && !rest.children?.length) text = setProperty(text, root, undefined, indent);
  }
  return text;
}

/** Appends `value` to `<root>.<event>`, creating the array (and its parents) when missing. */
export function appendToEvent(text: string, file: string, root: string[], event: string, value: unknown, indent: Indent): string {
  const array = nodeAt(parseJsonc(text, file), [...root, event]);
  return array ? appendArrayElement(text, array, value, indent) : setProperty(text, [...root, event], [value], indent);
}

/** Adds the top-level keys a hook file must have besides the hooks (`spec.header`), where missing. */
export function withHeader(text: string, file: string, header: Record<string, unknown> | undefined, indent: Indent): string {
  for (const [key, value] of Object.entries(header ?? {})) {
    if (!nodeAt(parseJsonc(text, file), [key])) text = setProperty(text, [key], value, indent);
  }
  return text;
}
