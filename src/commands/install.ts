import { defineCommand } from "citty";
import { loadConnectorConfig } from "../config/load.ts";
import { planHost, type HostPlan } from "../install/plan.ts";
import { applyInstall, type FileChange } from "../install/apply.ts";
import { readRegistry, writeRegistry } from "../registry.ts";
import { HostConfigError } from "../host-config/errors.ts";
import { EXIT, sharedArgs, unknownFlags } from "./_args.ts";
import { fail, UsageError } from "./_fail.ts";
import { configPathFrom, parseScope, pathContext, selectAdapters } from "./_targets.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";

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
}

function hostResult(plan: HostPlan, change: FileChange | undefined, dryRun: boolean): HostResult {
  const { entries: _entries, ...rest } = plan;
  const status = !change ? "nothing-to-install" : !change.changed ? "unchanged" : dryRun ? "would-change" : "installed";
  return { ...rest, status, ...(change?.diff ? { diff: change.diff } : {}) };
}

function report(results: HostResult[], dryRun: boolean, home: string): void {
  for (const r of results) {
    const where = r.file ? tilde(r.file, home) : "(no file)";
    if (r.status === "error") {
      ui.error(`${r.name} (${r.scope}): ${r.error}`);
      continue;
    }
    if (dryRun && r.diff) printStdout(r.diff);
    const events = r.wired.map((w) => `${w.event}${w.matcher === "runtime" ? " [run-time matcher]" : ""}`).join(", ");
    const verb = { installed: "installed", unchanged: "already up to date", "would-change": "would change", "nothing-to-install": "nothing installed" }[r.status];
    (r.wired.length ? ui.success : ui.info)(`${r.name} (${r.scope}) ${where}: ${verb}${events ? `: ${events}` : ""}`);
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

      const results: HostResult[] = adapters.map((adapter) => {
        const plan = planHost(adapter, config, scope, paths);
        try {
          return hostResult(plan, applyInstall(adapter, plan, config.id, dryRun), dryRun);
        } catch (error) {
          if (!(error instanceof HostConfigError)) throw error;
          return { ...hostResult(plan, undefined, dryRun), status: "error", error: error.message };
        }
      });

      if (!dryRun) {
        const registry = readRegistry();
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
