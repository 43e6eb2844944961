import { join } from "../src/paths.ts";
import type { PathContext } from "../src/adapter.ts";
import { defineOpencodeFamilyAdapter } from "../src/families/opencode.ts";
import { KILO_PLUGIN_FOLDERS, KILO_TOOLS } from "./kilo-cli.ts";

/** VS Code's per-extension storage of Kilo Code (Linux, macOS, Windows). */
const extensionStorage = ({ home, env }: PathContext): string[] =>
  [
    join(env.XDG_CONFIG_HOME || join(home, ".config"), "Code", "User"),
    join(home, "Library", "Application Support", "Code", "User"),
    ...(env.APPDATA ? [join(env.APPDATA, "Code", "User")] : []),
  ].map((user) => join(user, "globalStorage", "kilocode.kilo-code"));

// Facts: docs/hosts/kilo.md (docs only). The Kilo Code VS Code extension (7.x) runs the Kilo CLI
// backend: the same plugin contract, folders and kilo.json as kilo-cli. Its module is Kilo CLI's
// (`sharesModuleOf`): installing for both ids at one scope writes one file and records both.
export default defineOpencodeFamilyAdapter({
  id: "kilo",
  name: "Kilo Code",
  sources: [
    "https://kilo.ai/docs/automate/extending/plugins (applies to the VS Code extension and the CLI)",
    "https://github.com/Kilo-Org/kilocode",
    "https://github.com/Kilo-Org/kilocode/tree/main/packages/opencode/src/tool (the backend's tools, as for kilo-cli)",
  ],
  verified: [{ by: "docs", on: "2026-11" }],
  configName: "kilo",
  folders: KILO_PLUGIN_FOLDERS,
  sharesModuleOf: "kilo-cli",
  // The extension's agent is the Kilo CLI backend: its tools, not the legacy extension's read_file etc.
  tools: KILO_TOOLS,
  detect: { dirs: extensionStorage, bins: [] },
});
