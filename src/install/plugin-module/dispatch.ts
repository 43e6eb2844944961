/**
 * The host-independent part of every plugin module we generate: the settings install fixes, the
 * log line, and `ask`, which runs the connector's handler for one event and answers a Reply. A
 * generated module is this file's section between the `dispatch` markers, followed by one host's
 * glue (./glue/<generator>.ts), which calls `ask` from the host's hooks and applies the Reply the
 * host's way (generate.ts assembles them).
 *
 * `ask` runs the handler in the plugin worker (src/hook/plugin-worker.ts, which install writes
 * under $AGENT_CONNECTOR_HOME): the binary's own decision code, in a thread of the host's process,
 * started once per module load. A call costs a message each way instead of a process. A call that
 * overruns the connector's time budget ends that worker (a busy loop too: the host's main thread
 * never ran it) and another one starts. Where the worker cannot answer (the connector is not
 * compiled or changed since, the runtime cannot start workers) `ask` spawns
 * `agent-connector hook <host> <Event> --connector <id>` (JSON on stdin) as before: the same
 * matcher, time budget and reply rules. Fail-open: when anything goes wrong (no binary, a crash,
 * a timeout, a reply we cannot read) `ask` answers {} (no opinion) and writes a line to
 * agent-connector's hook log.
 *
 * No dependency, and no Bun API beyond the Web Worker Bun has: only node builtins, which every
 * plugin host's runtime has (Bun for the OpenCode family, Node for Pi and OpenClaw), so nothing
 * has to be installed beside it. Glue code imports nothing but this section's names.
 */
// The generated module holds src/one-line.ts's oneLineSource() instead (generate.ts); this import is for the type check.
import { oneLine } from "../../one-line.ts";
// agent-connector:dispatch:begin
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import { basename, dirname } from "node:path";
import { Worker as NodeWorker } from "node:worker_threads";

interface Settings {
  /** The plugin id: the file's name without extension, unique per connector and host. */
  id: string;
  host: string;
  connector: string;
  /** `agent-connector hook <host>`, as argv; the event and `--connector` follow. */
  command: string[];
  /** How long a call may take before it is killed and the host goes on. */
  timeoutMs: number;
  /** The plugin worker script (a bundle of src/hook/plugin-worker.ts); absent: every call asks the binary. */
  runtime?: string;
  /** The events to answer, each with its matcher as a regular expression ("" = every call). */
  events: Record<string, string>;
  /** Host-only events (platforms.<id>.nativeHooks) wired verbatim: the host's event name → nothing to match. */
  nativeEvents?: string[];
  /** The events whose definition fails closed (onFailure: "deny"): a call that gets no answer is denied. */
  failClosed?: string[];
  /** Executable names of this host, and of the other hosts that load this folder too. */
  hostBins: string[];
  foreignBins: string[];
  logFile: string;
}

// agent-connector:settings:begin
const SETTINGS: Settings = {
  id: "agent-connector-example-opencode",
  host: "opencode",
  connector: "example",
  command: ["agent-connector", "hook", "opencode"],
  timeoutMs: 30000,
  events: { PreToolUse: "" },
  hostBins: ["opencode"],
  foreignBins: ["kilo", "mimo"],
  logFile: "/dev/null",
};
// agent-connector:settings:end

type Json = Record<string, any>;
/** What a handler's decision comes to for a plugin host (src/dialects/plugin-actions.ts). */
interface Reply {
  deny?: string;
  args?: Json;
  output?: string;
  context?: string;
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;

function note(message: string, outcome = "allowed (fail-open)"): void {
  try {
    mkdirSync(dirname(SETTINGS.logFile), { recursive: true });
    appendFileSync(SETTINGS.logFile, `${new Date().toISOString()} ${SETTINGS.host} plugin (${SETTINGS.connector}): ${oneLine(message)}; ${outcome}\n`);
  } catch {
    // Logging must never break the host.
  }
}

/** The host's objects share references (and cycles): each object is written once. */
function toJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "function" || typeof v === "symbol") return undefined;
    if (typeof v === "bigint") return String(v);
    if (v && typeof v === "object") {
      if (seen.has(v)) return "[circular]";
      seen.add(v);
    }
    return v;
  });
}

interface Finished {
  stdout: string;
  stderr: string;
  code: number | null;
  timedOut: boolean;
}

/** Runs the binary with `input` on stdin; killed after the connector's time budget. */
function run(argv: string[], input: string): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { env: process.env, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, SETTINGS.timeoutMs);
    child.stdout!.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk));
    // A binary that exits before reading its stdin: the write fails, the exit code tells.
    child.stdin!.on("error", () => {});
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8"), code, timedOut });
    });
    child.stdin!.end(input);
  });
}

