import { join } from "../src/paths.ts";
import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";

// Facts: docs/hosts/trae.md. Trae documents no hook layer (MCP, rules and custom agents only).
export default defineMcpOnlyAdapter({
  id: "trae",
  name: "Trae",
  sources: ["https://www.volcengine.com/docs/86677/2137601"],
  verified: [{ by: "docs", on: "2026-12-04" }],
  // The project's .trae/mcp.json (read once "Enable Project MCP" is on); the user's list is kept
  // by the app, in a folder the docs do not name (docs/hosts/trae.md).
  mcp: {
    format: "plain",
    scopes: { user: { ui: "open Trae's Settings → MCP → Add → Add Manually (raw JSON)" }, project: ({ projectDir }) => join(projectDir, ".trae", "mcp.json") },
    toolName: "{tool}",
  },
  detect: { dirs: ({ home }) => [join(home, ".trae")], bins: [] },
});
