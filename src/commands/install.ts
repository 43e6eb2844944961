import { configPathFrom, loadConfigArg, parseScope, pathContext, selectAdapters } from "./_targets.ts";
import { agentArgs, configArgs, dryRunArgs, EXIT, jsonArgs, targetArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { printJson, printStdout, tilde, ui } from "./_output.ts";
import { listCell, printTable } from "./_table.ts";
import { typeCheckHint } from "./_type-check.ts";
import { planEdits, planHost, type HostPlan, type Part } from "../install/plan.ts";
import { mcpOwners, sharedOwners, type McpPlan } from "../install/mcp/plan.ts";
import type { ServerChange } from "../install/edits/mcp-servers.ts";
import type { InstallRecord, LockRecord } from "../registry/types.ts";
import { UntrustedError, UsageError } from "./_fail.ts";
import { applyEdits, splitChanges, type CompanionResult, type FileChange } from "../install/apply.ts";
import { readRegistry } from "../registry/read.ts";
import { writeRegistry } from "../registry/write.ts";
import { HostConfigError } from "../host-config/errors.ts";
import { crossHostWarnings } from "../install/cross-host.ts";
import { hiddenUserFile } from "../install/shadowing.ts";
import { EVENT_NAMES } from "../events.ts";
import { isDetected } from "../install/detect.ts";
import { hostNotFoundWarning } from "./_host-not-found.ts";
import { withInstallLock } from "../install/lock.ts";
import { compileConnector, type CompileResult } from "../install/compile-connector.ts";
import { writePluginRuntime } from "../install/plugin-module/runtime.ts";
import { commandShell, currentInvocation, hookBinaryChoice, selfInvocation, knownInvocations } from "../install/command-line.ts";
import { isCompiled } from "../install/self/location.ts";
import { adapterOf, isHostId, type HostId } from "../../adapters/index.ts";
import { ConnectorConfigError } from "../config/errors.ts";
import { homeRefusal } from "../install/home-trust.ts";
import { sharedSourceRefusal, sourceProblem } from "../install/source-trust.ts";
import type { ConnectorConfig } from "../events.ts";
import { failClosedReport } from "../install/fail-closed-report.ts";
import { deploy, managedTarget, type ManagedTarget } from "./_managed.ts";
import { lockSetting, noLockWarning, planLocks, replaceLocks } from "../install/managed/locks.ts";
import { managedSnapshot } from "../install/managed/layout.ts";
import { readSnapshotFile } from "./_snapshot-file.ts";
import { resolve } from "node:path";

/**
 * Why a connector has nothing for install to write, or undefined. (Hooks and MCP servers are
 * what a connector installs.)
 */
function nothingToInstall(config: ConnectorConfig): string | undefined {
  const hooks = EVENT_NAMES.filter((event) => config.hooks?.[event]).length;
  const native = Object.values(config.platforms ?? {}).some((p) => Object.keys(p.nativeHooks ?? {}).length);
  const servers = Object.keys(config.mcpServers ?? {}).length;
  return hooks || native || servers
    ? undefined
    : "nothing to install: the connector declares no hooks and no MCP servers. Add one under hooks (e.g. PreToolUse: { handler: … }); agent-connector init writes an example.";
}

/** The MCP part of a host's result: where, in what format, and what became of each server. */
export type McpResult = Omit<McpPlan, "edit"> & { diff?: string };

export interface HostResult extends Omit<HostPlan, "edits" | "mcp"> {
  status: "installed" | "unchanged" | "would-change" | "nothing-to-install" | "error";
  diff?: string;
  error?: string;
  companions?: CompanionResult[];
  mcp?: McpResult;
  /** install --lock: the host's switches that let only managed hooks run, as their file spells them. */
  locks?: { setting: string; file: string }[];
}

function mcpResult({ edit: _edit, ...plan }: McpPlan, change: FileChange | undefined): McpResult {
  const done = (change?.details?.servers ?? []) as ServerChange[];
  const servers = plan.servers.map((s) => ({ ...s, status: done.find((d) => d.name === s.name)?.status ?? s.status }));
  const removed = done
    .filter((d) => d.status === "removed" && !servers.some((s) => s.name === d.name))
    .map((d) => ({ name: d.name, transport: "stdio" as const, status: d.status }));
  return {
    ...plan,
    servers: [...servers, ...removed],
    warnings: [...plan.warnings, ...(change?.warnings ?? [])],
    ...(change?.diff ? { diff: change.diff } : {}),
  };
}

function hostResult(plan: HostPlan, changes: FileChange[], dryRun: boolean): HostResult {
  const { edits, mcp, ...rest } = plan;
  const { own, companions } = splitChanges(changes.slice(0, edits.length));
  const changed = changes.some((c) => c.changed);
  const nothing = changes.every((c) => c.before === null && c.after === null);
  const status = nothing ? "nothing-to-install" : !changed ? "unchanged" : dryRun ? "would-change" : "installed";
  const warnings = [...rest.warnings, ...changes.slice(0, edits.length).flatMap((c) => c.warnings)];
  return {
    ...rest,
    warnings,
    status,
    ...(own.diff ? { diff: own.diff } : {}),
    ...(companions.length ? { companions } : {}),
    ...(mcp ? { mcp: mcpResult(mcp, mcp.edit ? changes[edits.length] : undefined) } : {}),
  };
}

/** The servers of ours a host's MCP file now holds (recorded: only those are ours on uninstall). */
const writtenServers = (r: HostResult): string[] =>
  (r.mcp?.servers ?? []).filter((s) => s.status === "added" || s.status === "updated" || s.status === "unchanged").map((s) => s.name);

/** The registry's installs after this run: each host file written replaces its record. */
/** How the hook commands written for a host start (on Windows, spelled for the host's shell). */
const invocationFor = (platform: HostId, binary?: readonly string[]): string => {
  const hooks = adapterOf(platform).hooks;
  return currentInvocation(hooks.kind === "hook-file" ? commandShell(hooks.file) : "posix", binary);
};

function recordInstalls(previous: readonly InstallRecord[], results: readonly HostResult[], binary?: readonly string[]): InstallRecord[] {
  const ok = results.filter((r) => r.status !== "error");
  const hooks = ok
    .filter((r) => r.file)
    .map((r): InstallRecord => ({ platform: r.platform, scope: r.scope, file: r.file!, invocation: invocationFor(r.platform as HostId, binary) }));
  const mcpTouched = ok.filter((r) => r.mcp?.file);
  const mcp = mcpTouched
    .filter((r) => writtenServers(r).length)
    .map((r): InstallRecord => ({ platform: r.platform, scope: r.scope, file: r.mcp!.file!, part: "mcp", servers: writtenServers(r) }));
  const replaced = (p: InstallRecord) =>
    p.part === "mcp"
      ? mcpTouched.some((r) => r.platform === p.platform && r.mcp!.file === p.file)
      : hooks.some((f) => f.file === p.file && f.platform === p.platform);
  return [...previous.filter((p) => !replaced(p)), ...hooks, ...mcp];
}

const STATUS = {
  installed: "installed",
  unchanged: "already up to date",
  "would-change": "would change",
  "nothing-to-install": "nothing installed",
  error: "error",
} as const;

/** One summary table (host, scope, events wired / unavailable, degradations), then the details. */
function report(results: HostResult[], dryRun: boolean, home: string): void {
  for (const r of results) {
    if (dryRun && r.diff) printStdout(r.diff);
    for (const c of r.companions ?? []) if (dryRun && c.diff) printStdout(c.diff);
  }
  for (const r of results) if (dryRun && r.mcp?.diff) printStdout(r.mcp.diff);
  const wired = (r: HostResult) => r.wired.map((w) => `${w.event}${w.matcher === "runtime" ? " (run-time matcher)" : ""}`);
  const servers = (r: HostResult) => (r.mcp?.servers ?? []).map((s) => `${s.name} (${s.status})`);
  const mcpFile = (r: HostResult) => (r.mcp?.file ? tilde(r.mcp.file, home) : r.mcp?.manualSteps ? "(host UI)" : "-");
  // The MCP columns only for a connector with MCP servers (declared now, or ours still in a file).
  const mcp = results.some((r) => r.mcp);
  printTable(
    [
      ["host", "scope", "file", "status", "wired", "unavailable", "degradations", ...(mcp ? ["mcp file", "mcp servers"] : [])],
      ...results.map((r) => [
        r.name,
        r.scope,
        r.file ? tilde(r.file, home) : "-",
        STATUS[r.status],
        listCell(wired(r)),
        listCell(r.unavailable),
        String(r.degradations.length),
        ...(mcp ? [mcpFile(r), listCell(servers(r))] : []),
      ]),
    ],
    2,
  );
  for (const r of results) {
    if (r.status === "error") {
      ui.error(
        `${r.name} (${r.scope}): ${r.error}${r.scope === "managed" ? " (managed settings are the machine's: run install as an administrator, e.g. with sudo)" : ""}`,
      );
      continue;
    }
    for (const note of (r.companions ?? []).flatMap((c) => c.notes)) ui.info(note);
    for (const warning of [...r.warnings, ...(r.mcp?.warnings ?? [])]) ui.warn(warning);
    for (const d of r.degradations.filter((d) => d.certain)) ui.warn(`${r.name} ${d.event}: ${d.from} → ${d.to}`);
  }
  // What a handler might return is open: one line, and `explain` has the matrix.
  const possible = results.filter((r) => r.status !== "error" && (r.degradations.some((d) => !d.certain) || r.extras?.length));
  if (possible.length)
    ui.info(`If your handlers return them, some responses degrade on ${possible.map((r) => r.name).join(", ")}: agent-connector explain shows which.`);
}

/** The managed copies, for --json and the report: where, and whether this run wrote them (absent on a dry run). */
function managedReport(target: ManagedTarget, deployed: ReturnType<typeof deploy> | undefined) {
  const planned = (path: string): { path: string; changed?: boolean } => ({ path });
  return { binary: deployed?.binary ?? planned(target.binary), snapshot: deployed?.snapshot ?? planned(target.snapshot) };
}

function managedLines(copies: ReturnType<typeof managedReport>, dryRun: boolean): string[] {
  const done = (c: { path: string; changed?: boolean }) => (dryRun ? "would be written" : c.changed ? "written" : "already up to date");
  return [
    `Managed hooks run ${copies.binary.path} (${done(copies.binary)}) with the snapshot ${copies.snapshot.path} (${done(copies.snapshot)}): root's, readable by every user; the config source is not followed (install again to change it).`,
  ];
}

function parseOnly(value: string | undefined): Part | undefined {
  if (value === undefined || value === "hooks" || value === "mcp") return value;
  throw new UsageError(`--only must be hooks or mcp, not "${value}"`);
}

export default defineAcCommand({
  meta: { name: "install", description: "Write a connector's hooks and MCP servers into each host's own config" },
  args: {
    ...configArgs,
    ...targetArgs,
    ...agentArgs,
    only: { type: "string", description: "hooks or mcp: install that part only (default: both)" },
    replace: { type: "boolean", description: "Take over a connector id installed from another config file (its hooks then run this config)" },
    frozen: {
      type: "boolean",
      description: "Hooks run the snapshot made now and never follow the config file; only the next install changes it (every managed install is frozen)",
    },
    lock: {
      type: "boolean",
      description:
        "With --scope managed: also set each host's own switch that lets only managed hooks run (Claude Code's allowManagedHooksOnly, Codex's allow_managed_hooks_only); hosts without one are named; uninstall takes it out",
    },
    snapshot: {
      type: "string",
      description:
        "With --scope managed: install this frozen snapshot (made by agent-connector bundle) as it is, instead of compiling --config; it is validated first",
    },
    "allow-shared": {
      type: "boolean",
      description: "Install a config that another local user could replace (theirs, or in a folder others can write to); status and doctor keep warning",
    },
    ...dryRunArgs,
    ...jsonArgs,
  },
  async run({ args, json }) {
    const refused = homeRefusal();
    if (refused) throw new Error(refused);
    const dryRun = Boolean(args["dry-run"]);
    const scope = parseScope(args.scope);
    const only = parseOnly(args.only);
    const paths = pathContext(args["project-dir"], args.agent);
    if (args.snapshot && (scope !== "managed" || args.config))
      throw new UsageError("--snapshot installs a bundle's frozen snapshot at managed scope: it needs --scope managed, and no --config");
    // Before the config is loaded: loading it runs its code.
    const shared = sourceProblem(args.snapshot ? resolve(args.snapshot) : configPathFrom(args.config));
    if (shared && !args["allow-shared"]) throw new UntrustedError(sharedSourceRefusal(shared));
    if (shared) ui.warn(`${shared}: installed anyway (--allow-shared): another local user could replace this config and run their code in your hooks`);
    const prebuilt = args.snapshot ? readSnapshotFile(resolve(args.snapshot)) : undefined;
    // A prebuilt snapshot is recorded as its managed copy: the file it came from (an unpacked bundle) may go.
    const { path: configPath, config } = prebuilt ? { path: managedSnapshot(prebuilt.config.id), config: prebuilt.config } : await loadConfigArg(args.config);
    const adapters = selectAdapters(args.platform, paths);
    if (args.agent && !adapters.some((a) => a.hooks.kind === "hook-file" && a.hooks.file.agent))
      ui.warn(
        `--agent names an agent of hosts that keep hooks in agent files (Amazon Q); none of ${adapters.map((a) => a.id).join(", ")} does: it is ignored.`,
      );
    const nothing = nothingToInstall(config);
    if (nothing) throw new ConnectorConfigError(configPath, "", nothing);
    if (args.lock && scope !== "managed") throw new UsageError("--lock sets the hosts' managed-hooks-only switches: it needs --scope managed");
    const managed = scope === "managed" ? managedTarget(config.id, dryRun) : undefined;
    const binaryNote = isCompiled() && !process.env.AGENT_CONNECTOR_BIN && scope !== "managed" ? hookBinaryChoice().note : undefined;
    let compiled: CompileResult | undefined;
    let deployed: ReturnType<typeof deploy> | undefined;
    const results = await withInstallLock(
      async () => {
        const registry = await readRegistry();
        const owner = registry[config.id]?.config;
        if (owner && owner !== configPath && !args.replace) {
          throw new UsageError(
            `connector id "${config.id}" is already installed from ${owner}; installing ${configPath} would make its hooks run this config instead. Give this connector another id, or pass --replace to take it over.`,
          );
        }
        const invocations = [...knownInvocations(registry), ...(managed?.invocations ?? [])];
        // Managed hooks run the system copies: made before any host file names them, and never
        // following the source (it may sit in someone's home): frozen.
        if (managed && !dryRun) {
          if (!prebuilt) compiled = await compileConnector(configPath, config, process.env, { frozen: true });
          deployed = deploy(config.id, managed, prebuilt);
        }
        const installed = (registry[config.id]?.installs ?? []).flatMap((r) =>
          isHostId(r.platform) ? [{ platform: r.platform, scope: parseScope(r.scope) }] : [],
        );
        const declared = EVENT_NAMES.filter((event) => config.hooks?.[event]);
        const crossHost = crossHostWarnings(
          adapters.map((a) => ({ platform: a.id, scope })),
          installed,
          (id) => isDetected(adapterOf(id), paths),
          declared,
        );

        const lockRecords: LockRecord[] = [];
        const writtenNow = new Map<string, string[]>();
        const owners = sharedOwners(mcpOwners(registry, config.id), { writtenNow });
        const results: HostResult[] = adapters.map((adapter) => {
          const plan = planHost(adapter, config, scope, paths, invocations, {
            only,
            mcpOwners: owners,
            ...(managed ? { configPath: managed.snapshot, binary: [managed.binary] } : {}),
          });
          plan.warnings.push(...crossHost.filter((w) => w.target.platform === adapter.id).map((w) => w.message));
          const hidden = plan.file ? hiddenUserFile(adapter, scope, paths, config.id) : undefined;
          if (hidden) plan.warnings.push(hidden);
          const locks = args.lock && plan.file ? planLocks(adapter, paths, registry, config.id) : undefined;
          if (locks && !locks.edits.length) plan.warnings.push(noLockWarning(adapter));
          if (locks) plan.edits.push(...locks.edits);
          try {
            const result = hostResult(plan, applyEdits(planEdits(plan), "install", dryRun), dryRun);
            const absent = result.status === "nothing-to-install" ? undefined : hostNotFoundWarning(adapter, paths, dryRun);
            if (absent) result.warnings.unshift(absent);
            if (result.mcp?.file) writtenNow.set(result.mcp.file, [...(writtenNow.get(result.mcp.file) ?? []), ...writtenServers(result)]);
            if (locks?.records.length) {
              lockRecords.push(...locks.records);
              result.locks = locks.edits.map((e) => ({ setting: lockSetting(e.format, e.key, e.value), file: e.file }));
            }
            return result;
          } catch (error) {
            if (!(error instanceof HostConfigError)) throw error;
            return { ...hostResult(plan, [], dryRun), status: "error", error: error.message };
          }
        });

        if (!dryRun) {
          const previous = registry[config.id];
          const locks = replaceLocks(previous?.locks ?? [], [...new Set(lockRecords.map((l) => l.platform))], lockRecords);
          registry[config.id] = {
            config: configPath,
            ...(shared ? { allowShared: true as const } : {}),
            installs: recordInstalls(previous?.installs ?? [], results, managed ? [managed.binary] : undefined),
            ...(locks.length ? { locks } : {}),
          };
          writeRegistry(registry);
          if (!managed) compiled = await compileConnector(configPath, config, process.env, { frozen: Boolean(args.frozen) });
          // The modules written for plugin hosts run the connector in this worker (src/install/plugin-module/).
          if (adapters.some((a) => a.hooks.kind === "plugin-module")) writePluginRuntime();
        }
        return results;
      },
      { dryRun },
    );

    const failed = results.some((r) => r.status === "error");
    if (json)
      printJson({
        ok: !failed,
        dryRun,
        connector: config.id,
        config: configPath,
        binary: managed?.binary ?? selfInvocation()[0],
        ...(managed ? { managed: managedReport(managed, deployed) } : {}),
        ...(binaryNote ? { binaryNote: binaryNote.message } : {}),
        ...(compiled ? { compiled } : {}),
        results,
      });
    else {
      report(results, dryRun, paths.home);
      if (managed) for (const line of managedLines(managedReport(managed, deployed), dryRun)) ui.info(line);
      for (const r of results)
        for (const lock of r.locks ?? [])
          ui.info(
            `${r.name}: ${lock.setting} in ${lock.file}${dryRun ? " (would be set)" : ""}: only managed hooks run there; users' and projects' own hooks are skipped`,
          );
      if (binaryNote) ui[binaryNote.level](binaryNote.message);
      const typeCheck = typeCheckHint(configPath, paths.home);
      if (typeCheck) ui.info(typeCheck);
      if (compiled && !compiled.ok)
        ui.warn(
          `${tilde(configPath, paths.home)} cannot be compiled (${compiled.reason}): there is no installed snapshot, so hook calls load the source on each call (slower), and if it moves or breaks the guard ${config.onFailure === "deny" ? "fails closed" : "fails open"}`,
        );
      const closed = failClosedReport(config, results);
      for (const line of closed) ui.info(line);
    }
    return failed ? EXIT.hostConfig : EXIT.ok;
  },
});