/** What the worker answers (src/hook/plugin-worker.ts, WorkerAnswer). */
type Answer = { id: number; ready?: true; actions?: Reply; native?: unknown; failOpen?: string; fallback?: string };
interface Thread {
  post(message: unknown): void;
  end(): void;
  /** The host's environment as this worker last received it. */
  env?: Json;
}
interface Waiting {
  message: Json;
  settle(answer: Answer): void;
  /** Starts the call's budget (again, when it is sent to a new worker: its handler never ran). */
  arm(): void;
}

/** The worker of this module load, started on first need; `workerBroken` says why there is none. */
let thread: Thread | undefined;
let workerBroken: string | undefined;
let lastCall = 0;
const waiting = new Map<number, Waiting>();

/**
 * Starts the worker: Bun's Web Worker where there is one (it starts several times faster than its
 * node:worker_threads), node:worker_threads elsewhere. Unref'd: it never keeps the host alive
 * (a Node host such as Pi exits when its run ends).
 */
function startWorker(): Thread | undefined {
  if (!SETTINGS.runtime || workerBroken) return undefined;
  let ready = false;
  let current: Thread | undefined;
  const received = (answer: Answer) => {
    if (answer?.ready) ready = true;
    const call = waiting.get(answer?.id);
    if (!call) return;
    waiting.delete(answer.id);
    call.settle(answer);
  };
  /** It ended without being told to (it could not start, or crashed): the calls it held go elsewhere. */
  const gone = (why: string) => {
    if (thread !== current) return;
    thread = undefined;
    if (!ready) workerBroken = why;
    else note(`the plugin worker stopped (${why}); started again`);
    resend();
  };
  try {
    if (typeof Bun !== "undefined" && typeof Worker === "function") {
      const worker = new Worker(SETTINGS.runtime);
      worker.onmessage = (event) => received(event.data as Answer);
      worker.onerror = (event) => gone(event.message || "error");
      worker.addEventListener("close", () => gone("exited"));
      worker.unref();
      current = { post: (message) => worker.postMessage(message), end: () => worker.terminate() };
    } else {
      const worker = new NodeWorker(SETTINGS.runtime);
      worker.on("message", received);
      worker.on("error", (error: Error) => gone(error?.message ?? String(error)));
      worker.on("exit", (code) => gone(`exit ${code}`));
      // After the listeners: Node refs the worker again when a message listener is added.
      worker.unref();
      current = { post: (message) => worker.postMessage(message), end: () => void worker.terminate() };
    }
  } catch (error) {
    workerBroken = (error as Error)?.message ?? String(error);
    return undefined;
  }
  // It loads the connector and the decision code now, not on the host's first call.
  current.post({ id: 0, warm: true, host: SETTINGS.host, connector: SETTINGS.connector, events: Object.keys(SETTINGS.events), env: envFor(current) });
  return (thread = current);
}

/**
 * The host's environment for `worker`'s next message, or undefined when it has it already: a
 * worker's process.env is a copy from its start, and copying the whole environment into every
 * message measured a third of a call's cost.
 */
function envFor(worker: Thread): Json | undefined {
  const env = process.env;
  const sent = worker.env;
  if (sent) {
    let same = true;
    let count = 0;
    for (const key in env) {
      count++;
      if (env[key] !== sent[key]) {
        same = false;
        break;
      }
    }
    if (same && count === Object.keys(sent).length) return undefined;
  }
  return (worker.env = { ...env });
}

/** Starts the worker when the host loads the module (glue calls it once it knows it is loaded by its host). */
function prepare(): void {
  thread ??= startWorker();
}

/** The calls still waiting go to a new worker (or, if none can start, to the binary). */
function resend(): void {
  const next = startWorker();
  for (const [id, call] of waiting) {
    if (next) {
      call.arm();
      next.post({ ...call.message, env: envFor(next) });
    } else {
      waiting.delete(id);
      call.settle({ id, fallback: workerBroken ?? "no worker" });
    }
  }
}

/** Ends a worker that overran a call (a busy loop cannot be interrupted any other way) and starts the next. */
function restartWorker(): void {
  const old = thread;
  thread = undefined;
  old?.end();
  resend();
  thread ??= startWorker();
}

