import { statSync } from "node:fs";
import type { Adapter, HookInput } from "../adapter.ts";
import { isEventName } from "../events.ts";
import { samplePayload, sampleTool } from "../core/sample-payload.ts";
import { inspectHookFile, type FileProblem } from "../host-config/inspect.ts";
import { readText } from "../host-config/files.ts";
import { isOurCommand, quote } from "../install/command-line.ts";
import { readPluginModule } from "../install/plugin-module/generate.ts";
import { deliveredFile, launcherFile, type HooksFolder } from "../install/deliveries.ts";
import { userHome } from "../paths.ts";
import { readLauncher } from "../install/launcher.ts";

/** One synthetic event fired through an installed hook command. */
export interface Probe {
  event: string;
  command: string;
  exitCode: number;
  latencyMs: number;
  ok: boolean;
  /** What the host got, or what is wrong with it. */
  detail: string;
}

/** A sample of `event` in the host's shape, as the host writes it on the command's stdin. */
const payloadFor = (adapter: Adapter, event: string, projectDir: string) =>
  isEventName(event) ? samplePayload(event, adapter.payload, { ...sampleTool(adapter.tools), projectDir }) : {};

/**
 * Runs one command line as the host does (a shell, the payload on stdin, or in variables where the
 * host hands it over so) and judges the reply by our protocol's rules.
 */
function fire(command: string, event: string, payload: unknown, timeoutMs: number, text = false, input?: HookInput): Probe {
  const started = performance.now();
  const proc = Bun.spawnSync(["sh", "-c", command], {
    stdin: input?.kind === "env" ? "ignore" : Buffer.from(JSON.stringify(payload)),
    stdout: "pipe",
    stderr: "pipe",
    env: input?.kind === "env" ? { ...process.env, ...payloadVariables(input, payload as Record<string, unknown>) } : process.env,
    timeout: timeoutMs,
  });
  const latencyMs = Math.round(performance.now() - started);
  const stdout = proc.stdout.toString().trim();
  const stderr = proc.stderr.toString().trim();
  const exitCode = proc.exitCode ?? -1;
  const base = { event, command, exitCode, latencyMs };
  if (proc.exitCode === null) return { ...base, ok: false, detail: `no answer within ${timeoutMs} ms (the host stops waiting)` };
  if (stderr.includes("(fail-open)")) return { ...base, ok: false, detail: `failed open: ${stderr.replace(/^agent-connector: /, "")}` };
  if (exitCode === 2) return { ...base, ok: Boolean(stderr), detail: stderr ? `deny by exit 2: ${stderr}` : "exit 2 without a reason on stderr" };
  if (exitCode !== 0) return { ...base, ok: false, detail: `exit ${exitCode}${stderr ? `: ${stderr}` : ""} (the host treats it as a hook error)` };
  if (!stdout) return { ...base, ok: true, detail: "no opinion (empty reply)" };
  if (text) return { ...base, ok: true, detail: `replied text (context): ${stdout.length > 160 ? `${stdout.slice(0, 160)}…` : stdout}` };
  try {
    const reply = JSON.parse(stdout);
    if (reply === null || typeof reply !== "object" || Array.isArray(reply))
      return { ...base, ok: false, detail: `the reply is not a JSON object: ${stdout.slice(0, 200)}` };
    return { ...base, ok: true, detail: `replied ${stdout.length > 160 ? `${stdout.slice(0, 160)}…` : stdout}` };
  } catch {
    return { ...base, ok: false, detail: `the reply is not JSON: ${stdout.slice(0, 200)}` };
  }
}

/** The variables a host that hands the call over in its environment (Mux) sets for `payload`: each field in its first variable. */
/** The variables a host that hands the call over in the environment (Mux) sets for `payload`. */
export function payloadVariables(input: Extract<HookInput, { kind: "env" }>, payload: Record<string, unknown>): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [field, spec] of Object.entries(input.fields)) {
    const value = payload[field];
    const name = spec.vars[0];
    if (value !== undefined && name) vars[name] = spec.json || typeof value !== "string" ? JSON.stringify(value) : value;
  }
  return vars;
}

/**
 * A hooks folder (Cline, Mux): each launcher of `connectorId` in it, run as the host runs it (the
 * file itself), with a sample of the event its marker line names.
 */
