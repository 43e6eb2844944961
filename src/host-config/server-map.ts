import { getNodeValue } from "jsonc-parser";
import { HostConfigError } from "./errors.ts";
import { refuseDuplicateKeys } from "./event-map.ts";
import { canonical } from "./same-data.ts";
import { appendArrayElement, detectIndent, nodeAt, parseJsonc, removeArrayElement, setProperty } from "./jsonc-text.ts";
import { appendBlock, arrayTableBlocks, eolOf, parseToml, removeBlock, tableBlocks, type TomlDoc } from "./toml-text.ts";
import { deleteAt, mappingOrAbsent, parseYamlDoc, setAt, valueAt, yamlText } from "./yaml-text.ts";

/** One server as a host's file holds it: a table, or (Mux) one command line. */
export type ServerEntry = Record<string, unknown> | string;

/** TOML and YAML maps hold tables only: no format of those syntaxes makes a string entry. */
const table = (entry: ServerEntry): Record<string, unknown> => {
  if (typeof entry === "string") throw new Error("a TOML or YAML server map holds tables only");
  return entry;
};

/**
 * A map of named entries in a host config file (MCP servers: `mcpServers.<name>` in JSON, a
 * `[mcp_servers.<name>]` table in TOML), edited one entry at a time so that every byte of the
 * user's own entries, keys, comments and order stays where it was.
 */
export interface ServerMap {
  /** The entries there are now, parsed. */
  entries: Record<string, unknown>;
  /** The text with `name` set to `entry` (added at the end, or replaced in place); TOML and YAML maps hold tables only. */
  set(text: string, name: string, entry: ServerEntry): string;
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
  if (isObject(value))
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`)
      .join(", ")} }`;
  return JSON.stringify(value);
}

