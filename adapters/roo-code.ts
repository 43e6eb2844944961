import { join } from "../src/paths.ts";
import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";

// Facts: docs/hosts/roo-code.md. Hooks never shipped (RooCodeInc/Roo-Code#10785 WIP, #11562 closed).
const storage = "globalStorage/rooveterinaryinc.roo-cline";

export default defineMcpOnlyAdapter({
  id: "roo-code",
  name: "Roo Code",
  sources: ["https://docs.roocode.com/features/mcp/using-mcp-in-roo", "https://github.com/RooCodeInc/Roo-Code/pull/11562"],
  // A VS Code extension: its global storage in VS Code's user dir (Linux, macOS).
  detect: {
    dirs: ({ home }) => [join(home, ".config", "Code", "User", storage), join(home, "Library", "Application Support", "Code", "User", storage)],
    bins: [],
  },
});
