import { defineCommand } from "citty";
import { findAdapter } from "../../adapters/index.ts";
import { loadConnectorConfig } from "../config/load.ts";
import { applyUninstall, type CompanionResult } from "../install/apply.ts";
import { readRegistry, type InstallRecord } from "../registry.ts";
import { writeRegistry } from "../install/registry-write.ts";
import { HostConfigError } from "../host-config/errors.ts";
import { pluginFilePath } from "../plugin/generate.ts";
import { EXIT, sharedArgs, unknownFlags } from "./_args.ts";
import { fail, UsageError } from "./_fail.ts";
import { parseScope, pathContext, selectAdapters } from "./_targets.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";

const args = {
  connector: { type: "string", description: "Connector id to remove (or --config to read it from the config)" },
  config: sharedArgs.config,
  platform: { type: "string", description: "Host id(s), comma-separated; default: every host the connector was installed into" },
  scope: { type: "string", description: "user or project; default: every scope it was installed into" },
  "project-dir": sharedArgs["project-dir"],
  "dry-run": sharedArgs["dry-run"],
  json: sharedArgs.json,
} as const;

async function connectorId(values: { connector?: string; config?: string }): Promise<string> {
  if (values.connector) return values.connector;
  if (values.config) return (await loadConnectorConfig(values.config)).id;
  throw new UsageError("name the connector: --connector <id> (see agent-connector list)");
}

export default defineCommand({
  meta: { name: "uninstall", description: "Remove a connector's hooks from host configs, leaving everything else as it was" },
  args,
  async run({ args: values }) {
    const json = Boolean(values.json);
    try {
      const unknown = unknownFlags(values, args);
      if (unknown.length) throw new UsageError(`unknown option ${unknown.join(", ")}; see agent-connector uninstall --help`);
      const dryRun = Boolean(values["dry-run"]);
      const id = await connectorId(values);
      const paths = pathContext(values["project-dir"]);
      const registry = await readRegistry();
      const recorded = registry[id]?.installs ?? [];

      // Targets: what the registry recorded, narrowed by --platform/--scope; or, when those name
      // a host and scope the registry does not know, that host's file for that scope.
      const scope = values.scope ? parseScope(values.scope) : undefined;
      const platforms = values.platform ? selectAdapters(values.platform, paths).map((a) => a.id) : undefined;
      let targets = recorded.filter((r) => (!platforms || platforms.includes(r.platform)) && (!scope || r.scope === scope));
      if (!targets.length && platforms) {
        targets = platforms.flatMap((platform) => {
          const adapter = findAdapter(platform)!;
          const locate = adapter.hookFile?.scopes[scope ?? "user"];
          const file = locate ? locate(paths, id) : pluginFilePath(adapter, scope ?? "user", paths, id);
          return file ? [{ platform, scope: scope ?? "user", file }] : [];
        });
      }
      if (!targets.length) throw new UsageError(`connector "${id}" is not installed${platforms ? ` for ${platforms.join(", ")}` : ""}`);

      interface UninstallResult extends InstallRecord {
        name: string;
        status: "removed" | "would-change" | "not-found" | "error";
        removed: number;
        diff?: string;
        error?: string;
        companions?: CompanionResult[];
      }
      const results = targets.map((target): UninstallResult => {
        const adapter = findAdapter(target.platform)!;
        try {
          const change = applyUninstall(adapter, target.file, id, dryRun, { paths, scope: parseScope(target.scope) });
          const extra = { ...(change.diff ? { diff: change.diff } : {}), ...(change.companions ? { companions: change.companions } : {}) };
          return { ...target, name: adapter.name, status: change.removed ? (dryRun ? "would-change" : "removed") : "not-found", removed: change.removed, ...extra };
        } catch (error) {
          if (!(error instanceof HostConfigError)) throw error;
          return { ...target, name: adapter.name, status: "error", removed: 0, error: error.message };
        }
      });

      if (!dryRun) {
        const done = (r: InstallRecord) => results.some((x) => x.file === r.file && x.platform === r.platform && x.status !== "error");
        const remaining = recorded.filter((r) => !done(r));
        if (remaining.length) registry[id] = { ...registry[id]!, installs: remaining };
        else delete registry[id];
        writeRegistry(registry);
      }

      const failed = results.some((r) => r.status === "error");
      if (json) printJson({ ok: !failed, dryRun, connector: id, results });
      else {
        for (const r of results) {
          if (dryRun && r.diff) printStdout(r.diff);
          const where = tilde(r.file, paths.home);
          if (r.status === "error") ui.error(`${r.name} (${r.scope}): ${r.error}`);
          else if (r.status === "not-found") ui.info(`${r.name} (${r.scope}) ${where}: no hooks of ${id} found`);
          else ui.success(`${r.name} (${r.scope}) ${where}: ${dryRun ? "would remove" : "removed"} ${r.removed} hook${r.removed === 1 ? "" : "s"}`);
          for (const c of r.companions ?? []) {
            if (dryRun && c.diff) printStdout(c.diff);
            for (const note of c.notes) ui.info(note);
            for (const warning of c.warnings) ui.warn(warning);
          }
        }
      }
      if (failed) process.exit(EXIT.hostConfig);
    } catch (error) {
      fail(error, json);
    }
  },
});