/** One call in the worker, within the connector's time budget. */
function viaWorker(event: string, payload: string, native: boolean): Promise<Answer> {
  const id = ++lastCall;
  const worker = thread ?? startWorker();
  if (!worker) return Promise.resolve({ id, fallback: workerBroken ?? "no worker" });
  const message = { id, host: SETTINGS.host, connector: SETTINGS.connector, event, native, payload, env: envFor(worker) };
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const call: Waiting = {
      message,
      settle: (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
      arm: () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          waiting.delete(id);
          restartWorker();
          resolve({ id, failOpen: `no answer within ${SETTINGS.timeoutMs} ms; the plugin worker was restarted` });
        }, SETTINGS.timeoutMs);
      },
    };
    waiting.set(id, call);
    call.arm();
    worker.post(message);
  });
}

/** Runs the connector's handler for `event` through the binary (the fallback); {} means no opinion. */
async function viaBinary(event: string, payload: string, native: boolean): Promise<Reply> {
  const closed = SETTINGS.failClosed?.includes(event) ?? false;
  const argv = [...SETTINGS.command, event, "--connector", SETTINGS.connector, ...(native ? ["--native"] : []), ...(closed ? ["--fail-closed"] : [])];
  const { stdout, stderr, code, timedOut } = await run(argv, payload);
  if (timedOut) throw new Error(`no answer within ${SETTINGS.timeoutMs} ms`);
  // Exit 2 is the binary's deny of last resort, reason on stderr.
  if (code === 2) return { deny: stderr.trim() || `Blocked by the ${SETTINGS.connector} hook` };
  if (code !== 0) throw new Error(`agent-connector exited ${code}: ${stderr.trim().slice(0, 500)}`);
  if (!stdout.trim()) return {};
  const reply: unknown = JSON.parse(stdout);
  if (!isObject(reply)) throw new Error(`unreadable reply: ${stdout.slice(0, 200)}`);
  return reply as Reply;
}

/** Runs the connector's handler for `event`: in the worker, or through the binary where it cannot; {} means no opinion. */
async function ask(event: string, payload: Json, toolName?: unknown): Promise<Reply> {
  const matcher = SETTINGS.events[event];
  const native = SETTINGS.nativeEvents?.includes(event) ?? false;
  if (matcher === undefined && !native) return {};
  try {
    // A first cut only: the decision code applies the same matcher again, from the connector's config.
    if (matcher && typeof toolName === "string" && !new RegExp(matcher).test(toolName)) return {};
    const input = toJson(payload);
    const answer = await viaWorker(event, input, native);
    if (answer.fallback !== undefined) return await viaBinary(event, input, native);
    if (answer.failOpen !== undefined) throw new Error(answer.failOpen);
    if (native) return (isObject(answer.native) ? answer.native : {}) as Reply;
    return isObject(answer.actions) ? answer.actions : {};
  } catch (error) {
    const why = (error as Error)?.message ?? String(error);
    if (SETTINGS.failClosed?.includes(event)) {
      note(`${event}: ${why}`, "denied (fail-closed)");
      return { deny: `${SETTINGS.connector} failed closed: ${why}` };
    }
    note(`${event}: ${why}`);
    return {};
  }
}

/** A deliberate deny: the one error that reaches the host. */
class Deny extends Error {}

/** Wraps a hook so that nothing but a deny escapes to the host. */
const guarded =
  <A extends unknown[], R = void>(name: string, fn: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R | undefined> => {
    try {
      return await fn(...args);
    } catch (error) {
      if (error instanceof Deny) throw new Error(error.message);
      note(`${name}: ${(error as Error)?.stack ?? String(error)}`);
      return undefined;
    }
  };

/** The host keeps its own reference to the arguments object: change it, never replace it. */
function replaceInPlace(target: Json, next: Json): void {
  for (const key of Object.keys(target)) if (!(key in next)) delete target[key];
  Object.assign(target, next);
}

/** Whether any of `events` is wired (a normalized event, or a native one). */
const wanted = (...events: string[]) => events.some((event) => event in SETTINGS.events || (SETTINGS.nativeEvents?.includes(event) ?? false));
const joinText = (...parts: unknown[]) => parts.filter((p) => typeof p === "string" && p !== "").join("\n\n");

/** The executable running this module, lowercase without `.exe`: which host loaded it (node for Node hosts). */
const runtimeName = (): string =>
  basename(process.execPath)
    .toLowerCase()
    .replace(/\.exe$/, "");
// agent-connector:dispatch:end

/** For the glue files' type checks only: a generated module holds the section above, not these exports. */
export { ask, Deny, guarded, prepare, isObject, joinText, note, replaceInPlace, runtimeName, SETTINGS, toJson, wanted };
export type { Json, Reply, Settings };
/** generate.ts imports this file as text; the default export only satisfies that import's type check. */
export default ask;
