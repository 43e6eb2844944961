import { join } from "../src/paths.ts";
import { defineOpencodeFamilyAdapter, xdgConfig } from "../src/families/opencode.ts";

// Facts: docs/hosts/mimo-code.md (source read, no real run). An
// OpenCode fork with OpenCode's plugin contract (src/families/opencode.ts); its own extras
// (`actor.preStop` for SubagentStop, the `.mimocode/settings.json` shell hooks) are not used.
export default defineOpencodeFamilyAdapter({
  id: "mimo-code",
  name: "MiMo Code",
  sources: ["https://github.com/XiaomiMiMo/MiMo-Code (packages/plugin/src/index.ts, packages/opencode/src/config/paths.ts)"],
  // MiMo also loads project `.opencode/` plugins: the module checks which host runs it, and its
  // file name differs from OpenCode's so a name-based dedupe cannot drop it (src/install/plugin-module/generate.ts).
  configName: "mimocode",
  folders: {
    user: (ctx) => join(xdgConfig(ctx, "mimocode"), "plugin"),
    project: ({ projectDir }) => join(projectDir, ".mimocode", "plugin"),
  },
  detect: { dirs: (ctx) => [xdgConfig(ctx, "mimocode"), join(ctx.home, ".mimocode")], bins: ["mimo"] },
});
