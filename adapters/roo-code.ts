import { join } from "../src/paths.ts";
import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";
import { vscodeUserDir } from "../src/families/vscode.ts";

// Facts: docs/hosts/roo-code.md. Hooks never shipped (RooCodeInc/Roo-Code#10785 WIP, #11562 closed).
const storage = "globalStorage/rooveterinaryinc.roo-cline";

export default defineMcpOnlyAdapter({
  id: "roo-code",
  name: "Roo Code",
  sources: ["https://docs.roocode.com/features/mcp/using-mcp-in-roo", "https://github.com/RooCodeInc/Roo-Code/pull/11562"],
  verified: [{ by: "docs", on: "2026-12-04", note: "and pull requests: hooks never shipped" }],
  // A VS Code extension: its global storage in VS Code's user dir (Linux, macOS).
  // docs.roocode.com/features/mcp/using-mcp-in-roo: the extension's mcp_settings.json (older
  // releases: cline_mcp_settings.json, used when it is the one there) and the project's .roo/mcp.json.
  mcp: {
    format: "roo",
    scopes: {
      user: (ctx) => ["mcp_settings.json", "cline_mcp_settings.json"].map((name) => join(vscodeUserDir(ctx), storage, "settings", name)),
      project: ({ projectDir }) => join(projectDir, ".roo", "mcp.json"),
    },
    toolName: "{tool}",
  },
  detect: {
    dirs: ({ home }) => [join(home, ".config", "Code", "User", storage), join(home, "Library", "Application Support", "Code", "User", storage)],
    bins: [],
  },
});
