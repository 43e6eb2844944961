import { kindOf, toolTable, type ToolContext } from "../tools/view.ts";
import { isUnknown } from "../tools/vocabulary.ts";
import { logFirst } from "./io.ts";

/**
 * A tool name the host's vocabulary does not list (nor its MCP naming) is how a new host tool shows
 * up: only `@other` matches it, so a guard on a kind silently skips it. One hook.log line per host
 * and name (`agent-connector logs` shows it), then silence.
 */
export function noteUnknownTool(ctx: ToolContext, host: string, where: string, toolName: unknown): void {
  if (typeof toolName !== "string" || isUnknown(ctx.tools) || toolTable(ctx.tools).has(toolName) || kindOf(ctx, toolName) === "mcp") return;
  logFirst(
    `tool-${host}-${encodeURIComponent(toolName)}`,
    `${where}: unknown tool ${toolName} on host ${host}: its adapter does not list it, so only @other matches it`,
  );
}
