// How the mock model walks a host's deferred-tool search, as a real model does: a host that hides
// MCP tools behind a search tool lists only their names; the model calls the search tool, reads
// the tools it found in the result, then calls the one it wants (directly once the host declares
// it, else through the host's bridge tool).
//
//   Claude Code 2.1.332  `ToolSearch {query, max_results}`: the result is `tool_reference` blocks
//                        (`{type: "tool_reference", tool_name}`), and the next request declares
//                        the found tool (with `defer_loading: true`).
//   Qwen Code 0.24.4     `tool_search {query, max_results}`: the result is text, a `<functions>` block
//                        of `<function>{"name": …, "description": …, …}</function>` lines; the tool
//                        stays undeclared, and is called through `tool_call {name, arguments}`.
//   Factory Droid        `ToolSearch {query}`; the next request declares the found tool.
//   Codex                `{type: "tool_search"}`, a Responses built-in (mock-model.ts answers it).

/** The search tools a host offers for its deferred tools (query forms: keywords, or "select:<names>"). */
export const SEARCH_TOOLS = ["tool_search", "ToolSearch"];

/**
 * Bridge tools that call a deferred tool the host keeps undeclared, and their arguments. Qwen Code
 * 0.24.4's `tool_call` takes "the exact deferred tool name" and the arguments of its schema.
 */
export const BRIDGE_TOOLS: Record<string, (name: string, args: Record<string, unknown>) => Record<string, unknown>> = {
  tool_call: (name, args) => ({ name, arguments: args }),
};

const FUNCTION_LINE = /<function>(\{.*?\})<\/function>/g;

/** Tool names a search result in the conversation returned: `tool_reference` blocks and `<function>` lines, wherever they sit in the request. */
export function foundToolNames(body: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (!v.includes("<function>")) return;
      for (const m of v.matchAll(FUNCTION_LINE)) {
        try {
          const name = JSON.parse(m[1]!)?.name;
          if (typeof name === "string") out.add(name);
        } catch {}
      }
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o.type === "tool_reference" && typeof o.tool_name === "string") out.add(o.tool_name);
      Object.values(o).forEach(walk);
    }
  };
  walk(body);
  return [...out];
}
