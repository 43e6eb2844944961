/**
 * The plugin worker: a connector's handlers, run inside a plugin host's process (OpenCode, Kilo,
 * MiMo under Bun; Node hosts through node:worker_threads) but off its main thread. The generated
 * module (src/install/plugin-module/) starts it once per module load and sends it one message per
 * call; it answers with the module's actions ({deny, args, output, context}), decided by the same
 * code as the binary's `hook` command (decide.ts). It has no watchdog of its own: the module ends
 * it (terminate) when a call overruns its budget, which stops a busy loop too, and starts another.
 *
 * It runs only a connector that install compiled (src/compiled/artifact.ts) and that is current:
 * a missing, stale or uncompilable one is answered `fallback`, and the module asks the binary,
 * which loads the source and recompiles it in the background.
 *
 * Install bundles this file to one CommonJS script (src/install/plugin-module/runtime.ts): CommonJS
 * so that `require` exists for a compiled connector under Node as under Bun.
 */
import { readFileSync } from "node:fs";
import { isEventName, type ConnectorConfig, type EventName } from "../events.ts";
import { samplePayload, sampleTool } from "../core/sample-payload.ts";
import type { Reply } from "../dialects/dialect.ts";
import { loadAdapter } from "../../adapters/hosts.ts";
import { configExport } from "../config/read.ts";
import type { HookCallTarget } from "../config/hook-call-schema.ts";
import { changedInputs, compiledPath, parseCompiled, sameStamp, type CompiledMeta, type Stamp } from "../compiled/artifact.ts";
import { nodeStamp } from "../compiled/node-stamp.ts";
import { replaceEnv } from "./replace-env.ts";
import { errorText, FailOpen, nativeReply, normalizedReply, type Runner } from "./decide.ts";
import { evaluateCompiled } from "./load-compiled.ts";
import { checkedFor, EvaluatedConnectors, type Evaluated } from "./evaluated-connectors.ts";
import { flushLogs, logLine } from "./io.ts";
import { setRedactionSources } from "./redact.ts";
import type { Outcome } from "./guard.ts";

/** One call, from the module. */
export interface WorkerCall {
  id: number;
  host: string;
  connector: string;
  event: string;
  /** A host-only event from platforms.<id>.nativeHooks: its handler's answer is returned as `native`. */
  native?: boolean;
  /** The host's arguments as JSON, as the binary reads them on stdin. */
  payload: string;
  /**
   * The host's environment, when it differs from what this worker last received (a worker's own is
   * a copy from its start): it stays the environment of the calls after it.
   */
  env?: Record<string, string | undefined>;
}

/** The answer: the actions to apply, or why there are none. */
export type WorkerAnswer =
  | { id: number; actions: { deny?: string; args?: unknown; output?: string; context?: string } }
  | { id: number; native: unknown }
  /** No opinion, and the one log line that says why. */
  | { id: number; failOpen: string }
  /** This runtime cannot answer (the connector is not compiled, or changed since): ask the binary. */
  | { id: number; fallback: string };

const FAR = Number.MAX_SAFE_INTEGER;

/** Known by its file's stamp (no read while unchanged) and its inputs' (an imported file edited since). */
type Loaded = Evaluated<{ file: Stamp; meta: CompiledMeta }>;

const loaded = new EvaluatedConnectors<{ file: Stamp; meta: CompiledMeta }>();

/** The connector's config as install compiled it, evaluated once and again only when it changed. */
function compiledConfig(connector: string, env: Record<string, string | undefined>): Loaded | string {
  const path = compiledPath(connector, env);
  const file = nodeStamp(path);
  const cached = loaded.get(connector, (version) => sameStamp(version.file, file) && !changedInputs(version.meta, nodeStamp).length);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return "the connector is not compiled";
  }
  const parsed = parseCompiled(text);
  if (!parsed || parsed.meta.id !== connector) return "the connector's compiled file cannot be read";
  const { meta, body } = parsed;
  if (meta.kind === "source") return `the connector runs from its source (${meta.reason ?? "not compiled"})`;
  if (meta.bytecode && typeof Bun === "undefined") return "the connector is compiled to Bun bytecode";
  if (changedInputs(meta, nodeStamp).length) return "the connector changed since it was compiled";
  let raw: unknown;
  if (meta.kind === "json") raw = JSON.parse(body);
  else {
    const run = evaluateCompiled(meta, body, FAR);
    if (run.kind !== "returned") throw new FailOpen(`${meta.source}: cannot be loaded: ${run.kind === "threw" ? errorText(run.error) : "timed out"}`);
    raw = configExport(meta.source, run.value);
  }
  return loaded.set(connector, { file, meta }, raw);
}

function configFor(entry: Loaded, call: WorkerCall): ConnectorConfig {
  const target: HookCallTarget = call.native ? { platform: call.host, native: call.event } : { event: call.event };
  try {
    return checkedFor(entry, entry.version.meta.source, target);
  } catch (error) {
    throw new FailOpen(errorText(error));
  }
}

/** The handler runs to its end here: the module's timer (and terminate) is its budget. */
const runner: Runner = {
  run: (fn) => ({
    later: (async (): Promise<Outcome> => {
      try {
        return { kind: "returned", value: await fn() };
      } catch (error) {
        return { kind: "threw", error };
      }
    })(),
  }),
  deadline: () => FAR,
};

