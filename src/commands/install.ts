import { loadConfigArg, parseScope, pathContext, selectAdapters } from "./_targets.ts";
import { configArgs, dryRunArgs, EXIT, jsonArgs, targetArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";
import { listCell, printTable } from "./_table.ts";
import { planHost, type HostPlan } from "../install/plan.ts";
import { applyEdits, companionResult, type CompanionResult, type FileChange } from "../install/apply.ts";
import { readRegistry } from "../registry/read.ts";
import { writeRegistry } from "../registry/write.ts";
import { HostConfigError } from "../host-config/errors.ts";
import { crossHostWarnings } from "../install/cross-host.ts";
import { EVENT_NAMES } from "../events.ts";
import { isDetected } from "../install/detect.ts";
import { withInstallLock } from "../install/lock.ts";
import { compileConnector, type CompileResult } from "../install/compile-connector.ts";
import { currentInvocation, knownInvocations } from "../install/command-line.ts";
import { adapterOf, isHostId } from "../../adapters/index.ts";
import { ConnectorConfigError } from "../config/errors.ts";
import type { ConnectorConfig } from "../events.ts";
import { UsageError } from "./_fail.ts";

/**
 * Why a connector has nothing for install to write, or undefined. (Hooks are the only thing a
 * connector installs today; whatever else it may declare later joins the check here.)
 */
function nothingToInstall(config: ConnectorConfig): string | undefined {
  const hooks = EVENT_NAMES.filter((event) => config.hooks?.[event]).length;
  const native = Object.values(config.platforms ?? {}).some((p) => Object.keys(p.nativeHooks ?? {}).length);
  return hooks || native ? undefined : "nothing to install: the connector declares no hooks. Add one under hooks (e.g. PreToolUse: { handler: … }); agent-connector init writes an example.";
}

export interface HostResult extends Omit<HostPlan, "edits"> {
  status: "installed" | "unchanged" | "would-change" | "nothing-to-install" | "error";
  diff?: string;
  error?: string;
  companions?: CompanionResult[];
}

function hostResult(plan: HostPlan, changes: FileChange[], dryRun: boolean): HostResult {
  const { edits: _edits, ...rest } = plan;
  const [own, ...others] = changes;
  const changed = changes.some((c) => c.changed);
  const nothing = !own || (own.before === null && own.after === null);
  const status = nothing ? "nothing-to-install" : !changed ? "unchanged" : dryRun ? "would-change" : "installed";
  const warnings = [...rest.warnings, ...changes.flatMap((c) => c.warnings)];
  return { ...rest, warnings, status, ...(own?.diff ? { diff: own.diff } : {}), ...(others.length ? { companions: others.map(companionResult) } : {}) };
}

const STATUS = { installed: "installed", unchanged: "already up to date", "would-change": "would change", "nothing-to-install": "nothing installed", error: "error" } as const;

/** One summary table (host, scope, events wired / unavailable, degradations), then the details. */
function report(results: HostResult[], dryRun: boolean, home: string): void {
  for (const r of results) {
    if (dryRun && r.diff) printStdout(r.diff);
    for (const c of r.companions ?? []) if (dryRun && c.diff) printStdout(c.diff);
  }
  const wired = (r: HostResult) => r.wired.map((w) => `${w.event}${w.matcher === "runtime" ? " (run-time matcher)" : ""}`);
  printTable(
    [
      ["host", "scope", "file", "status", "wired", "unavailable", "degradations"],
      ...results.map((r) => [r.name, r.scope, r.file ? tilde(r.file, home) : "-", STATUS[r.status], listCell(wired(r)), listCell(r.unavailable), String(r.degradations.length)]),
    ],
    2,
  );
  for (const r of results) {
    if (r.status === "error") {
      ui.error(`${r.name} (${r.scope}): ${r.error}`);
      continue;
    }
    for (const note of (r.companions ?? []).flatMap((c) => c.notes)) ui.info(note);
    for (const warning of r.warnings) ui.warn(warning);
    for (const d of r.degradations.filter((d) => d.certain)) ui.warn(`${r.name} ${d.event}: ${d.from} → ${d.to}`);
  }
  // What a handler might return is open: one line, and `explain` has the matrix.
  const possible = results.filter((r) => r.status !== "error" && r.degradations.some((d) => !d.certain));
  if (possible.length) ui.info(`If your handlers return them, some responses degrade on ${possible.map((r) => r.name).join(", ")}: agent-connector explain shows which.`);
}

export default defineAcCommand({
  meta: { name: "install", description: "Write a connector's hooks into each host's own config" },
  args: {
    ...configArgs,
    ...targetArgs,
    replace: { type: "boolean", description: "Take over a connector id installed from another config file (its hooks then run this config)" },
    ...dryRunArgs,
    ...jsonArgs,
  },
  async run({ args, json }) {
    const dryRun = Boolean(args["dry-run"]);
    const scope = parseScope(args.scope);
    const paths = pathContext(args["project-dir"]);
    const { path: configPath, config } = await loadConfigArg(args.config);
    const adapters = selectAdapters(args.platform, paths);
    const nothing = nothingToInstall(config);
    if (nothing) throw new ConnectorConfigError(configPath, "", nothing);
    let compiled: CompileResult | undefined;
    const results = await withInstallLock(async () => {
      const registry = await readRegistry();
      const owner = registry[config.id]?.config;
      if (owner && owner !== configPath && !args.replace) {
        throw new UsageError(`connector id "${config.id}" is already installed from ${owner}; installing ${configPath} would make its hooks run this config instead. Give this connector another id, or pass --replace to take it over.`);
      }
      const invocations = knownInvocations(registry);
      const installed = (registry[config.id]?.installs ?? []).flatMap((r) => (isHostId(r.platform) ? [{ platform: r.platform, scope: parseScope(r.scope) }] : []));
      const declared = EVENT_NAMES.filter((event) => config.hooks?.[event]);
      const crossHost = crossHostWarnings(adapters.map((a) => ({ platform: a.id, scope })), installed, (id) => isDetected(adapterOf(id), paths), declared);

      const results: HostResult[] = adapters.map((adapter) => {
        const plan = planHost(adapter, config, scope, paths, invocations);
        plan.warnings.push(...crossHost.filter((w) => w.target.platform === adapter.id).map((w) => w.message));
        try {
          return hostResult(plan, applyEdits(plan.edits, "install", dryRun), dryRun);
        } catch (error) {
          if (!(error instanceof HostConfigError)) throw error;
          return { ...hostResult(plan, [], dryRun), status: "error", error: error.message };
        }
      });

      if (!dryRun) {
        const previous = registry[config.id]?.installs ?? [];
        const invocation = currentInvocation();
        const fresh = results.filter((r) => r.file && r.status !== "error").map((r) => ({ platform: r.platform, scope: r.scope, file: r.file!, invocation }));
        const installs = [...previous.filter((p) => !fresh.some((f) => f.file === p.file && f.platform === p.platform)), ...fresh];
        registry[config.id] = { config: configPath, installs };
        writeRegistry(registry);
        compiled = await compileConnector(configPath, config);
      }
      return results;
    }, { dryRun });

    const failed = results.some((r) => r.status === "error");
    if (json) printJson({ ok: !failed, dryRun, connector: config.id, config: configPath, ...(compiled ? { compiled } : {}), results });
    else {
      report(results, dryRun, paths.home);
      if (compiled && !compiled.ok) ui.warn(`${tilde(configPath, paths.home)} cannot be compiled (${compiled.reason}): hook calls load the source on each call, which is slower`);
    }
    return failed ? EXIT.hostConfig : EXIT.ok;
  },
});
