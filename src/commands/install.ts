import { defineCommand } from "citty";
import { loadConnectorConfig } from "../config/load.ts";
import { planHost, type HostPlan } from "../install/plan.ts";
import { applyInstall, type CompanionResult, type FileChange } from "../install/apply.ts";
import { readRegistry } from "../registry.ts";
import { writeRegistry } from "../install/registry-write.ts";
import { HostConfigError } from "../host-config/errors.ts";
import { EXIT, sharedArgs, unknownFlags } from "./_args.ts";
import { fail, UsageError } from "./_fail.ts";
import { configPathFrom, parseScope, pathContext, selectAdapters } from "./_targets.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";
import { listCell, printTable } from "./_table.ts";
import { crossHostWarnings } from "../install/cross-host.ts";
import { EVENT_NAMES } from "../events.ts";
import { isDetected } from "../install/detect.ts";
import { findAdapter } from "../../adapters/index.ts";
import type { Scope } from "../adapter.ts";

const args = {
  config: sharedArgs.config,
  platform: sharedArgs.platform,
  scope: sharedArgs.scope,
  "project-dir": sharedArgs["project-dir"],
  "dry-run": sharedArgs["dry-run"],
  json: sharedArgs.json,
} as const;

export interface HostResult extends Omit<HostPlan, "entries"> {
  status: "installed" | "unchanged" | "would-change" | "nothing-to-install" | "error";
  diff?: string;
  error?: string;
  /** Other files changed with the hook file, e.g. Codex's trust entries in config.toml. */
  companions?: CompanionResult[];
}

function hostResult(plan: HostPlan, change: FileChange | undefined, dryRun: boolean): HostResult {
  const { entries: _entries, ...rest } = plan;
  const status = !change ? "nothing-to-install" : !change.changed ? "unchanged" : dryRun ? "would-change" : "installed";
  const companions = change?.companions;
  const warnings = [...rest.warnings, ...(companions ?? []).flatMap((c) => c.warnings)];
  return { ...rest, warnings, status, ...(change?.diff ? { diff: change.diff } : {}), ...(companions ? { companions } : {}) };
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
    for (const d of r.degradations) ui.warn(`${r.name} ${d.event}: ${d.from} → ${d.to}`);
  }
}

export default defineCommand({
  meta: { name: "install", description: "Write a connector's hooks into each host's own config" },
  args,
  async run({ args: values }) {
    const json = Boolean(values.json);
    try {
      const unknown = unknownFlags(values, args);
      if (unknown.length) throw new UsageError(`unknown option ${unknown.join(", ")}; see agent-connector install --help`);
      const dryRun = Boolean(values["dry-run"]);
      const scope = parseScope(values.scope);
      const paths = pathContext(values["project-dir"]);
      const configPath = configPathFrom(values.config);
      const config = await loadConnectorConfig(configPath);
      const adapters = selectAdapters(values.platform, paths);
      const installed = ((await readRegistry())[config.id]?.installs ?? []).map((r) => ({ platform: r.platform, scope: r.scope as Scope }));
      const declared = EVENT_NAMES.filter((event) => config.hooks?.[event]);
      const crossHost = crossHostWarnings(adapters.map((a) => ({ platform: a.id, scope })), installed, (id) => isDetected(findAdapter(id)!, paths), declared);

      const results: HostResult[] = adapters.map((adapter) => {
        const plan = planHost(adapter, config, scope, paths);
        plan.warnings.push(...crossHost.filter((w) => w.target.platform === adapter.id).map((w) => w.message));
        try {
          return hostResult(plan, applyInstall(adapter, plan, config.id, dryRun, paths), dryRun);
        } catch (error) {
          if (!(error instanceof HostConfigError)) throw error;
          return { ...hostResult(plan, undefined, dryRun), status: "error", error: error.message };
        }
      });

      if (!dryRun) {
        const registry = await readRegistry();
        const previous = registry[config.id]?.installs ?? [];
        const fresh = results.filter((r) => r.file && r.status !== "error").map((r) => ({ platform: r.platform, scope: r.scope, file: r.file! }));
        const installs = [...previous.filter((p) => !fresh.some((f) => f.file === p.file && f.platform === p.platform)), ...fresh];
        registry[config.id] = { config: configPath, installs };
        writeRegistry(registry);
      }

      const failed = results.some((r) => r.status === "error");
      if (json) printJson({ ok: !failed, dryRun, connector: config.id, config: configPath, results });
      else report(results, dryRun, paths.home);
      if (failed) process.exit(EXIT.hostConfig);
    } catch (error) {
      fail(error, json);
    }
  },
});
