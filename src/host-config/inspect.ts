import { getNodeValue, parseTree, type Node, type ParseError } from "jsonc-parser";
import { valueAt } from "./hook-list.ts";
import { parse as parseToml } from "smol-toml";
import { parseDocument } from "yaml";
import type { HookFileSpec } from "../adapter.ts";

/** A hook command found in a host file, with the line it is on. */
export interface FoundCommand {
  nativeEvent: string;
  command: string;
  line: number;
}

/** Something in a host file its host rejects, with the line. */
export interface FileProblem {
  line: number;
  message: string;
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split("\n").length;

const child = (node: Node | undefined, key: string): Node | undefined =>
  node?.type === "object" ? node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1] : undefined;

/**
 * Reads a hook file the way its host does, for `doctor`: every command it runs, and every entry
 * the host would reject (a matcher that is not a string, a handler without a command, …).
 */
export function inspectHookFile(text: string, spec: HookFileSpec): { commands: FoundCommand[]; problems: FileProblem[] } {
  if (spec.layout === "toml-array-tables") return inspectTomlTables(text, spec);
  if (spec.layout === "yaml-flat-entries") return inspectYamlEntries(text, spec);
  if (spec.layout === "json-hook-list") return inspectHookList(text, spec);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true });
  const problems: FileProblem[] = errors.slice(0, 1).map((e) => ({ line: lineOf(text, e.offset), message: "is not valid JSON here" }));
  const commands: FoundCommand[] = [];
  if (!tree || errors.length) return { commands, problems };
  let map: Node | undefined = tree;
  for (const key of spec.root) map = child(map, key);
  if (!map) return { commands, problems };
  const bad = (node: Node, path: string, message: string) =>
    problems.push({ line: lineOf(text, node.offset), message: `${[...spec.root, path].join(".")} ${message}` });
  if (map.type !== "object") {
    bad(map, "", "must be an object of events");
    return { commands, problems };
  }
  const commandKey = spec.entryKeys?.command ?? "command";
  for (const property of map.children ?? []) {
    const event = String(property.children?.[0]?.value);
    const list = property.children?.[1];
    if (list?.type !== "array") {
      if (list) bad(list, event, "must be an array");
      continue;
    }
    list.children?.forEach((entry, i) => {
      const at = `${event}.${i}`;
      if (entry.type !== "object") {
        bad(entry, at, "must be an object");
        return;
      }
      const matcherKey = spec.entryKeys?.matcher ?? "matcher";
      const matcher = child(entry, matcherKey);
      if (matcher && matcher.type !== "string")
        bad(matcher, `${at}.${matcherKey}`, `must be a string, not ${matcher.type === "object" ? "an object" : `a ${matcher.type}`}`);
      const handlers = spec.layout === "nested-matcher-groups" ? child(entry, "hooks") : undefined;
      if (spec.layout === "nested-matcher-groups" && handlers?.type !== "array") {
        bad(handlers ?? entry, `${at}.hooks`, "must be an array of handlers");
        return;
      }
      const items = handlers?.children?.map((h, j) => ({ node: h, at: `${at}.hooks.${j}` })) ?? [{ node: entry, at }];
      for (const { node, at: where } of items) {
        if (node.type !== "object") {
          bad(node, where, "must be an object");
          continue;
        }
        const command = child(node, commandKey);
        if (command?.type === "string") commands.push({ nativeEvent: event, command: command.value as string, line: lineOf(text, command.offset) });
        else if (command) bad(command, `${where}.${commandKey}`, "must be a string");
        const timeout = child(node, spec.entryKeys?.timeout ?? "timeout");
        if (timeout && timeout.type !== "number") bad(timeout, `${where}.${spec.entryKeys?.timeout ?? "timeout"}`, "must be a number");
      }
    });
  }
  return { commands, problems };
}

/** A JSON array of hooks (Kiro v3): each names its event, the command may be nested (`action.command`). */
function inspectHookList(text: string, spec: HookFileSpec): { commands: FoundCommand[]; problems: FileProblem[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true });
  if (errors.length) return { commands: [], problems: [{ line: lineOf(text, errors[0]!.offset), message: "is not valid JSON here" }] };
  return inspectEntries(text, spec, tree ? getNodeValue(tree) : {});
}

/** `[[<root>]]` tables (Kimi): each names its event; lines are found by the command's text. */
function inspectTomlTables(text: string, spec: HookFileSpec): { commands: FoundCommand[]; problems: FileProblem[] } {
  let doc: Record<string, unknown>;
  try {
    doc = text.trim() ? (parseToml(text) as Record<string, unknown>) : {};
  } catch (error) {
    return { commands: [], problems: [{ line: (error as { line?: number }).line ?? 1, message: `is not valid TOML here` }] };
  }
  return inspectEntries(text, spec, doc);
}

/** Entries that each name their event, in one array at the spec's root of a parsed file. */
function inspectEntries(text: string, spec: HookFileSpec, doc: unknown): { commands: FoundCommand[]; problems: FileProblem[] } {
  let tables: unknown = doc;
  for (const key of spec.root) tables = (tables as Record<string, unknown> | undefined)?.[key];
  const commandKey = spec.entryKeys?.command ?? "command";
  const eventKey = spec.entryKeys?.event ?? "event";
  const commands: FoundCommand[] = [];
  const problems: FileProblem[] = [];
  if (tables === undefined) return { commands, problems };
  if (!Array.isArray(tables))
    return {
      commands,
      problems: [{ line: 1, message: `${spec.root.join(".")} must be an array of ${spec.layout === "json-hook-list" ? "hooks" : "tables"}` }],
    };
  for (const [i, entry] of tables.entries()) {
    const command = valueAt(entry, commandKey);
    const line = typeof command === "string" ? lineOf(text, Math.max(0, text.indexOf(command))) : 1;
    const matcher = (entry as Record<string, unknown>)?.[spec.entryKeys?.matcher ?? "matcher"];
    if (matcher !== undefined && typeof matcher !== "string") problems.push({ line, message: `${spec.root.join(".")}.${i}.matcher must be a string` });
    if (typeof command === "string") commands.push({ nativeEvent: String((entry as Record<string, unknown>)[eventKey]), command, line });
    else problems.push({ line, message: `${spec.root.join(".")}.${i}.${commandKey} must be a string` });
  }
  return { commands, problems };
}

/** `<root>.<event>: [ {command, …} ]` in YAML (Hermes); lines are found by the command's text. */
function inspectYamlEntries(text: string, spec: HookFileSpec): { commands: FoundCommand[]; problems: FileProblem[] } {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const error = doc.errors[0];
  if (error) return { commands: [], problems: [{ line: lineOf(text, error.pos[0]), message: "is not valid YAML here" }] };
  let map: unknown = doc.toJS();
  for (const key of spec.root) map = (map as Record<string, unknown> | null | undefined)?.[key];
  const commandKey = spec.entryKeys?.command ?? "command";
  const commands: FoundCommand[] = [];
  const problems: FileProblem[] = [];
  if (map === undefined || map === null) return { commands, problems };
  if (typeof map !== "object" || Array.isArray(map))
    return { commands, problems: [{ line: 1, message: `${spec.root.join(".")} must be a mapping of events` }] };
  for (const [event, list] of Object.entries(map)) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const command = (entry as Record<string, unknown> | null)?.[commandKey];
      const line = typeof command === "string" ? lineOf(text, Math.max(0, text.indexOf(command))) : 1;
      if (typeof command === "string") commands.push({ nativeEvent: event, command, line });
    }
  }
  return { commands, problems };
}
