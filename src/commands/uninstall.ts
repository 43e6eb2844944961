import { findAdapter } from "../../adapters/index.ts";
import { applyEdits, splitChanges, type CompanionResult } from "../install/apply.ts";
import { deliveredFile, planUninstall } from "../install/plan.ts";
import { mcpFile, mcpOwners, mcpUninstallEdit, serversByFile, sharedOwners } from "../install/mcp/plan.ts";
import type { ServerChange } from "../install/edits/mcp-servers.ts";
import type { Scope } from "../adapter.ts";
import { readRegistry } from "../registry/read.ts";
import { writeRegistry } from "../registry/write.ts";
import { removeCompiled } from "../install/compile-connector.ts";
import type { InstallRecord } from "../registry/types.ts";
import { HostConfigError } from "../host-config/errors.ts";
import { knownInvocations } from "../install/command-line.ts";
import { withInstallLock } from "../install/lock.ts";
import { idSchema } from "../config/hook-call-schema.ts";
import * as v from "valibot";
import { agentArgs, configArgs, dryRunArgs, EXIT, jsonArgs, targetArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { AdminError, UsageError } from "./_fail.ts";
import { adminProblem, retractManaged } from "../install/managed/deploy.ts";
import { lockSetting, replaceLocks, unlockEdits } from "../install/managed/locks.ts";
import { loadConfigArg, parseScope, pathContext, selectAdapters } from "./_targets.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";

const args = {
  connector: { type: "string", description: "Connector id to remove (or --config to read it from the config)" },
  ...configArgs,
  platform: { ...targetArgs.platform, description: "Host id(s), comma-separated; default: every host the connector was installed into" },
  scope: { type: "string", description: "user, project or managed; default: every scope it was installed into" },
  "project-dir": targetArgs["project-dir"],
  ...agentArgs,
  ...dryRunArgs,
  ...jsonArgs,
} as const;

interface UninstallResult extends InstallRecord {
  name: string;
  status: "removed" | "would-change" | "not-found" | "error";
  /** Hooks taken out. */
  removed: number;
  diff?: string;
  error?: string;
  companions?: CompanionResult[];
  warnings?: string[];
  /** The MCP part: the host's MCP file, the servers of ours taken out of it, and those left for another host of this connector that reads the same file. */
  mcp?: { file: string; removed: string[]; kept?: { servers: string[]; by: string[] }; diff?: string };
  /** The locks install --lock set for this host: taken out, or why one stays. */
  locks?: { setting: string; file: string; status: "removed" | "locked-by-another" | "set-before-us" }[];
}

/** One host and scope to take the connector out of: its recorded hook file and MCP file. */
interface Target {
  platform: string;
  scope: Scope;
  hooks?: InstallRecord;
  mcp?: InstallRecord;
}

function groupTargets(records: readonly InstallRecord[]): Target[] {
  const targets: Target[] = [];
  for (const record of records) {
    const scope = parseScope(record.scope);
    let target = targets.find((t) => t.platform === record.platform && t.scope === scope);
    if (!target) targets.push((target = { platform: record.platform, scope }));
    if (record.part === "mcp") target.mcp = record;
    else target.hooks = record;
  }
  return targets;
}

async function connectorId(values: { connector?: string; config?: string }): Promise<string> {
  if (values.connector) {
    if (!v.is(idSchema, values.connector))
      throw new UsageError(`--connector "${values.connector}" is not a connector id (lowercase letters, digits and dashes; see agent-connector status)`);
    return values.connector;
  }
  if (values.config) return (await loadConfigArg(values.config)).config.id;
  throw new UsageError("name the connector: --connector <id> (see agent-connector status)");
}

export default defineAcCommand({
  meta: { name: "uninstall", description: "Remove a connector's hooks and MCP servers from host configs, leaving everything else as it was" },
  args,
  async run({ args: values, json }) {
    const dryRun = Boolean(values["dry-run"]);
    const id = await connectorId(values);
    const paths = pathContext(values["project-dir"], values.agent);
    let retracted: string[] = [];
    const results = await withInstallLock(
      async () => {
        const registry = await readRegistry();
        const invocations = knownInvocations(registry);
        const recorded = registry[id]?.installs ?? [];

        // Targets: what the registry recorded, narrowed by --platform/--scope; or, when those name
        // a host and scope the registry does not know, that host's files for that scope.
        const scope = values.scope ? parseScope(values.scope) : undefined;
        const platforms = values.platform ? selectAdapters(values.platform, paths).map((a): string => a.id) : undefined;
        const chosen = recorded.filter((r) => (!platforms || platforms.includes(r.platform)) && (!scope || r.scope === scope));
        let targets = groupTargets(chosen);
        if (!targets.length && platforms) {
          targets = platforms.flatMap((platform) => {
            const file = deliveredFile(findAdapter(platform)!, scope ?? "user", paths, id);
            return file ? [{ platform, scope: scope ?? "user", hooks: { platform, scope: scope ?? "user", file } }] : [];
          });
        }
        if (!targets.length) throw new UsageError(`connector "${id}" is not installed${platforms ? ` for ${platforms.join(", ")}` : ""}`);
        const admin = targets.some((t) => t.scope === "managed") && !dryRun ? adminProblem() : undefined;
        if (admin) throw new AdminError(admin);
        const owners = sharedOwners(mcpOwners(registry, id), { keptBy: serversByFile(recorded.filter((r) => !chosen.includes(r))) });

        const results = targets.map((target): UninstallResult => {
          const adapter = findAdapter(target.platform);
          const where = target.hooks ?? target.mcp!;
          if (!adapter) return { ...where, name: target.platform, status: "error", removed: 0, error: `unknown host "${target.platform}" in the registry` };
          // Hooks and MCP servers may share a file (Gemini's settings.json): both parts are planned
          // there, so that the file's original bytes come back only when neither keeps entries of ours.
          const hookFile =
            target.hooks?.file ?? (target.mcp && deliveredFile(adapter, target.scope, paths, id) === target.mcp.file ? target.mcp.file : undefined);
          const mcpPath = target.mcp?.file ?? (hookFile && mcpFile(adapter, target.scope, paths) === hookFile ? hookFile : undefined);
          // A module another host of this connector still loads (Kilo Code and Kilo CLI share one) stays.
          const sharedBy = recorded.find((r) => r.part !== "mcp" && r.file === hookFile && !chosen.includes(r));
          const hookEdits = hookFile && !sharedBy ? planUninstall(adapter, id, target.scope, hookFile, paths, invocations) : [];
          const mcpEdit = mcpPath ? [mcpUninstallEdit(adapter, mcpPath, id, owners)] : [];
          // Locks go with the managed hooks they were set for (after them: the hooks' file may get its original bytes back first).
          const unlocks = target.scope === "managed" && target.hooks ? unlockEdits(adapter, registry, id) : [];
          try {
            const changes = applyEdits([...hookEdits, ...mcpEdit, ...unlocks], "uninstall", dryRun);
            const { own, companions } = splitChanges(changes.slice(0, hookEdits.length));
            const mcpChange = mcpPath ? changes[hookEdits.length] : undefined;
            const servers = ((mcpChange?.details?.servers ?? []) as ServerChange[]).map((c) => c.name);
            // Another host of this connector still reads this MCP file (Claude Code's and CodeBuddy's project .mcp.json).
            const keptFor = recorded.filter((r) => r.part === "mcp" && r.file === mcpPath && !chosen.includes(r));
            const kept = keptFor.length
              ? { servers: [...new Set(keptFor.flatMap((r) => r.servers ?? []))], by: keptFor.map((r) => findAdapter(r.platform)?.name ?? r.platform) }
              : undefined;
            const extra = {
              ...(target.hooks && own.diff ? { diff: own.diff } : {}),
              ...(companions.length ? { companions } : {}),
              ...(own.warnings.length || sharedBy || mcpChange?.warnings.length
                ? {
                    warnings: [
                      ...own.warnings,
                      ...(mcpChange?.warnings ?? []),
                      ...(sharedBy
                        ? [
                            `${adapter.name} (${target.scope}): ${tilde(hookFile!, paths.home)} stays, ${findAdapter(sharedBy.platform)?.name ?? sharedBy.platform} loads it too`,
                          ]
                        : []),
                    ],
                  }
                : {}),
              ...(mcpPath ? { mcp: { file: mcpPath, removed: servers, ...(kept ? { kept } : {}), ...(mcpChange?.diff ? { diff: mcpChange.diff } : {}) } } : {}),
              ...(unlocks.length
                ? { locks: unlocks.map((e) => ({ setting: lockSetting(e.format, e.key, e.value), file: e.file, status: e.keep ?? ("removed" as const) })) }
                : {}),
            };
            const removed = own.removed;
            return { ...where, name: adapter.name, status: removed || servers.length ? (dryRun ? "would-change" : "removed") : "not-found", removed, ...extra };
          } catch (error) {
            if (!(error instanceof HostConfigError)) throw error;
            return { ...where, name: adapter.name, status: "error", removed: 0, error: error.message };
          }
        });

        if (!dryRun) {
          const done = (r: InstallRecord) => results.some((x) => x.platform === r.platform && x.scope === r.scope && x.status !== "error");
          const remaining = recorded.filter((r) => !chosen.includes(r) || !done(r));
          const unlocked = results.filter((r) => r.scope === "managed" && r.status !== "error" && r.part !== "mcp").map((r) => r.platform);
          const locks = replaceLocks(registry[id]?.locks ?? [], unlocked, []);
          if (remaining.length) registry[id] = { ...registry[id]!, installs: remaining, ...(locks.length ? { locks } : { locks: undefined }) };
          else delete registry[id];
          writeRegistry(registry);
          if (!registry[id]) removeCompiled(id);
          // The system copies go with the connector's last managed install (the binary with the last connector's).
          if (chosen.some((r) => r.scope === "managed") && !registry[id]?.installs.some((r) => r.scope === "managed")) retracted = retractManaged(id);
        }
        return results;
      },
      { dryRun },
    );

    const failed = results.some((r) => r.status === "error");
    if (json) printJson({ ok: !failed, dryRun, connector: id, results, ...(retracted.length ? { managedRemoved: retracted } : {}) });
    else {
      if (retracted.length) ui.success(`removed the managed copies: ${retracted.join(", ")}`);
      for (const r of results) {
        if (dryRun && r.diff) printStdout(r.diff);
        const where = tilde(r.file, paths.home);
        const hooks = r.part !== "mcp";
        if (r.status === "error") ui.error(`${r.name} (${r.scope}): ${r.error}`);
        else if (hooks && !r.removed) ui.info(`${r.name} (${r.scope}) ${where}: no hooks of ${id} found`);
        else if (hooks) ui.success(`${r.name} (${r.scope}) ${where}: ${dryRun ? "would remove" : "removed"} ${r.removed} hook${r.removed === 1 ? "" : "s"}`);
        if (r.mcp && r.status !== "error") {
          if (dryRun && r.mcp.diff) printStdout(r.mcp.diff);
          const mcpWhere = tilde(r.mcp.file, paths.home);
          if (r.mcp.removed.length)
            ui.success(
              `${r.name} (${r.scope}) ${mcpWhere}: ${dryRun ? "would remove" : "removed"} MCP server${r.mcp.removed.length === 1 ? "" : "s"} ${r.mcp.removed.join(", ")}`,
            );
          else if (!r.mcp.kept) ui.info(`${r.name} (${r.scope}) ${mcpWhere}: no MCP servers of ${id} found`);
          if (r.mcp.kept)
            ui.info(
              `${r.name} (${r.scope}) ${mcpWhere}: MCP server${r.mcp.kept.servers.length === 1 ? "" : "s"} ${r.mcp.kept.servers.join(", ")} stay${r.mcp.kept.servers.length === 1 ? "s" : ""}: ${r.mcp.kept.by.join(", ")} read${r.mcp.kept.by.length === 1 ? "s" : ""} this file too`,
            );
        }
        for (const lock of r.locks ?? [])
          ui.info(
            `${r.name}: ${lock.setting} in ${lock.file} ${lock.status === "removed" ? (dryRun ? "would be taken out" : "taken out") : lock.status === "locked-by-another" ? "stays: another connector's managed install locks it too" : "stays: it was set before agent-connector locked it"}`,
          );
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
