import { getNodeValue } from "jsonc-parser";
import { HostConfigError } from "./errors.ts";
import { refuseDuplicateKeys } from "./event-map.ts";
import { canonical } from "./same-data.ts";
import { detectIndent, nodeAt, parseJsonc, setProperty } from "./jsonc-text.ts";
import { appendBlock, eolOf, parseToml, removeBlock, tableBlocks, type TomlDoc } from "./toml-text.ts";

/**
 * A map of named entries in a host config file (MCP servers: `mcpServers.<name>` in JSON, a
 * `[mcp_servers.<name>]` table in TOML), edited one entry at a time so that every byte of the
 * user's own entries, keys, comments and order stays where it was.
 */
export interface ServerMap {
  /** The entries there are now, parsed. */
  entries: Record<string, unknown>;
  /** The text with `name` set to `entry` (added at the end, or replaced in place). */
  set(text: string, name: string, entry: Record<string, unknown>): string;
  /** The text without `name`. */
  remove(text: string, name: string): string;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

function jsonMap(text: string, file: string, root: string[]): ServerMap {
  const tree = parseJsonc(text, file);
  if (tree && tree.type !== "object") throw new HostConfigError(file, "is not a JSON object; nothing was written");
  for (let depth = 0; depth <= root.length; depth++) refuseDuplicateKeys(text, file, nodeAt(tree, root.slice(0, depth)));
  const map = nodeAt(tree, root);
  if (map && map.type !== "object") throw new HostConfigError(file, `${root.join(".")} must be an object of servers; nothing was written`);
  return {
    entries: map ? (getNodeValue(map) as Record<string, unknown>) : {},
    set: (current, name, entry) => setProperty(current, [...root, name], entry, detectIndent(current)),
    remove(current, name) {
      const indent = detectIndent(current);
      const after = setProperty(current, [...root, name], undefined, indent);
      // The server map we emptied goes too, as the hook layouts drop an emptied event map.
      const rest = nodeAt(parseJsonc(after, file), root);
      return rest && !rest.children?.length ? setProperty(after, root, undefined, indent) : after;
    },
  };
}

const bareKey = /^[A-Za-z0-9_-]+$/;
const tomlKey = (key: string): string => (bareKey.test(key) ? key : JSON.stringify(key));

/** A TOML value: strings, arrays and inline tables (JSON's string escapes are TOML's). */
function tomlValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(", ")}]`;
  if (isObject(value)) return `{ ${Object.entries(value).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`).join(", ")} }`;
  return JSON.stringify(value);
}

function tomlMap(text: string, file: string, root: string[]): ServerMap {
  const doc = parseToml(text, file);
  let map: unknown = doc;
  for (const key of root) map = isObject(map) ? map[key] : undefined;
  if (map !== undefined && !isObject(map)) throw new HostConfigError(file, `${root.join(".")} must be a table of servers; nothing was written`);
  const blocksOf = (current: string, name: string) =>
    tableBlocks(current).filter((b) => b.path.length > root.length && root.every((key, i) => b.path[i] === key) && b.path[root.length] === name);
  const remove = (current: string, name: string): string => {
    let after = current;
    for (const block of blocksOf(current, name).reverse()) after = removeBlock(after, block);
    return after;
  };
  return {
    entries: (map as Record<string, unknown>) ?? {},
    set(current, name, entry) {
      const eol = eolOf(current || "\n");
      const block = [`[${[...root, name].map(tomlKey).join(".")}]`, ...Object.entries(entry).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`)].join(eol) + eol;
      const after = appendBlock(remove(current, name), block);
      const parsed = parseToml(after, file) as TomlDoc;
      let written: unknown = parsed;
      for (const key of [...root, name]) written = isObject(written) ? written[key] : undefined;
      // A server defined with dotted keys or inline elsewhere would survive as a second definition.
      if (!sameEntry(written, entry)) throw new HostConfigError(file, `defines ${[...root, name].join(".")} in a form we cannot edit safely; edit it by hand, nothing was written`);
      return after;
    },
    remove,
  };
}

/** The server map of a host config file at `root`; an unparseable file is refused (exit 4, naming it). */
export const serverMap = (text: string, file: string, syntax: "json" | "toml", root: string[]): ServerMap =>
  syntax === "json" ? jsonMap(text, file, root) : tomlMap(text, file, root);

/** Whether two entries mean the same (JSON numbers and TOML integers alike). */
export const sameEntry = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
