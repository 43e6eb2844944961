import { join } from "../src/paths.ts";
import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";

// Facts: docs/hosts/warp.md. The Warp Agent has no hooks (open request warpdotdev/Warp#8931);
// agents run inside Warp's terminal (Claude Code, Codex, …) keep their own.
export default defineMcpOnlyAdapter({
  id: "warp",
  name: "Warp",
  sources: ["https://docs.warp.dev/agents/capabilities/mcp", "https://github.com/warpdotdev/Warp/issues/8931"],
  verified: [{ by: "docs", on: "2026-12-04" }],
  // `~/.warp/.mcp.json` and `<repo>/.warp/.mcp.json` (docs; the app's own list lives in Warp Drive).
  mcp: {
    format: "warp",
    scopes: { user: ({ home }) => join(home, ".warp", ".mcp.json"), project: ({ projectDir }) => join(projectDir, ".warp", ".mcp.json") },
    toolName: "{tool}",
  },
  detect: { dirs: ({ home }) => [join(home, ".warp"), join(home, ".local", "share", "warp-terminal")], bins: ["warp", "oz"] },
});
