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
