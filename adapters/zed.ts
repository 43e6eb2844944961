import { join } from "../src/paths.ts";
import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";

// Facts: docs/hosts/zed.md. Zed's Agent Panel has no hooks (open request zed-industries/zed#52688);
// external agents over ACP keep their own.
export default defineMcpOnlyAdapter({
  id: "zed",
  name: "Zed",
  sources: ["https://zed.dev/docs/ai/mcp", "https://github.com/zed-industries/zed/issues/52688"],
  verified: [{ by: "docs", on: "2026-12-04" }],
  // zed.dev/docs/ai/mcp: `context_servers` in settings.json (JSONC), user and project.
  mcp: {
    format: "zed",
    scopes: {
      user: ({ home, env }) => join(env.XDG_CONFIG_HOME || join(home, ".config"), "zed", "settings.json"),
      project: ({ projectDir }) => join(projectDir, ".zed", "settings.json"),
    },
    toolName: "{tool}",
  },
  detect: { dirs: ({ home, env }) => [join(env.XDG_CONFIG_HOME || join(home, ".config"), "zed")], bins: ["zed", "zeditor"] },
});
