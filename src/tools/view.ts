import { isUnknown, NAMED_KINDS, TOOL_FIELDS, type NamedKind, type ToolFields, type ToolKind, type ToolVocabulary } from "./vocabulary.ts";
import { readPaths, readText } from "./fields.ts";
import { escapeRegExp } from "../escape-regexp.ts";
import type { ToolView } from "./portable.ts";

export type { ToolView };

/** What a host says about its tools: its vocabulary and how it names MCP tools. */
export interface ToolContext {
  tools?: ToolVocabulary;
  /** `{server}` and `{tool}` in the host's name for an MCP tool, e.g. "mcp__{server}__{tool}". */
  mcpName?: string;
}

interface MappedTool {
  kind: NamedKind;
  fields: ToolFields;
}

const tables = new WeakMap<object, Map<string, MappedTool | null>>();

/**
 * The host's tools by name, built once per vocabulary: a tool event costs one map lookup. A tool
 * of no kind maps to null: it is the host's own, never an MCP tool (OpenHands names MCP tools
 * `{tool}`, which would otherwise take every name).
 */
export function toolTable(tools: ToolVocabulary | undefined): Map<string, MappedTool | null> {
  if (isUnknown(tools)) return new Map();
  let table = tables.get(tools);
  if (!table) {
    table = new Map();
    for (const name of Object.keys(tools.other ?? {})) table.set(name, null);
    for (const kind of NAMED_KINDS) for (const [name, fields] of Object.entries(tools[kind] ?? {})) table.set(name, { kind, fields });
    tables.set(tools, table);
  }
  return table;
}

/**
 * An MCP naming pattern ("mcp__{server}__{tool}") as a regular expression's source, unanchored:
 * `{server}` and `{tool}` as named groups (to read a name), or as plain `.+` (a native matcher).
 */
export const mcpNameSource = (template: string, groups: boolean): string =>
  template
    .split(/(\{server\}|\{tool\})/)
    .map((part) => (part === "{server}" ? (groups ? "(?<server>.+?)" : ".+") : part === "{tool}" ? (groups ? "(?<tool>.+)" : ".+") : escapeRegExp(part)))
    .join("");

const mcpPatterns = new Map<string, RegExp>();

/** The regular expression that reads a tool name by the host's MCP naming. */
function mcpNamePattern(template: string): RegExp {
  let pattern = mcpPatterns.get(template);
  if (!pattern) mcpPatterns.set(template, (pattern = new RegExp(`^${mcpNameSource(template, true)}$`)));
  return pattern;
}

/** The host's MCP naming: the vocabulary's own, else its MCP registration's. */
export const mcpNameOf = (ctx: ToolContext): string | undefined => (ctx.tools && !isUnknown(ctx.tools) ? ctx.tools.mcp : undefined) ?? ctx.mcpName;

/** The kind of a tool name on this host (a table lookup, then the MCP naming). */
export function kindOf(ctx: ToolContext, toolName: string): ToolKind {
  const mapped = toolTable(ctx.tools).get(toolName);
  if (mapped !== undefined) return mapped?.kind ?? "other";
  const mcp = mcpNameOf(ctx);
  return mcp && mcpNamePattern(mcp).test(toolName) ? "mcp" : "other";
}

/** The portable view of a call of `toolName` with `toolInput`. */
export function toolView(ctx: ToolContext, toolName: string, toolInput: Record<string, unknown>): ToolView {
  const mapped = toolTable(ctx.tools).get(toolName);
  if (mapped === null) return { kind: "other" };
  if (!mapped) {
    const mcp = mcpNameOf(ctx);
    const m = mcp ? mcpNamePattern(mcp).exec(toolName) : null;
    if (!m) return { kind: "other" };
    const view: ToolView = { kind: "mcp" };
    if (m.groups?.server) view.server = m.groups.server;
    if (m.groups?.tool) view.name = m.groups.tool;
    return view;
  }
  const view: ToolView = { kind: mapped.kind };
  for (const field of TOOL_FIELDS) {
    const ref = mapped.fields[field];
    if (ref === undefined) continue;
    if (field === "filePaths") {
      const paths = readPaths(toolInput, ref);
      if (paths) view.filePaths = paths;
    } else {
      const text = readText(toolInput, ref);
      if (text !== undefined) view[field] = text;
    }
  }
  return view;
}
