import { readRegistry } from "../registry/read.ts";
import { registryPath } from "../home.ts";
import { jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { printJson, printStdout, tilde } from "./_output.ts";
import { userHome } from "../paths.ts";

export default defineAcCommand({
  meta: { name: "list", description: "Show installed connectors: id, config file, and where each is installed (hooks and MCP servers)" },
  args: { ...jsonArgs },
  async run({ json }) {
    const registry = await readRegistry();
    if (json) return printJson({ registry: registryPath(), connectors: registry });
    const ids = Object.keys(registry);
    if (!ids.length) return printStdout(`No connectors installed (registry: ${tilde(registryPath(), userHome())}).`);
    for (const id of ids) {
      const entry = registry[id]!;
      printStdout(`${id}  ${tilde(entry.config, userHome())}`);
      for (const install of entry.installs) {
        const servers = install.part === "mcp" ? `  MCP servers: ${(install.servers ?? []).join(", ")}` : "";
        printStdout(`  ${install.platform} (${install.scope})  ${tilde(install.file, userHome())}${servers}`);
      }
    }
  },
});
