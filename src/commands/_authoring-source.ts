import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A Bun macro (imported `with { type: "macro" }`): runs at build time, so the compiled binary
 * carries the source of the authoring types as a string. (A text import of src/events.ts cannot
 * sit beside its ordinary imports in one bundle.)
 */
export function authoringTypesSource(): string {
  const events = readFileSync(join(import.meta.dir, "..", "events.ts"), "utf8");
  // One self-contained file: the MCP server shapes events.ts imports are inlined (the declarations
  // at the top of mcp-servers.ts, up to its run-time helpers).
  const mcp = readFileSync(join(import.meta.dir, "..", "mcp-servers.ts"), "utf8");
  const shapes = mcp.slice(0, mcp.indexOf("export type McpTransport"));
  const imported = 'import type { McpServer } from "./mcp-servers.ts";\n';
  // The portable tool words (event.tool, updatedTool), declarations only.
  const portable = readFileSync(join(import.meta.dir, "..", "tools", "portable.ts"), "utf8");
  const toolsImported = 'import type { ToolView, UpdatedTool } from "./tools/portable.ts";\n';
  if (!events.includes(imported) || !shapes.includes("export type McpServer"))
    throw new Error("authoring types: events.ts or mcp-servers.ts changed shape; update src/commands/_authoring-source.ts");
  if (!events.includes(toolsImported) || /^import /m.test(portable))
    throw new Error("authoring types: events.ts or tools/portable.ts changed shape; update src/commands/_authoring-source.ts");
  return events.replace(imported, shapes).replace(toolsImported, portable);
}
