import { join } from "../src/paths.ts";
import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";

// Facts: docs/hosts/codebuff.md. No lifecycle hooks: `codebuff.json` start-up processes and
// file-change checks are not per-event callbacks. `~/.agents/` is shared with other tools, so only
// the binary counts as a sign.
export default defineMcpOnlyAdapter({
  id: "codebuff",
  name: "Codebuff",
  sources: ["https://www.codebuff.com/docs/tips/mcp-servers"],
  verified: [{ by: "docs", on: "2026-12-04" }],
  // `.agents/mcp.json` in the project (or a parent), else `~/.agents/mcp.json`.
  mcp: {
    format: "codebuff",
    scopes: { user: ({ home }) => join(home, ".agents", "mcp.json"), project: ({ projectDir }) => join(projectDir, ".agents", "mcp.json") },
    toolName: "{tool}",
  },
  detect: { dirs: () => [], bins: ["codebuff"] },
});