function probeLaunchers(
  adapter: Adapter,
  spec: HooksFolder["folder"],
  folder: string,
  connectorId: string,
  invocations: readonly string[],
  timeoutMs: number,
  projectDir: string,
): Probe[] {
  const noStdin = adapter.input?.kind === "env";
  return spec.eventFiles.flatMap((nativeEvent) => {
    const { file, flavour } = launcherFile(folder, spec, nativeEvent);
    const text = readText(file);
    if (text === null) return [];
    const serves = [
      ...Object.entries(adapter.events)
        .filter(([, name]) => name === nativeEvent)
        .map(([event]) => ({ event, native: false })),
      { event: nativeEvent, native: true },
    ];
    const launcher = readLauncher(text, flavour, invocations, adapter.id, serves, noStdin);
    if (!launcher?.connectors.some((c) => c.id === connectorId)) return [];
    const event = launcher.event;
    return [fire(quote(file), event, payloadFor(adapter, event, projectDir), timeoutMs, adapter.dialect.stdout === "text", adapter.input)];
  });
}

/**
 * What doctor finds in one host file: entries the host rejects (with their line) and one synthetic
 * event per hook command of `connectorId` in it (a plugin module: per event it handles).
 */
export function probeFile(...args: Parameters<typeof probeHooks>): { problems: FileProblem[]; probes: Probe[]; notFired?: string } {
  const [adapter, file, connectorId, , , projectDir] = args;
  const found = probeHooks(...args);
  if (found.probes.length) return found;
  // A record of the host's MCP servers names another file: nothing to fire there, nothing to say.
  const paths = { home: userHome(), env: process.env, projectDir };
  const hookFiles = (["user", "project"] as const).map((scope) => deliveredFile(adapter, scope, paths, connectorId));
  if (!hookFiles.includes(file)) return found;
  const what = adapter.hooks.kind === "hooks-folder" ? "launcher" : adapter.hooks.kind === "plugin-module" ? "event handled by the module" : "hook command";
  return { ...found, notFired: `no sample event fired: ${file} holds no ${what} of connector ${connectorId}` };
}

function probeHooks(
  adapter: Adapter,
  file: string,
  connectorId: string,
  invocations: readonly string[],
  timeoutMs: number,
  projectDir: string,
): { problems: FileProblem[]; probes: Probe[] } {
  // A hooks folder of launchers (Cline, Mux): status checks each launcher's bytes; doctor runs them.
  // The registry records the folder; a record of the host's MCP servers names their file: nothing to run.
  if (adapter.hooks.kind === "hooks-folder" && !statSync(file, { throwIfNoEntry: false })?.isDirectory()) return { problems: [], probes: [] };
  if (adapter.hooks.kind === "hooks-folder")
    return { problems: [], probes: probeLaunchers(adapter, adapter.hooks.folder, file, connectorId, invocations, timeoutMs, projectDir) };
  if (adapter.hooks.kind !== "hook-file" && adapter.hooks.kind !== "plugin-module") return { problems: [], probes: [] };
  const text = readText(file);
  if (text === null) return { problems: [], probes: [] };
  if (adapter.hooks.kind === "plugin-module") {
    const settings = readPluginModule(text);
    if (!settings) return { problems: [{ line: 1, message: "is not a module agent-connector generated" }], probes: [] };
    return {
      problems: [],
      probes: Object.keys(settings.events).map((event) =>
        fire([...settings.command, event, "--connector", settings.connector].map(quote).join(" "), event, payloadFor(adapter, event, projectDir), timeoutMs),
      ),
    };
  }
  if (adapter.hooks.kind !== "hook-file") return { problems: [], probes: [] };
  const { commands, problems } = inspectHookFile(text, adapter.hooks.file);
  const ours = isOurCommand(adapter.id, connectorId, invocations);
  const probes = commands
    .filter((c) => ours(c.command))
    .map((c) => {
      const event = /\shook \S+ (\S+)/.exec(c.command)?.[1] ?? c.nativeEvent;
      return fire(c.command, event, payloadFor(adapter, event, projectDir), timeoutMs, adapter.dialect.stdout === "text");
    });
  return { problems, probes };
}
