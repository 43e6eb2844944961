/**
 * The portable words for a tool call that handlers read and write: the kinds, the `event.tool`
 * view and the `updatedTool` rewrite. Declarations only (no imports): the authoring types that
 * `init` writes inline this file (src/commands/_authoring-source.ts).
 */

/** The portable kinds of tool; `mcp` is recognised by the host's MCP naming, `other` is anything unmapped. */
export const TOOL_KINDS = ["shell", "read", "write", "edit", "search", "fetch", "task", "mcp", "other"] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** A tool call in portable words, from the host's tool vocabulary (`event.tool`). */
export interface ToolView {
  kind: ToolKind;
  /** The command line, a string whatever the host sends (a list of commands is joined by newlines). */
  command?: string;
  cwd?: string;
  /** Every file the call touches (each path a patch names). */
  filePaths?: string[];
  content?: string;
  url?: string;
  query?: string;
  /** mcp: the server the tool belongs to, where the host's tool name says it. */
  server?: string;
  /** mcp: the tool's own name on its server. */
  name?: string;
}

/** A portable rewrite (`updatedTool`): these fields are put back where the host keeps them, over its input. */
export type UpdatedTool = Partial<{ command: string; cwd: string; filePaths: string[]; content: string; url: string; query: string }>;
