import { join } from "../src/paths.ts";
import type { PluginModuleSpec } from "../src/adapter.ts";
import { defineOpencodeFamilyAdapter, OPENCODE_V1_TOOLS, xdgConfig } from "../src/families/opencode.ts";
import type { KnownTools } from "../src/tools/vocabulary.ts";
import { WHY } from "../src/tools/other-reasons.ts";

/** Where the Kilo backend (the CLI, and the VS Code extension that runs it) loads plugin modules. */
export const KILO_PLUGIN_FOLDERS: PluginModuleSpec["folders"] = {
  user: (ctx) => join(xdgConfig(ctx, "kilo"), "plugin"),
  project: ({ projectDir }) => join(projectDir, ".kilo", "plugin"),
};

/**
 * The Kilo backend's tools (CLI and VS Code extension): OpenCode's V1 set, same ids and args (the
 * shell keeps the id `bash`), plus Kilo's own (Kilo-Org/kilocode packages/opencode/src/tool/:
 * registry.ts, warpgrep.ts and codebase_search.ts, switch-agent.ts, recall.ts, remember.ts).
 */
export const KILO_TOOLS = {
  ...OPENCODE_V1_TOOLS,
  // `codebase_search`: a semantic search of the project (Morph WarpGrep or Kilo's index; the index
  // variant takes a sub-folder `path`), behind `experimental.codebase_search`.
  search: { ...OPENCODE_V1_TOOLS.search, codebase_search: { query: "query", filePaths: "path" } },
  other: {
    ...OPENCODE_V1_TOOLS.other,
    switch_agent: WHY.agents,
    kilo_local_recall: WHY.memory,
    kilo_local_remember: WHY.memory,
  },
} as const satisfies KnownTools;

// Facts: docs/hosts/kilo-cli.md (real run of 7.7.7).
// An OpenCode fork with OpenCode's plugin contract (src/families/opencode.ts).
export default defineOpencodeFamilyAdapter({
  id: "kilo-cli",
  name: "Kilo CLI",
  sources: [
    "https://kilo.ai/docs/automate/extending/plugins",
    "https://github.com/Kilo-Org/kilocode",
    "https://github.com/Kilo-Org/kilocode/tree/main/packages/opencode/src/tool (registry.ts and each tool's parameters: the tool vocabulary)",
  ],
  verified: [
    { version: "7.7.7", by: "real run", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
  ],
  version: { npm: "@kilocode/cli", run: true },
  // Singular `plugin/` (plural accepted); `export default { id, server }` is Kilo's documented form.
  // A project plugin loads in `kilo run` with no trust step (docs/hosts/kilo-cli.md "Quirks").
  configName: "kilo",
  folders: KILO_PLUGIN_FOLDERS,
  tools: KILO_TOOLS,
  detect: { dirs: (ctx) => [xdgConfig(ctx, "kilo"), join(ctx.home, ".kilocode")], bins: ["kilo"] },
});
