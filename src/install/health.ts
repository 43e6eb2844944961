import { existsSync } from "node:fs";
import { dirname } from "node:path";
import type { PathContext, Scope } from "../adapter.ts";
import type { ConnectorConfig } from "../events.ts";
import type { InstallRecord, Registry } from "../registry/types.ts";
import { findAdapter, HOST_IDS, type HostId } from "../../adapters/index.ts";
import type { Adapter } from "../adapter.ts";
import { loadConnectorConfig } from "../config/load.ts";
import { quote } from "./command-line.ts";
import { deliveredFile, planHost, type HostPlan } from "./plan.ts";
import { agentOfFile } from "../host-config/agent-file.ts";
import { applyEdits } from "./apply.ts";
import { mcpOwners } from "./mcp/plan.ts";
import { snapshotCheck } from "./snapshot-health.ts";
import { lockChecks, managedSnapshotCheck } from "./managed/health.ts";
import { managedPlanOptions } from "./managed/layout.ts";
import { SNAPSHOT_SUFFIX } from "../compiled/artifact.ts";
import type { SwitchFinding } from "./host-switches.ts";

/** One thing `status` checks about one install, and what it found. */
export interface Check {
  /** `probes`: doctor's sample events (src/commands/doctor.ts). */
  name: "config" | "snapshot" | "binary" | "host-file" | "probes" | "host-switch" | "lock" | "shadowed";
  ok: boolean;
  detail: string;
  /** A snapshot check: the source cannot be used, the installed snapshot answers (src/install/snapshot-health.ts). */
  kept?: true;
}

/** One connector in one host file: what holds, what drifted, and the command that fixes it. */
export interface InstallHealth {
  connector: string;
  config: string;
  platform: string;
  name: string;
  scope: string;
  file: string;
  /** The project a project-scope file belongs to. */
  projectDir?: string;
  ok: boolean;
  checks: Check[];
  /** What to run to fix what drifted; absent when all is well. */
  fix?: string;
  /** The check itself failed (see `checks`): nothing more can be learnt about this install. */
  unchecked?: true;
  /** Host settings that keep the host from running this install's hooks (src/install/host-switches.ts). */
  inactive?: SwitchFinding[];
  /** The plan a re-install would carry out (doctor uses its warnings). */
  plan?: HostPlan;
}

/** The project folder of a project-scope file: the ancestor for which the host's path gives this file. */
function projectDirOf(adapter: Adapter, file: string, connectorId: string, paths: PathContext): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (deliveredFile(adapter, "project", { ...paths, projectDir: dir }, connectorId) === file) return dir;
  }
  return undefined;
}

/** The command that re-installs one connector into one host file. */
export function installCommand(config: string, platform: string, scope: string, projectDir?: string): string {
  const words = [
    "agent-connector",
    "install",
    "--config",
    config,
    "--platform",
    platform,
    "--scope",
    scope,
    ...(projectDir ? ["--project-dir", projectDir] : []),
  ];
  return words.map(quote).join(" ");
}

/** The first word of a recorded invocation: the binary (or bun) the host runs. */
function programOf(invocation: string): string {
  const match = /^"((?:[^"\\]|\\.)*)"|^(\S+)/.exec(invocation);
  return match?.[1]?.replace(/\\(.)/g, "$1") ?? match?.[2] ?? invocation;
}

const versions = new Map<string, string | undefined>();

/** `<invocation> --version`, once per invocation. */
function versionOf(invocation: string): string | undefined {
  if (!versions.has(invocation)) {
    const proc = Bun.spawnSync(["sh", "-c", `${invocation} --version`], { stdout: "pipe", stderr: "ignore" });
    versions.set(invocation, proc.exitCode === 0 ? proc.stdout.toString().trim() : undefined);
  }
  return versions.get(invocation);
}

/**
 * Checks one recorded install: the config loads, the binary written into the host file exists and
 * is this version, and the host file (or plugin module) holds exactly what installing now would
 * write. Anything else is drift, and `fix` says what to run.
 */