const tomlBlock = (header: string, entry: Record<string, unknown>, eol: string) =>
  [header, ...Object.entries(entry).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`)].join(eol) + eol;

/** The refusal for a server the user's file defines other than as its own `[root.name]` table. */
const cannotEdit = (file: string, path: string[]) => {
  const table = path.map(tomlKey).join(".");
  return new HostConfigError(
    file,
    `defines ${path.join(".")} with dotted keys or an inline table, a form we cannot edit safely; rewrite it as a [${table}] table or remove it, nothing was written`,
  );
};

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
      const block = tomlBlock(`[${[...root, name].map(tomlKey).join(".")}]`, table(entry), eol);
      const rest = remove(current, name);
      // What is left without our tables must not define the server: dotted keys or an inline table
      // would clash with the table we append (a parse error that would blame the user's valid file).
      let left: unknown = parseToml(rest, file);
      for (const key of [...root, name]) left = isObject(left) ? left[key] : undefined;
      if (left !== undefined) throw cannotEdit(file, [...root, name]);
      const after = appendBlock(rest, block);
      const parsed = parseToml(after, file) as TomlDoc;
      let written: unknown = parsed;
      for (const key of [...root, name]) written = isObject(written) ? written[key] : undefined;
      // A server defined with dotted keys or inline elsewhere would survive as a second definition.
      if (!sameEntry(written, entry)) throw cannotEdit(file, [...root, name]);
      return after;
    },
    remove,
  };
}

/**
 * Servers as a TOML array of tables, each naming itself (Mistral Vibe: `[[mcp_servers]]` with
 * `name = "…"`): a server is its `[[root]]` block, found by its name; `entries` are keyed by it.
 */
function tomlListMap(text: string, file: string, root: string[]): ServerMap {
  const doc = parseToml(text, file);
  let list: unknown = doc;
  for (const key of root) list = isObject(list) ? list[key] : undefined;
  if (list !== undefined && !(Array.isArray(list) && list.every(isObject)))
    throw new HostConfigError(file, `${root.join(".")} must be an array of tables ([[${root.join(".")}]]); nothing was written`);
  const named = (current: string, name: string) =>
    arrayTableBlocks(current, root).filter((block) => {
      try {
        let value: unknown = parseToml(current.slice(block.start, block.end), file);
        for (const key of root) value = (value as TomlDoc)[key];
        return (value as TomlDoc[])[0]?.name === name;
      } catch {
        return false;
      }
    });
  const remove = (current: string, name: string): string => {
    let after = current;
    for (const block of named(current, name).reverse()) after = removeBlock(after, block);
    return after;
  };
  const entries = Object.fromEntries(
    ((list as TomlDoc[] | undefined) ?? []).filter((e) => typeof e.name === "string").map(({ name, ...rest }) => [name as string, rest]),
  );
  return {
    entries,
    set(current, name, entry) {
      const after = appendBlock(remove(current, name), tomlBlock(`[[${root.map(tomlKey).join(".")}]]`, { name, ...table(entry) }, eolOf(current || "\n")));
      if (!sameEntry(tomlListMap(after, file, root).entries[name], entry))
        throw new HostConfigError(file, `defines the server ${name} in a form we cannot edit safely (an inline array?); edit it by hand, nothing was written`);
      return after;
    },
    remove,
  };
}

/** A `<root>.<name>` mapping in a YAML file (Goose's `extensions`, Hermes' `mcp_servers`), edited in its document. */
function yamlMap(text: string, file: string, root: string[]): ServerMap {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const yaml = parseYamlDoc(text, file);
  if (!mappingOrAbsent(yaml, root)) throw new HostConfigError(file, `${root.join(".")} must be a mapping of servers; nothing was written`);
  const edit = (current: string, change: (doc: ReturnType<typeof parseYamlDoc>) => void) => {
    const doc = parseYamlDoc(current, file);
    change(doc);
    return yamlText(doc, eol);
  };
  return {
    entries: (valueAt(yaml, root) as Record<string, unknown> | undefined) ?? {},
    set: (current, name, entry) => edit(current, (doc) => setAt(doc, [...root, name], table(entry))),
    remove: (current, name) => edit(current, (doc) => deleteAt(doc, [...root, name])),
  };
}

/**
 * Servers kept as an array, each naming itself in `key` (Grok CLI's `mcp.servers: [{id, …}]`): the
 * same three operations, an entry found by its name field. Two entries of one name are refused.
 */
function jsonList(text: string, file: string, root: string[], key: string): ServerMap {
  const tree = parseJsonc(text, file);
  if (tree && tree.type !== "object") throw new HostConfigError(file, "is not a JSON object; nothing was written");
  for (let depth = 0; depth < root.length; depth++) refuseDuplicateKeys(text, file, nodeAt(tree, root.slice(0, depth)));
  const list = nodeAt(tree, root);
  if (list && list.type !== "array") throw new HostConfigError(file, `${root.join(".")} must be an array of servers; nothing was written`);
  const items = list ? (getNodeValue(list) as unknown[]) : [];
  const entries: Record<string, unknown> = {};
  for (const item of items) {
    const name = isObject(item) ? item[key] : undefined;
    if (typeof name !== "string") continue;
    if (name in entries) throw new HostConfigError(file, `${root.join(".")} has two servers with ${key} "${name}"; remove one, nothing was written`);
    entries[name] = item;
  }
  const indexOf = (current: string, name: string) => {
    const node = nodeAt(parseJsonc(current, file), root);
    return {
      node,
      index: (node?.children ?? []).findIndex((child) => {
        const v = getNodeValue(child);
        return isObject(v) && v[key] === name;
      }),
    };
  };
  return {
    entries,
    set(current, name, entry) {
      const indent = detectIndent(current);
      const { node, index } = indexOf(current, name);
      if (index >= 0) return setProperty(current, [...root, index], entry, indent);
      return node ? appendArrayElement(current, node, entry, indent) : setProperty(current, root, [entry], indent);
    },
    remove(current, name) {
      const { node, index } = indexOf(current, name);
      if (!node || index < 0) return current;
      const after = removeArrayElement(current, node, index);
      // The list we emptied goes too, as an emptied server map does.
      return nodeAt(parseJsonc(after, file), root)?.children?.length ? after : setProperty(after, root, undefined, detectIndent(after));
    },
  };
}

/** How a host file holds its servers: a JSON object (or a JSON array, `list`), TOML tables, a TOML array of named tables, a YAML mapping. */
export type ServerMapSyntax = "json" | "toml" | "toml-list" | "yaml";

/** The server map of a host config file, as its MCP format lays it out; an unparseable file is refused (exit 4, naming it). */
export function serverMap(text: string, file: string, format: { syntax: ServerMapSyntax; root: string[]; list?: string }): ServerMap {
  if (format.syntax === "toml") return tomlMap(text, file, format.root);
  if (format.syntax === "toml-list") return tomlListMap(text, file, format.root);
  if (format.syntax === "yaml") return yamlMap(text, file, format.root);
  return format.list ? jsonList(text, file, format.root, format.list) : jsonMap(text, file, format.root);
}

/** Whether two entries mean the same (JSON numbers and TOML integers alike). */
export const sameEntry = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
