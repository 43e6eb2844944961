import { ADAPTERS } from "../../adapters/index.ts";
import { EVENT_NAMES, type EventName } from "../events.ts";
import { hasScope, noticeFor, planHost, type HostPlan, type WiredEvent } from "../install/plan.ts";
import { configArgs, jsonArgs, targetArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { loadConfigArg, parseScope, pathContext } from "./_targets.ts";
import { knownInvocations } from "../install/command-line.ts";
import { readRegistry } from "../registry/read.ts";
import { printJson, printStdout } from "./_output.ts";
import { listCell, printTable } from "./_table.ts";

const args = {
  ...configArgs,
  scope: { ...targetArgs.scope, description: "Plan for this scope where a host has it, else for its other one" },
  "project-dir": targetArgs["project-dir"],
  ...jsonArgs,
} as const;

const MATCHER = { native: "wired, native matcher", runtime: "wired, run-time matcher", all: "wired" } as const;

function cell(plan: HostPlan, event: string): string {
  const wired = plan.wired.find((w: WiredEvent) => w.event === event && !w.native);
  if (!wired) return "unavailable";
  return `${MATCHER[wired.matcher]}${plan.degradations.some((d) => d.event === event) ? " *" : ""}`;
}

export default defineAcCommand({
  meta: { name: "explain", description: "Show what a connector becomes on every known host: wired events (native or run-time matcher), unavailable ones, degradations. Writes nothing." },
  args,
  async run({ args: values, json }) {
    const scope = parseScope(values.scope);
    const paths = pathContext(values["project-dir"]);
    const { path: configPath, config } = await loadConfigArg(values.config);
    const invocations = knownInvocations(await readRegistry());
    const events = EVENT_NAMES.filter((event) => config.hooks?.[event]);
    // The same planning as install, for every host; a host without the scope is planned for its other one.
    const plans = ADAPTERS.map((adapter) => {
      const fallback = scope === "user" ? "project" : "user";
      return { adapter, plan: planHost(adapter, config, hasScope(adapter, scope, paths, config.id) || !hasScope(adapter, fallback, paths, config.id) ? scope : fallback, paths, invocations) };
    });

    if (json) {
      const hosts = plans.map(({ adapter, plan: { edits: _edits, ...plan } }) => ({ ...plan, alsoRuns: adapter.alsoRuns ?? [], nativeHooks: adapter.nativeHooks }));
      return printJson({ connector: config.id, config: configPath, events, hosts });
    }
    printStdout(`${config.id} (${configPath}): ${events.length} event${events.length === 1 ? "" : "s"} on ${plans.length} hosts`);
    printTable([["host", "scope", ...events], ...plans.map(({ plan }) => [plan.platform, plan.scope, ...events.map((event) => cell(plan, event))])], 1);
    const native = plans.filter(({ plan }) => plan.wired.some((w) => w.native));
    for (const { plan } of native) printStdout(`native hooks on ${plan.platform}: ${listCell(plan.wired.filter((w) => w.native).map((w) => w.event))}`);
    for (const { plan } of plans) for (const skipped of plan.nativeSkipped) printStdout(`native hook ${skipped.event} not installed on ${plan.platform}: ${skipped.reason}`);
    const degraded = plans.flatMap(({ plan }) => plan.degradations.map((d) => [plan.platform, d.event, `${d.from} → ${d.to}`]));
    if (degraded.length) {
      printStdout("\n* degradations (what a response becomes where the host cannot honour it):");
      printTable([["host", "event", "degradation"], ...degraded], 1);
    }
    const notes = plans.flatMap(({ adapter, plan }) => plan.wired.flatMap((w) => {
      const note = w.native ? undefined : adapter.eventNotes?.[w.event as EventName];
      return note ? [[plan.platform, w.event, note]] : [];
    }));
    if (notes.length) {
      printStdout("\nnotes (what a host does with a wired event):");
      printTable([["host", "event", "note"], ...notes], 1);
    }
    const noNative = plans.filter(({ adapter }) => adapter.paradigm === "json-stdio" && !adapter.nativeHooks).map(({ adapter }) => adapter.id);
    if (noNative.length) printStdout(`\nno native hooks (platforms.<id>.nativeHooks) on: ${noNative.join(", ")}`);
    const notices = plans.flatMap(({ adapter, plan }) => {
      const notice = plan.file && noticeFor(adapter, plan.scope);
      return notice ? [`  ${adapter.id}: ${notice}`] : [];
    });
    if (notices.length) printStdout(`\nhost notes (files, trust, how far verified):\n${notices.join("\n")}`);
    const cross = plans.flatMap(({ adapter }) => (adapter.alsoRuns ?? []).map((a) => `${adapter.id} also runs ${a.platform}'s ${a.scopes.join(" and ")} hooks${a.when ? ` ${a.when}` : ""}`));
    if (cross.length) printStdout(`\ncross-host (one handler can fire under several hosts):\n${cross.map((line) => `  ${line}`).join("\n")}`);
  },
});
