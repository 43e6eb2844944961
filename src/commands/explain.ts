import { defineCommand } from "citty";
import { ADAPTERS } from "../../adapters/index.ts";
import { EVENT_NAMES } from "../events.ts";
import { loadConnectorConfig } from "../config/load.ts";
import { planHost, type HostPlan, type WiredEvent } from "../install/plan.ts";
import { sharedArgs, unknownFlags } from "./_args.ts";
import { fail, UsageError } from "./_fail.ts";
import { configPathFrom, parseScope, pathContext } from "./_targets.ts";
import { printJson, printStdout } from "./_output.ts";
import { listCell, printTable } from "./_table.ts";

const args = {
  config: sharedArgs.config,
  scope: { type: "string", description: "Plan for this scope where a host has it, else for its other one", default: "user" },
  "project-dir": sharedArgs["project-dir"],
  json: sharedArgs.json,
} as const;

const MATCHER = { native: "wired, native matcher", runtime: "wired, run-time matcher", all: "wired" } as const;

function cell(plan: HostPlan, event: string): string {
  const wired = plan.wired.find((w: WiredEvent) => w.event === event && !w.native);
  if (!wired) return "unavailable";
  return `${MATCHER[wired.matcher]}${plan.degradations.some((d) => d.event === event) ? " *" : ""}`;
}

export default defineCommand({
  meta: { name: "explain", description: "Show what a connector becomes on every known host: wired events (native or run-time matcher), unavailable ones, degradations. Writes nothing." },
  args,
  async run({ args: values }) {
    const json = Boolean(values.json);
    try {
      const unknown = unknownFlags(values, args);
      if (unknown.length) throw new UsageError(`unknown option ${unknown.join(", ")}; see agent-connector explain --help`);
      const scope = parseScope(values.scope);
      const paths = pathContext(values["project-dir"]);
      const configPath = configPathFrom(values.config);
      const config = await loadConnectorConfig(configPath);
      const events = EVENT_NAMES.filter((event) => config.hooks?.[event]);
      // The same planning as install, for every host; a host without the scope is planned for its other one.
      const plans = ADAPTERS.map((adapter) => {
        const fallback = scope === "user" ? "project" : "user";
        return { adapter, plan: planHost(adapter, config, adapter.hookFile?.scopes[scope] || !adapter.hookFile?.scopes[fallback] ? scope : fallback, paths) };
      });

      if (json) {
        const hosts = plans.map(({ adapter, plan: { entries: _entries, ...plan } }) => ({ ...plan, alsoRuns: adapter.alsoRuns ?? [] }));
        return printJson({ connector: config.id, config: configPath, events, hosts });
      }
      printStdout(`${config.id} (${configPath}): ${events.length} event${events.length === 1 ? "" : "s"} on ${plans.length} hosts`);
      printTable([["host", "scope", ...events], ...plans.map(({ plan }) => [plan.platform, plan.scope, ...events.map((event) => cell(plan, event))])], 1);
      const native = plans.filter(({ plan }) => plan.wired.some((w) => w.native));
      for (const { plan } of native) printStdout(`native hooks on ${plan.platform}: ${listCell(plan.wired.filter((w) => w.native).map((w) => w.event))}`);
      const degraded = plans.flatMap(({ plan }) => plan.degradations.map((d) => [plan.platform, d.event, `${d.from} → ${d.to}`]));
      if (degraded.length) {
        printStdout("\n* degradations (what a response becomes where the host cannot honour it):");
        printTable([["host", "event", "degradation"], ...degraded], 1);
      }
      const cross = plans.flatMap(({ adapter }) => (adapter.alsoRuns ?? []).map((a) => `${adapter.id} also runs ${a.platform}'s ${a.scopes.join(" and ")} hooks${a.when ? ` ${a.when}` : ""}`));
      if (cross.length) printStdout(`\ncross-host (one handler can fire under several hosts):\n${cross.map((line) => `  ${line}`).join("\n")}`);
    } catch (error) {
      fail(error, json);
    }
  },
});
