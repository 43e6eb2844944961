import { ADAPTERS } from "../../adapters/index.ts";
import { EXTRAS } from "../dialects/extras.ts";
import { noManagedLayer } from "../install/managed/no-layer.ts";
import { EVENT_NAMES, type EventName } from "../events.ts";
import { hasScope, noticeFor, planHost, type HostPlan, type WiredEvent } from "../install/plan.ts";
import { configArgs, jsonArgs, targetArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { loadConfigArg, parseScope, pathContext } from "./_targets.ts";
import { hostsByNames } from "./_host-names.ts";
import { knownInvocations } from "../install/command-line.ts";
import { readRegistry } from "../registry/read.ts";
import { printJson, printStdout, tilde } from "./_output.ts";
import { failClosedOn, OURS_COVERS } from "../install/fail-closed-report.ts";
import type { Adapter, PathContext, Scope } from "../adapter.ts";
import { mcpFile, type McpPlan } from "../install/mcp/plan.ts";
import { MCP_FORMATS } from "../install/mcp/formats.ts";
import { listCell, printTable } from "./_table.ts";
import { toolsReport, toolsRow, TOOLS_HEADER } from "../tools/report.ts";
import { hasKinds } from "../core/matcher.ts";
import { switchLines, switchList } from "../install/host-switches.ts";
import { snapshotOfInstalled, withKeptSnapshots } from "../install/snapshot-note.ts";

const args = {
  ...configArgs,
  platform: { type: "string", description: "Only these hosts, comma-separated (default: every known host)" },
  scope: { ...targetArgs.scope, description: "Plan for this scope where a host has it, else for its other one" },
  "project-dir": targetArgs["project-dir"],
  tools: { type: "boolean", description: "Show each host's tools by kind (what @shell, @write… mean there); shown anyway when a matcher names a kind" },
  ...jsonArgs,
} as const;

/** The MCP part of a host as explain shows it, also when the connector declares no servers. */
function mcpReport(adapter: Adapter, plan: McpPlan | undefined, scope: Scope, paths: PathContext) {
  const spec = adapter.mcp;
  const format = spec ? MCP_FORMATS[spec.format] : undefined;
  const location = spec?.scopes[scope];
  return {
    scope,
    format: spec?.format ?? "-",
    file: mcpFile(adapter, scope, paths),
    ...(location && typeof location !== "function" ? { ui: location.ui } : {}),
    toolName: spec?.toolName ?? "",
    transports: format?.transports ?? [],
    variables: format?.variables ?? "-",
    servers: plan?.servers ?? [],
    warnings: plan?.warnings ?? [],
    ...(plan?.manualSteps ? { manualSteps: plan.manualSteps } : {}),
  };
}

const MATCHER = { native: "wired, native matcher", runtime: "wired, run-time matcher", all: "wired" } as const;

function cell(plan: HostPlan, event: string): string {
  const wired = plan.wired.find((w: WiredEvent) => w.event === event && !w.native);
  if (!wired) return "unavailable";
  return `${MATCHER[wired.matcher]}${plan.degradations.some((d) => d.event === event) ? " *" : ""}`;
}

/** Where a host's handlers run: a worker thread of the host's process (the binary where it cannot), the hook command, or nowhere. */
const HANDLERS = {
  "plugin-module": "in-process-worker",
  "hook-file": "hook-command",
  "hooks-folder": "hook-command",
  none: "none",
  unavailable: "none",
} as const;

export default defineAcCommand({
  meta: {
    name: "explain",
    description:
      "Show what a connector becomes on every known host (or those --platform names): wired events (native or run-time matcher), unavailable ones, degradations, and where its MCP servers are registered. Writes nothing.",
  },
  args,
  async run({ args: values, json }) {
    const scope = parseScope(values.scope);
    const paths = pathContext(values["project-dir"]);
    const registry = await readRegistry();
    const { path: configPath, config } = await loadConfigArg(values.config).catch((error) => {
      throw withKeptSnapshots(error, registry);
    });
    const invocations = knownInvocations(registry);
    // Installed: what its hook calls run now (status and doctor say the same).
    const snapshot = snapshotOfInstalled(registry, config.id);
    const events = EVENT_NAMES.filter((event) => config.hooks?.[event]);
    // The same planning as install, for every host; a host without the scope is planned for its other one.
    // MCP servers likewise: a host whose servers go to one scope only (Cline, Kimi) is shown there,
    // whatever scope its hooks take (Copilot for JetBrains: hooks in the project, servers in its UI).
    const fallback: Scope = scope === "user" ? "project" : "user";
    const adapters = values.platform ? hostsByNames(values.platform) : ADAPTERS;
    const plans = adapters.map((adapter) => {
      const plan = planHost(
        adapter,
        config,
        hasScope(adapter, scope, paths, config.id) || !hasScope(adapter, fallback, paths, config.id) ? scope : fallback,
        paths,
        invocations,
      );
      const mcpScope = adapter.mcp && !adapter.mcp.scopes[plan.scope] ? ([scope, fallback].find((s) => adapter.mcp!.scopes[s]) ?? plan.scope) : plan.scope;
      const mcp = mcpScope === plan.scope ? plan.mcp : planHost(adapter, config, mcpScope, paths, invocations, { only: "mcp" }).mcp;
      // --scope managed: a host without a machine-wide file is shown at its other scope, and says so.
      const noManaged = scope === "managed" && plan.scope !== "managed" ? noManagedLayer(adapter) : undefined;
      return { adapter, plan, noManaged, mcp: mcpReport(adapter, mcp, mcpScope, paths), mcpWarnings: mcp?.warnings ?? [] };
    });

    if (json) {
      const hosts = plans.map(({ adapter, mcp, noManaged, plan: { edits: _edits, mcp: _mcp, ...plan } }) => ({
        ...plan,
        ...(noManaged ? { noManagedLayer: noManaged } : {}),
        alsoRuns: adapter.alsoRuns ?? [],
        nativeHooks: adapter.nativeHooks,
        // Where handlers run: a worker thread of the host's process (the binary where it cannot), or the hook command.
        handlers: HANDLERS[adapter.hooks.kind],
        tools: toolsReport(adapter),
        // The host versions this adapter's facts were checked against (doctor compares the installed one).
        verified: adapter.verified,
        // What onFailure: "deny" covers on this host, and what it cannot.
        failClosed: failClosedOn(adapter, config, plan.wired) ?? null,
        hookSwitches: switchList(adapter, plan.scope, paths, config.id),
        mcp,
      }));
      return printJson({
        connector: config.id,
        config: configPath,
        events,
        mcpServers: Object.keys(config.mcpServers ?? {}),
        ...(snapshot ? { snapshot } : {}),
        hosts,
      });
    }
    printStdout(
      `${config.id} (${configPath}): ${events.length} event${events.length === 1 ? "" : "s"} on ${plans.length} host${plans.length === 1 ? "" : "s"}`,
    );
    if (snapshot) printStdout(`installed snapshot${snapshot.ok ? "" : " (see agent-connector status)"}: ${tilde(snapshot.detail, paths.home)}`);
    printTable([["host", "scope", ...events], ...plans.map(({ plan }) => [plan.platform, plan.scope, ...events.map((event) => cell(plan, event))])], 1);
    for (const { noManaged } of plans) if (noManaged) printStdout(`no managed layer: ${noManaged}`);
    const native = plans.filter(({ plan }) => plan.wired.some((w) => w.native));
    for (const { plan } of native) printStdout(`native hooks on ${plan.platform}: ${listCell(plan.wired.filter((w) => w.native).map((w) => w.event))}`);
    for (const { plan } of plans)
      for (const skipped of plan.nativeSkipped) printStdout(`native hook ${skipped.event} not installed on ${plan.platform}: ${skipped.reason}`);
    const degraded = plans.flatMap(({ plan }) => plan.degradations.map((d) => [plan.platform, d.event, `${d.from} → ${d.to}`]));
    if (degraded.length) {
      printStdout("\n* degradations (what a response becomes where the host cannot honour it):");
      printTable([["host", "event", "degradation"], ...degraded], 1);
    }
    // halt, systemMessage, suppressOutput: one row per host that does not honour them on every wired event.
    const extras = plans.filter(({ plan }) => plan.extras.length);
    if (extras.length) {
      const said = (plan: (typeof plans)[number]["plan"], field: string) => {
        const lost = plan.extras.find((e) => e.field === field);
        return !lost ? "yes" : lost.honouredOn.length ? `on ${lost.honouredOn.join(", ")}` : "no";
      };
      printStdout(
        "\nhalt, systemMessage, suppressOutput (if your handlers return them; elsewhere a halt is ignored and recorded, a message dropped, suppressOutput ignored):",
      );
      printTable([["host", "halt", "systemMessage", "suppressOutput"], ...extras.map(({ plan }) => [plan.platform, ...EXTRAS.map((f) => said(plan, f))])], 1);
    }
    const notes = plans.flatMap(({ adapter, plan }) =>
      plan.wired.flatMap((w) => {
        const note = w.native ? undefined : adapter.eventNotes?.[w.event as EventName];
        return note ? [[plan.platform, w.event, note]] : [];
      }),
    );
    if (notes.length) {
      printStdout("\nnotes (what a host does with a wired event):");
      printTable([["host", "event", "note"], ...notes], 1);
    }
    const matcherWarnings = plans.flatMap(({ plan }) => plan.matcherWarnings);
    if (matcherWarnings.length)
      printStdout(`\nmatchers that never run (fix the matcher, or name the host's tools):\n${matcherWarnings.map((w) => `  ${w}`).join("\n")}`);
    if (values.tools || events.some((event) => hasKinds(config.hooks?.[event]?.matcher))) {
      const hooked = plans.filter(({ adapter }) => adapter.paradigm !== "mcp-only" && adapter.hooks.kind !== "unavailable");
      printStdout("\ntools by kind (what @kind matches on each host; the handler's event.tool.kind):");
      printTable(
        [
          TOOLS_HEADER,
          ...hooked.flatMap(({ adapter }) => {
            const row = toolsRow(adapter);
            return row ? [row] : [];
          }),
        ],
        1,
      );
      for (const { adapter } of hooked) {
        const report = toolsReport(adapter);
        if (!report.known) printStdout(`  ${adapter.id}: tools unknown (${report.reason})`);
      }
    }
    const closed = plans.flatMap(({ adapter, plan }) => {
      const on = failClosedOn(adapter, config, plan.wired);
      return on ? [`  ${adapter.id}: ${on.host ? `${on.host}; ` : ""}not covered: ${on.cannot}`] : [];
    });
    if (closed.length) printStdout(`\nfail-closed (onFailure: "deny"): the hook denies on ${OURS_COVERS}.\n${closed.join("\n")}`);
    const pluginHosts = plans.filter(({ adapter }) => adapter.hooks.kind === "plugin-module").map(({ adapter }) => adapter.id);
    if (pluginHosts.length) {
      printStdout(
        `\nin-process on ${pluginHosts.join(", ")}: handlers run inside the host's process, in a worker thread (a busy loop costs its time budget, not the host);` +
          " a call goes to the agent-connector binary instead while the connector runs from its source (it cannot be compiled, or changed since install) or where the host's runtime cannot start the worker.",
      );
    }
    for (const { adapter } of plans)
      if (adapter.hooks.kind === "unavailable") printStdout(`\n${adapter.id} (${adapter.paradigm}) is not supported: ${adapter.hooks.reason}`);
    const noNative = plans.filter(({ adapter }) => adapter.paradigm === "json-stdio" && !adapter.nativeHooks).map(({ adapter }) => adapter.id);
    if (noNative.length) printStdout(`\nno native hooks (platforms.<id>.nativeHooks) on: ${noNative.join(", ")}`);
    const notices = plans.flatMap(({ adapter, plan }) => {
      const notice = plan.file && noticeFor(adapter, plan.scope);
      return notice ? [`  ${adapter.id}: ${notice}`] : [];
    });
    if (notices.length) printStdout(`\nhost notes (files, trust, how far verified):\n${notices.join("\n")}`);
    const switches = switchLines(
      plans.map(({ adapter, plan }) => ({ host: adapter.id, list: plan.file ? switchList(adapter, plan.scope, paths, config.id) : [] })),
      (path) => tilde(path, paths.home),
    );
    if (switches.length) printStdout(`\nhost switches (settings that turn these hooks off; status and doctor report them):\n${switches.join("\n")}`);
    const servers = Object.keys(config.mcpServers ?? {});
    if (!servers.length) printStdout("\nMCP servers: none declared (--json shows each host's MCP file, format and transports).");
    else printStdout("\nMCP servers (where each host registers them):");
    if (servers.length)
      printTable(
        [
          ["host", "scope", "mcp file", "format", "transports", "variables", "tool names", ...servers],
          ...plans.map(({ plan, mcp: m }) => {
            const status = (name: string) => m.servers.find((s) => s.name === name)?.status ?? "-";
            return [
              plan.platform,
              m.scope,
              m.file ? tilde(m.file, paths.home) : m.ui ? "(host UI)" : "-",
              m.format,
              m.transports.join(", ") || "-",
              m.variables,
              m.toolName || "-",
              ...servers.map((name) => (status(name) === "planned" ? "registered" : status(name))),
            ];
          }),
        ],
        1,
      );
    for (const { mcpWarnings } of plans) for (const warning of mcpWarnings) printStdout(`  ${warning}`);
    const cross = plans.flatMap(({ adapter }) =>
      (adapter.alsoRuns ?? []).map((a) => `${adapter.id} also runs ${a.platform}'s ${a.scopes.join(" and ")} hooks${a.when ? ` ${a.when}` : ""}`),
    );
    if (cross.length) printStdout(`\ncross-host (one handler can fire under several hosts):\n${cross.map((line) => `  ${line}`).join("\n")}`);
  },
});
