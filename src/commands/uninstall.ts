import { findAdapter } from "../../adapters/index.ts";
import { applyEdits, companionResult, type CompanionResult } from "../install/apply.ts";
import { deliveredFile, planUninstall } from "../install/plan.ts";
import { readRegistry } from "../registry/read.ts";
import { writeRegistry } from "../registry/write.ts";
import { removeCompiled } from "../install/compile-connector.ts";
import type { InstallRecord } from "../registry/types.ts";
import { HostConfigError } from "../host-config/errors.ts";
import { knownInvocations } from "../install/command-line.ts";
import { withInstallLock } from "../install/lock.ts";
import { idSchema } from "../config/hook-call-schema.ts";
import * as v from "valibot";
import { configArgs, dryRunArgs, EXIT, jsonArgs, targetArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { UsageError } from "./_fail.ts";
import { loadConfigArg, parseScope, pathContext, selectAdapters } from "./_targets.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";

const args = {
  connector: { type: "string", description: "Connector id to remove (or --config to read it from the config)" },
  ...configArgs,
  platform: { ...targetArgs.platform, description: "Host id(s), comma-separated; default: every host the connector was installed into" },
  scope: { type: "string", description: "user or project; default: every scope it was installed into" },
  "project-dir": targetArgs["project-dir"],
  ...dryRunArgs,
  ...jsonArgs,
} as const;

interface UninstallResult extends InstallRecord {
  name: string;
  status: "removed" | "would-change" | "not-found" | "error";
  removed: number;
  diff?: string;
  error?: string;
  companions?: CompanionResult[];
  warnings?: string[];
}

async function connectorId(values: { connector?: string; config?: string }): Promise<string> {
  if (values.connector) {
    if (!v.is(idSchema, values.connector)) throw new UsageError(`--connector "${values.connector}" is not a connector id (lowercase letters, digits and dashes; see agent-connector status)`);
    return values.connector;
  }
  if (values.config) return (await loadConfigArg(values.config)).config.id;
  throw new UsageError("name the connector: --connector <id> (see agent-connector status)");
}

export default defineAcCommand({
  meta: { name: "uninstall", description: "Remove a connector's hooks from host configs, leaving everything else as it was" },
  args,
  async run({ args: values, json }) {
    const dryRun = Boolean(values["dry-run"]);
    const id = await connectorId(values);
    const paths = pathContext(values["project-dir"]);
    const results = await withInstallLock(async () => {
      const registry = await readRegistry();
      const invocations = knownInvocations(registry);
      const recorded = registry[id]?.installs ?? [];

      // Targets: what the registry recorded, narrowed by --platform/--scope; or, when those name
      // a host and scope the registry does not know, that host's file for that scope.
      const scope = values.scope ? parseScope(values.scope) : undefined;
      const platforms = values.platform ? selectAdapters(values.platform, paths).map((a): string => a.id) : undefined;
      let targets = recorded.filter((r) => (!platforms || platforms.includes(r.platform)) && (!scope || r.scope === scope));
      if (!targets.length && platforms) {
        targets = platforms.flatMap((platform) => {
          const file = deliveredFile(findAdapter(platform)!, scope ?? "user", paths, id);
          return file ? [{ platform, scope: scope ?? "user", file }] : [];
        });
      }
      if (!targets.length) throw new UsageError(`connector "${id}" is not installed${platforms ? ` for ${platforms.join(", ")}` : ""}`);

      const results = targets.map((target): UninstallResult => {
        const adapter = findAdapter(target.platform);
        if (!adapter) return { ...target, name: target.platform, status: "error", removed: 0, error: `unknown host "${target.platform}" in the registry` };
        try {
          const [own, ...others] = applyEdits(planUninstall(adapter, id, parseScope(target.scope), target.file, paths, invocations), "uninstall", dryRun);
          const extra = { ...(own?.diff ? { diff: own.diff } : {}), ...(others.length ? { companions: others.map(companionResult) } : {}), ...(own?.warnings.length ? { warnings: own.warnings } : {}) };
          const removed = own?.removed ?? 0;
          return { ...target, name: adapter.name, status: removed ? (dryRun ? "would-change" : "removed") : "not-found", removed, ...extra };
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
        if (!registry[id]) removeCompiled(id);
      }
      return results;
    }, { dryRun });

    const failed = results.some((r) => r.status === "error");
    if (json) printJson({ ok: !failed, dryRun, connector: id, results });
    else {
      for (const r of results) {
        if (dryRun && r.diff) printStdout(r.diff);
        const where = tilde(r.file, paths.home);
        if (r.status === "error") ui.error(`${r.name} (${r.scope}): ${r.error}`);
        else if (r.status === "not-found") ui.info(`${r.name} (${r.scope}) ${where}: no hooks of ${id} found`);
        else ui.success(`${r.name} (${r.scope}) ${where}: ${dryRun ? "would remove" : "removed"} ${r.removed} hook${r.removed === 1 ? "" : "s"}`);
        for (const warning of r.warnings ?? []) ui.warn(warning);
        for (const c of r.companions ?? []) {
          if (dryRun && c.diff) printStdout(c.diff);
          for (const note of c.notes) ui.info(note);
          for (const warning of c.warnings) ui.warn(warning);
        }
      }
    }
    return failed ? EXIT.hostConfig : EXIT.ok;
  },
});
