import { join } from "../src/paths.ts";
import type { PluginModuleSpec } from "../src/adapter.ts";
import { defineOpencodeFamilyAdapter, xdgConfig } from "../src/families/opencode.ts";

/** Where the Kilo backend (the CLI, and the VS Code extension that runs it) loads plugin modules. */
export const KILO_PLUGIN_FOLDERS: PluginModuleSpec["folders"] = {
  user: (ctx) => join(xdgConfig(ctx, "kilo"), "plugin"),
  project: ({ projectDir }) => join(projectDir, ".kilo", "plugin"),
};

// Facts: docs/hosts/kilo-cli.md (real run of 7.7.7).
// An OpenCode fork with OpenCode's plugin contract (src/families/opencode.ts).
export default defineOpencodeFamilyAdapter({
  id: "kilo-cli",
  name: "Kilo CLI",
  sources: ["https://kilo.ai/docs/automate/extending/plugins", "https://github.com/Kilo-Org/kilocode"],
  // Singular `plugin/` (plural accepted); `export default { id, server }` is Kilo's documented form.
  // A project plugin loads in `kilo run` with no trust step (docs/hosts/kilo-cli.md "Quirks").
  configName: "kilo",
  folders: KILO_PLUGIN_FOLDERS,
  detect: { dirs: (ctx) => [xdgConfig(ctx, "kilo"), join(ctx.home, ".kilocode")], bins: ["kilo"] },
});
