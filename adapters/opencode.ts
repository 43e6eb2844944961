import { join } from "../src/paths.ts";
import { defineOpencodeFamilyAdapter, OPENCODE_V1_TOOLS, xdgConfig } from "../src/families/opencode.ts";

// Facts: docs/hosts/opencode.md (real run of 1.18.33).
// Events, payload and replies are the family's (src/families/opencode.ts).
export default defineOpencodeFamilyAdapter({
  id: "opencode",
  name: "OpenCode",
  sources: [
    "https://opencode.ai/docs/plugins/",
    "https://github.com/anomalyco/opencode (packages/plugin/src/index.ts, packages/opencode/src/config/config.ts)",
    "https://github.com/anomalyco/opencode/tree/dev/packages/opencode/src/tool (registry.ts and each tool's parameters: the tool vocabulary; https://opencode.ai/docs/tools lists the same V1 names)",
  ],
  verified: [
    { version: "1.18.33", by: "real run", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
    { by: "source", on: "2026-12-04" },
  ],
  version: { npm: "opencode-ai", run: true },
  // `{plugin,plugins}/*.{ts,js}` of each config dir, one level deep (config.ts); no trust step.
  configName: "opencode",
  folders: {
    user: (ctx) => join(xdgConfig(ctx, "opencode"), "plugins"),
    project: ({ projectDir }) => join(projectDir, ".opencode", "plugins"),
  },
  // The V1 built-ins, as the real run of 1.18.33 named `bash` (src/families/opencode.ts).
  tools: OPENCODE_V1_TOOLS,
  // npm `opencode-ai` runs `bin/opencode.exe`, also on Linux (docs/hosts/opencode.md "Quirks").
  detect: { dirs: (ctx) => [xdgConfig(ctx, "opencode"), join(ctx.home, ".opencode")], bins: ["opencode"] },
});
