/**
 * A host's tool vocabulary, declared as data in its adapter: which of its tools are a shell, a file
 * read, a write… (the portable kinds a handler and a matcher can name, whatever the host calls
 * them) and where each kind's key fields sit in that tool's input. src/tools/view.ts reads it on
 * every tool event; install and explain render `@kind` matchers into the host's own names with it.
 */

import { TOOL_KINDS, type ToolKind, type UpdatedTool } from "./portable.ts";

export { TOOL_KINDS, type ToolKind, type UpdatedTool };

/** The kinds an adapter maps by tool name (mcp goes by the naming pattern, other by absence). */
export const NAMED_KINDS = ["shell", "read", "write", "edit", "search", "fetch", "task"] as const;
export type NamedKind = (typeof NAMED_KINDS)[number];

/** The canonical fields a tool view carries, read from (and, on modify, written back into) the input. */
export const TOOL_FIELDS = ["command", "cwd", "filePaths", "content", "url", "query"] as const;
export type ToolField = (typeof TOOL_FIELDS)[number];

/**
 * Where one canonical field lives in a tool's input (paths relative to the input, dots for
 * nesting, the first present wins):
 * - `"command"` or `["file_path", "path"]`: a string value;
 * - `{ paths, list: true }`: an array of strings (Cline's `commands`, a list of paths); a string
 *   holding a JSON array is read as that array. As `command`, the items are joined with a newline;
 * - `{ paths, argv: true }`: an argv such as `["bash", "-lc", "<script>"]`: the command is the
 *   script after `-c`/`-lc`, else the words joined;
 * - `{ paths, patch: true }`: a patch text (`*** Begin Patch` envelope or a unified diff): the
 *   paths it touches (filePaths only; a patch is never rewritten).
 */
export type FieldRef = string | readonly string[] | { paths: readonly string[]; list?: true; argv?: true; patch?: true };

/**
 * In a field's path, `*` steps into every item of a list (`replacements.*.filePath`: each edit's
 * file; filePaths only). WHOLE_INPUT is the input itself where the host sends it as a bare text,
 * not an object (a freeform patch tool's argument is the patch).
 */
export const WHOLE_INPUT = "(input)";

/** One tool's fields, by canonical name; a field left out has no place in that tool's input. */
export type ToolFields = Partial<Record<ToolField, FieldRef>> & {
  /** A write or edit tool whose input names no file: why (install warns a @write/@edit guard there). */
  pathless?: string;
};

/** The host's tools of each kind, by the host's own name. */
export type KindTable = Partial<Record<NamedKind, Readonly<Record<string, ToolFields>>>>;

export interface KnownTools extends KindTable {
  /**
   * The host's other tools (a todo list, a question to the user…): known, but of no portable kind,
   * each with the reason it is none (src/tools/other-reasons.ts). A tool that runs anything is a shell.
   */
  other?: Readonly<Record<string, string>>;
  /**
   * How an MCP tool is named when the host's MCP registration (adapter `mcp.toolName`) does not
   * say, or says otherwise: `{server}` and `{tool}` replaced, e.g. "MCP:{tool}" (Cursor).
   */
  mcp?: string;
}

/** Where the host's tool names are unknown (no docs, no source, no capture): the reason, shown by explain. */
export interface UnknownTools {
  unknown: string;
}

export type ToolVocabulary = KnownTools | UnknownTools;

export const isUnknown = (tools: ToolVocabulary | undefined): tools is UnknownTools | undefined => !tools || "unknown" in tools;

/** Every tool name the host documents, of any kind. */
export function allToolNames(tools: ToolVocabulary | undefined): string[] {
  if (isUnknown(tools)) return [];
  return [...NAMED_KINDS.flatMap((kind) => Object.keys(tools[kind] ?? {})), ...Object.keys(tools.other ?? {})];
}

/** The host's tool names of one kind. */
export const namesOfKind = (tools: ToolVocabulary | undefined, kind: NamedKind): string[] => (isUnknown(tools) ? [] : Object.keys(tools[kind] ?? {}));
