import { ADAPTERS } from "../../../adapters/index.ts";
import { readRegistry } from "../../registry/read.ts";
import { VERSION } from "../../version.ts";
import { readText } from "../../host-config/files.ts";
import { applyEdits } from "../apply.ts";
import { generatePluginModule, generatorVersion, readPluginModule } from "../plugin-module/generate.ts";
import { writePluginRuntime } from "../plugin-module/runtime.ts";

export interface RefreshedModule {
  connector: string;
  platform: string;
  file: string;
  /** The agent-connector version that generated the module before. */
  from: string;
  to: string;
}

/**
 * Plugin modules carry the code of the binary that generated them (src/install/plugin-module/):
 * after an upgrade, every module a registry install points at whose generator version is not
 * this binary's is generated again from the settings it holds (its command, events, matchers
 * stay as installed). Runs under the install lock; files go through apply (backups, dry-run).
 */
export async function refreshPluginModules(dryRun: boolean): Promise<RefreshedModule[]> {
  const registry = await readRegistry();
  const refreshed: RefreshedModule[] = [];
  for (const [connector, entry] of Object.entries(registry)) {
    for (const install of entry.installs) {
      const adapter = ADAPTERS.find((a) => a.id === install.platform);
      if (adapter?.hooks.kind !== "plugin-module") continue;
      const text = readText(install.file);
      const settings = text === null ? undefined : readPluginModule(text);
      const from = text === null ? undefined : generatorVersion(text);
      if (!settings || !from || from === VERSION || settings.connector !== connector) continue;
      const module = generatePluginModule(adapter, adapter.hooks.module, settings);
      const [change] = applyEdits([{ kind: "plugin-module", file: install.file, connectorId: connector, module }], "install", dryRun);
      if (!dryRun) writePluginRuntime();
      if (change?.changed) refreshed.push({ connector, platform: install.platform, file: install.file, from, to: VERSION });
    }
  }
  return refreshed;
}