/** A rendered reply (plugin-actions dialect) as the module's actions. */
function actionsOf(reply: Reply): { deny?: string } & Record<string, unknown> {
  if (reply.exitCode === 2) return { deny: reply.stderr?.trim() || reply.denyReason || "Blocked" };
  return reply.stdout?.trim() ? (JSON.parse(reply.stdout) as Record<string, unknown>) : {};
}

/** The host's environment as the module last sent it. */
const host: { env: Record<string, string | undefined> } = { env: process.env };

function setEnv(env: Record<string, string | undefined> | undefined): Record<string, string | undefined> {
  if (!env) return host.env;
  replaceEnv(env);
  return (host.env = env);
}

export async function answer(call: WorkerCall): Promise<WorkerAnswer> {
  try {
    const env = setEnv(call.env);
    const entry = compiledConfig(call.connector, env);
    if (typeof entry === "string") return { id: call.id, fallback: entry };
    const adapter = await loadAdapter(call.host);
    if (!adapter) throw new FailOpen(`unknown platform "${call.host}"`);
    const payload: unknown = JSON.parse(call.payload);
    setRedactionSources({ env, payload });
    const config = configFor(entry, call);
    if (call.native) {
      const reply = await nativeReply({ platform: call.host, event: call.event }, config, payload, runner);
      return { id: call.id, native: reply.stdout ? JSON.parse(reply.stdout) : undefined };
    }
    const reply = await normalizedReply({ platform: call.host, event: call.event }, adapter, config, payload, env, runner);
    return { id: call.id, actions: actionsOf(reply) };
  } catch (error) {
    return { id: call.id, failOpen: error instanceof FailOpen ? error.message : `internal error: ${errorText(error, true)}` };
  }
}

/**
 * Loads what the first call needs (the connector, its host's adapter) and runs the decision code
 * once per event on a sample payload with a handler of ours that has no opinion (the connector's
 * own handlers never run here), so the host's first call costs what later ones do.
 */
export async function warm(message: { host: string; connector: string; events: string[]; env: Record<string, string | undefined> }): Promise<void> {
  try {
    setEnv(message.env);
    const entry = compiledConfig(message.connector, message.env);
    const adapter = await loadAdapter(message.host);
    if (typeof entry === "string" || !adapter) return;
    const events = message.events.filter((event): event is EventName => isEventName(event) && adapter.events[event] !== undefined);
    const idle = { id: message.connector, hooks: Object.fromEntries(events.map((event) => [event, { handler: () => undefined }])) } as ConnectorConfig;
    for (const event of events) {
      configFor(entry, { event, host: message.host } as WorkerCall);
      const payload = samplePayload(event, adapter.payload, sampleTool(adapter.tools));
      await normalizedReply({ platform: message.host, event }, adapter, idle, payload, message.env, runner);
    }
  } catch {
    // The call that needs it says what is wrong.
  }
}

/** process.exit in a worker would end it, every call it holds with it: a handler's exit is its failure. */
function disarmExit(): void {
  process.exit = ((code?: unknown) => {
    throw new Error(`handler called process.exit(${String(code)})`);
  }) as typeof process.exit;
}

/** The host's terminal is the host's: what handlers print goes to the hook log. */
function quietConsole(): void {
  for (const name of ["log", "info", "debug", "warn", "error", "trace"] as const) {
    console[name] = (...args: unknown[]) => logLine(`plugin worker: console.${name}: ${args.map((a) => (typeof a === "string" ? a : safeJson(a))).join(" ")}`);
  }
}

const safeJson = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return "(unprintable)";
  }
};

/** The module's end of this worker, or undefined outside one (a test importing `answer`). */
interface ModulePort {
  post(message: unknown): void;
  listen(receive: (message: WorkerCall & { warm?: true }) => void): void;
}

/**
 * Under Bun the module starts a Web Worker, whose own globals carry the messages: loading
 * node:worker_threads there measured 2.6-4.2 ms of the worker's start. Under Node, its parentPort.
 */
function modulePort(): ModulePort | undefined {
  if (typeof Bun !== "undefined") {
    if (Bun.isMainThread) return undefined;
    const scope = globalThis as unknown as { postMessage(message: unknown): void; onmessage: ((event: MessageEvent) => void) | null };
    return { post: (message) => scope.postMessage(message), listen: (receive) => void (scope.onmessage = (event) => receive(event.data)) };
  }
  const { parentPort } = require("node:worker_threads") as typeof import("node:worker_threads");
  return parentPort ? { post: (message) => parentPort.postMessage(message), listen: (receive) => void parentPort.on("message", receive) } : undefined;
}

const port = modulePort();
if (port) {
  disarmExit();
  quietConsole();
  // A stray error of a handler (a timer, a floating promise) must not end the worker.
  process.on("uncaughtException", (error) => logLine(`plugin worker: stray error in user code: ${errorText(error)}`));
  process.on("unhandledRejection", (error) => logLine(`plugin worker: stray error in user code: ${errorText(error)}`));
  port.listen((call) => {
    if (call.warm) return void warm(call as unknown as Parameters<typeof warm>[0]);
    // Its log lines are on disk before the host goes on (a deny that kept, a lost field).
    void answer(call).then(async (reply) => {
      await flushLogs();
      port.post(reply);
    });
  });
  port.post({ id: 0, ready: true });
}