export async function checkInstall(
  id: string,
  configPath: string,
  record: InstallRecord,
  context: {
    paths: PathContext;
    invocations: readonly string[];
    current: string;
    version: string;
    registry?: Registry;
    /** Reads a prebuilt snapshot installed with `install --snapshot` (its registry `config` is the managed copy). */
    loadSnapshot?: (path: string) => ConnectorConfig;
  },
): Promise<InstallHealth> {
  const adapter = findAdapter(record.platform);
  const base = { connector: id, config: configPath, platform: record.platform, name: adapter?.name ?? record.platform, scope: record.scope, file: record.file };
  if (!adapter || (record.scope !== "user" && record.scope !== "project" && record.scope !== "managed")) {
    return {
      ...base,
      ok: false,
      checks: [{ name: "host-file", ok: false, detail: `unknown host or scope in the registry` }],
      fix: `agent-connector uninstall --connector ${id} --platform ${record.platform}`,
    };
  }
  const scope: Scope = record.scope;
  // An agent-definition host (Amazon Q): the agent is the one whose file the registry recorded.
  const agent = adapter.hooks.kind === "hook-file" && adapter.hooks.file.agent && !record.part ? { agent: agentOfFile(record.file) } : {};
  const projectDir = scope === "project" ? projectDirOf(adapter, record.file, id, { ...context.paths, ...agent }) : undefined;
  const paths = { ...context.paths, ...agent, ...(projectDir ? { projectDir } : {}) };
  const locks = scope === "managed" ? (context.registry?.[id]?.locks ?? []).filter((l) => l.platform === record.platform) : [];
  // Managed files are the machine's: fixed as root, with the locks they had.
  const fromSnapshot = configPath.endsWith(SNAPSHOT_SUFFIX);
  const reinstall = installCommand(configPath, record.platform, scope, projectDir);
  const fix = `${scope === "managed" ? "sudo " : ""}${fromSnapshot ? reinstall.replace(" --config ", " --snapshot ") : reinstall}${locks.length ? " --lock" : ""}${fromSnapshot ? " (or run the bundle's install script again)" : ""}`;
  const checks: Check[] = [];

  let config: ConnectorConfig | undefined;
  try {
    config = fromSnapshot && context.loadSnapshot ? context.loadSnapshot(configPath) : await loadConnectorConfig(configPath, HOST_IDS);
    checks.push({ name: "config", ok: true, detail: `${configPath} loads` });
  } catch (error) {
    checks.push({ name: "config", ok: false, detail: (error as Error).message });
  }
  // A managed install runs the system copy of the snapshot, whatever the source or root's own snapshot are now.
  if (record.part !== "mcp")
    checks.push({ name: "snapshot", ...(scope === "managed" ? managedSnapshotCheck(id) : snapshotCheck(id, config ? undefined : checks[0]!.detail)) });
  if (locks.length && record.part !== "mcp") checks.push(...lockChecks(adapter, locks).map((c) => ({ name: "lock" as const, ...c })));

  const invocation = record.invocation ?? context.current;
  const program = programOf(invocation);
  if (!existsSync(program)) checks.push({ name: "binary", ok: false, detail: `${program}, written in the host file, does not exist` });
  else {
    const version = versionOf(invocation);
    // `--version` prints "agent-connector <version> (commit …)".
    const same = version === context.version || version?.split(" ")[1] === context.version;
    checks.push({
      name: "binary",
      ok: same,
      detail: same ? `${program} is version ${version}` : `${program} is version ${version ?? "(unknown)"}, this is ${context.version}`,
    });
  }

  let plan: HostPlan | undefined;
  if (config) {
    // A record is of one part: the hooks (hook file, launchers, plugin module) or the MCP servers.
    const part = record.part === "mcp" ? "mcp" : "hooks";
    plan = planHost(adapter as Adapter<HostId>, config, scope, paths, context.invocations, {
      only: part,
      mcpOwners: mcpOwners(context.registry ?? {}, id),
      ...(scope === "managed" ? managedPlanOptions(id) : {}),
    });
    const edits = part === "mcp" ? (plan.mcp?.edit ? [plan.mcp.edit] : []) : plan.edits;
    const changes = edits.length ? applyEdits(edits, "install", true) : [];
    const changed = changes.some((c) => c.changed);
    // A companion file can drift alone (Codex's trust of our hooks in config.toml): name what changes.
    const differs = changes.filter((c) => c.changed);
    const differing = differs.map((c) => c.file).join(", ") || record.file;
    const notes = differs.filter((c) => c.file !== record.file).flatMap((c) => c.notes.map((note) => note.replace(`${c.file}: `, "")));
    const what = part === "mcp" ? "MCP servers" : "hooks";
    if (!changes.length || changes.every((c) => c.before === null)) checks.push({ name: "host-file", ok: false, detail: `${record.file} is gone` });
    else
      checks.push({
        name: "host-file",
        ok: !changed,
        detail: changed
          ? `${differing} ${differs.length > 1 ? "differ" : "differs"} from what install writes (edited by hand, or the config changed since)${notes.length ? `: ${notes.join("; ")}` : ""}`
          : `${record.file} holds the connector's ${what}`,
      });
  } else checks.push({ name: "host-file", ok: false, detail: "not checked: the config does not load" });

  const ok = checks.every((c) => c.ok);
  const configBroken = checks.some((c) => c.name === "config" && !c.ok);
  return {
    ...base,
    ...(projectDir ? { projectDir } : {}),
    ok,
    checks,
    ...(ok ? {} : { fix: configBroken ? `fix ${configPath}, then ${fix}` : fix }),
    ...(plan ? { plan } : {}),
  };
}

/** What a thrown value says, for a report line. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * An install whose check threw (its host file is a folder, say): a failed result of its own, so
 * the other installs are still checked and reported.
 */
function uncheckedInstall(id: string, configPath: string, record: InstallRecord, error: unknown): InstallHealth {
  const base = {
    connector: id,
    config: configPath,
    platform: record.platform,
    name: findAdapter(record.platform)?.name ?? record.platform,
    scope: record.scope,
    file: record.file,
  };
  return { ...base, ok: false, unchecked: true, checks: [{ name: "host-file", ok: false, detail: `could not be checked: ${messageOf(error)}` }] };
}

/** Every recorded install of every connector (or of `only`), checked; one that cannot be checked is a failure of its own. */
export async function checkRegistry(
  registry: Registry,
  context: Parameters<typeof checkInstall>[3],
  only?: { connector?: string; platforms?: readonly string[]; scope?: string },
): Promise<InstallHealth[]> {
  const results: InstallHealth[] = [];
  for (const [id, entry] of Object.entries(registry)) {
    if (only?.connector && id !== only.connector) continue;
    for (const record of entry.installs) {
      if (only?.platforms && !only.platforms.includes(record.platform)) continue;
      if (only?.scope && record.scope !== only.scope) continue;
      results.push(
        await checkInstall(id, entry.config, record, { registry, ...context }).catch((error: unknown) => uncheckedInstall(id, entry.config, record, error)),
      );
    }
  }
  return results;
}
