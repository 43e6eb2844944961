import type { ConnectorConfig, EventName } from "../events.ts";
import { readManagedSnapshot } from "./managed-snapshot.ts";
import type { Reply } from "../dialects/dialect.ts";
import { loadAdapter } from "../../adapters/hosts.ts";
import { readRegistry } from "../registry/read.ts";
import { configExport, readConnectorConfig } from "../config/read.ts";
import { hookCallSchema, type HookCallTarget } from "../config/hook-call-schema.ts";
import { BACKSTOP_GRACE_MS, budgetMs, handlerBudgetMs, replyReadBy } from "../core/timeout.ts";
import { prepareForUserCode, runGuarded, type Clock } from "./guard.ts";
import { flushLogs, logLine, writeStderr } from "./io.ts";
import { hostPayload, UnreadablePayload } from "./input.ts";
import { hookLogPath } from "../home.ts";
import { redact, setRedactionSources } from "./redact.ts";
import { claimProcessStdout, type ReplyWriter } from "./stdout-guard.ts";
import { writtenAtOnce } from "../write-whole.ts";
import { unreadReply } from "./unread-reply.ts";
import { armWatchdog, drainUntil, runUntil } from "./watchdog.ts";
import { armBackstop, backstopCovered } from "./backstop.ts";
import { nativeBackstop } from "./native-backstop.ts";
import { whereOf, type HookArgs } from "./argv.ts";
import { guardUserFs, readSource } from "./user-fs.ts";
import { evaluateCompiled, readCompiled } from "./load-compiled.ts";
import { checkedFor, EvaluatedConnectors, type Evaluated } from "./evaluated-connectors.ts";
import { refreshCompiled } from "./refresh-compiled.ts";
import type { CompiledMeta } from "../compiled/artifact.ts";
import { errorText, FailOpen, nativeReply, normalizedReply, type Runner } from "./decide.ts";
import { framework, MathMin, performanceNow } from "./intrinsics.ts";
import { closedReply } from "./fail-closed.ts";
import { failsClosed } from "../core/on-failure.ts";
import { targetKey } from "../config/hook-call-schema.ts";
import { logTarget, untrustedHome } from "./home-trust.ts";
import { noteFailure, recordCall } from "./audit-call.ts";
import { oneLine } from "../one-line.ts";
import { HookCalls, type HookCall } from "./hook-call.ts";

export type { HookArgs };

/**
 * The calls this process answers: the call in hand (hook-call.ts), made new by each beginCall, and
 * who hears of it. Process-wide, not per call: user code's timers (guard.ts) and the backstop set
 * up once per process (runHook, worker.ts) follow whichever call is in hand.
 */
const calls = new HookCalls();

/** The budget of the call in hand; until the connector's own timeout is known, the default's. Each move is told to onDeadline's listener. */
export const clock: Clock = {
  get deadline() {
    return calls.call.deadline;
  },
  set deadline(value: number) {
    calls.call.deadline = value;
  },
};

/** Told each time the call's deadline moves (the backstop follows it; a daemon's worker tells its client). */
export const onDeadline = (listener: (deadline: number) => void): void => void (calls.listeners.deadline = listener);

/**
 * Told the reply as soon as it is made, before the microtasks the handler left run (decide.ts): what
 * the host gets should one of them block natively (the native backstop in a process of its own, a
 * daemon's worker's client).
 */
export const onProvisional = (listener: (reply: Reply) => void): void => void (calls.listeners.provisional = listener);

/** The deadline of a call whose connector sets no timeout, where a daemon's client expects it (performance.now() time). */
export const defaultDeadline = (): number => calls.call.defaultDeadline;

export { whereOf };

const importsMoreThanUs = (source: string): boolean =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].some((m) => m[1] !== "agent-connector");

/** The call's words with the connector named, where only its config (`--config`) knew the id: the deny says whose guard failed closed. */
const named = (call: HookCall, args: HookArgs): HookArgs => (args.connector || !call.failure.connector ? args : { ...args, connector: call.failure.connector });

/** The call fails closed from here on: the deny it would give stands as its reply until a real one is made. */
function failClosed(call: HookCall, args: HookArgs): void {
  const { failure } = call;
  failure.closed = true;
  failure.standing = closedReply(failure.adapter, named(call, args), "user code blocked the process past its time budget", failure.payload, hookLogPath());
  call.offer(failure.standing);
}

/**
 * A new call in a process that answered others before (a daemon's worker, worker.ts), begun
 * `elapsedMs` ago by the host's process: the budget counts from there, as in a process of its own.
 * Nothing of the call before is left: the new call is a new object.
 */
export function beginCall(elapsedMs: number): HookCall {
  return calls.begin(performance.now() - (Number.isFinite(elapsedMs) ? Math.max(0, elapsedMs) : 0));
}

/** The reply standing while none is made (a fail-closed deny), or undefined: what a deadline's move re-arms. */
export const standingReply = (): Reply | undefined => calls.call.failure.standing;

/** Whether this process may answer another call: nothing failed open and no source module was loaded. */
export const callLeftNothing = (): boolean => calls.call.leftNothing;

/**
 * A call that cannot decide: exit 0, no decision, one stderr line, one log line; or, where the
 * definition fails closed, the host's deny (fail-closed.ts).
 */
export const failOpenReply = (args: HookArgs, message: string): Reply => failOpen(calls.call, args, message);

function failOpen(call: HookCall, args: HookArgs, message: string): Reply {
  const where = whereOf(args);
  const line = oneLine(redact(message).replace(/\r?\n\s*/g, " | ")); // one stderr line, as hosts show one, hiding none
  const closed = call.failure.closed || Boolean(args.failClosed);
  noteFailure(closed, line);
  if (closed) {
    call.decided = "fail-closed";
    logLine(`${where}: ${line}; denied (fail-closed)`);
    return closedReply(call.failure.adapter, named(call, args), line, call.failure.payload, hookLogPath());
  }
  call.decided = "fail-open";
  logLine(`${where}: ${line}; allowed (fail-open)`);
  return { exitCode: 0, stderr: `agent-connector: ${where}: ${line}; allowed (fail-open)${logTarget.refused ? "" : `, see ${hookLogPath()}`}\n` };
}

/** What one hook call prints and exits with. Never throws: every failure is a fail-open reply. */
export async function hookReply(args: HookArgs, stdin: string | Promise<string>, env = process.env): Promise<Reply> {
  const call = calls.call;
  try {
    return await reply(call, args, stdin, env);
  } catch (error) {
    return failOpen(call, args, error instanceof FailOpen ? error.message : `internal error: ${errorText(error, true)}`);
  }
}

async function reply(call: HookCall, args: HookArgs, stdinText: string | Promise<string>, env: Record<string, string | undefined>): Promise<Reply> {
  // What this call's lines must not carry, from its first line on (the payload's strings join once it is read).
  setRedactionSources({ env });
  // The adapter is data inside the binary, read before the home so a refused home can deny in the host's dialect.
  const adapter = await loadAdapter(args.platform);
  const { failure } = call;
  failure.adapter = adapter;
  if (args.failClosed) failClosed(call, args);
  // Before anything under the home is read or written: another local user must not choose what runs.
  const untrusted = await untrustedHome(args.connector, env);
  if (untrusted) throw new FailOpen(untrusted);
  if (!adapter) throw new FailOpen(`unknown platform "${args.platform}"`);
  // A host that kills its hooks at a fixed limit (Mux; Codex's SessionEnd) bounds every budget of the call.
  const hostEvent = args.native ? args.event : adapter.events[args.event as EventName];
  const limit = (hostEvent && adapter.eventTimeLimits?.[hostEvent]) || (adapter.hooks.kind === "hooks-folder" ? adapter.hooks.folder.timeLimit : undefined);
  if (limit) call.deadline = Math.min(call.deadline, (call.limit = call.start + budgetMs(limit)));
  // The config does not depend on the payload: load it while the host is still writing stdin.
  const configLoading = loadConfig(call, args, env);
  configLoading.catch(() => {});
  let payload: unknown;
  try {
    payload = await hostPayload(adapter.input, stdinText, env);
  } catch (error) {
    throw error instanceof UnreadablePayload ? new FailOpen(error.message) : error;
  }
  setRedactionSources({ env, payload });
  failure.payload = payload;
  const config = await configLoading;
  failure.connector = config.id;
  // Made again with the payload (some hosts' replies echo a field of it), and the config's policy known.
  if (failure.closed || failsClosed(config, targetOf(args))) failClosed(call, args);
  const runner: Runner = {
    run: (fn) => runGuarded(fn, call, whereOf(args)),
    deadline: () => call.deadline,
    decided: (what) => (call.decided = what),
    provisional: (made) => {
      failure.standing = undefined;
      call.offer(made);
    },
    settle: () => drainUntil(call.deadline),
  };
  if (args.native) return await nativeReply(args, config, payload, runner);
  return await normalizedReply(args, adapter, config, payload, env, runner);
}

const targetOf = (args: HookArgs): HookCallTarget => (args.native ? { platform: args.platform, native: args.event } : { event: args.event });

async function loadConfig(call: HookCall, args: HookArgs, env: Record<string, string | undefined>): Promise<ConnectorConfig> {
  const target = targetOf(args);
  let path = args.config;
  const managed = path ? await readManagedSnapshot(path) : undefined;
  if (managed) {
    if (managed.meta.failClosed?.includes(targetKey(target))) failClosed(call, args);
    return await fromCompiled(call, managed.meta, managed.body, target);
  }
  if (!path) {
    if (!args.connector) throw new FailOpen("neither --connector nor --config given");
    const compiled = await readCompiled(args.connector, env);
    const snapshot = compiled.kind !== "missing" && compiled.meta.kind !== "source" ? compiled : undefined;
    if (snapshot?.meta.failClosed?.includes(targetKey(target))) failClosed(call, args);
    if (snapshot?.kind === "ready") return await fromCompiled(call, snapshot.meta, snapshot.body, target);
    path = compiled.kind === "missing" ? await registeredConfig(args.connector, env) : compiled.meta.source;
    // Edited since install compiled it (or compiled by nothing yet): this call loads the source,
    // and a compile in the background makes the next ones fast again (or, when the source no
    // longer loads, records why: the snapshot then answers without trying it).
    if (compiled.kind !== "ready") refreshCompiled(args.connector, env);
    // A source that moved, broke or no longer validates never stops the guard: the snapshot answers.
    if (snapshot) return await fromSource(call, path, target).catch(() => fromCompiled(call, snapshot.meta, snapshot.body, target));
  }
  return await fromSource(call, path, target);
}

async function fromSource(call: HookCall, path: string, target: HookCallTarget): Promise<ConnectorConfig> {
  let config: ConnectorConfig;
  try {
    config = await readConnectorConfig(path, hookCallSchema(target), path.endsWith(".json") ? undefined : await guardedImport(call));
  } catch (error) {
    throw new FailOpen(errorText(error));
  }
  call.loadedSource = true;
  call.deadline = Math.min(call.start + handlerBudgetMs(config), call.limit ?? Infinity);
  return config;
}

async function registeredConfig(id: string, env: Record<string, string | undefined>): Promise<string> {
  const registry = await readRegistry(env).catch((error: Error) => {
    throw new FailOpen(`the registry cannot be read (${error.message}); reinstall the connector`);
  });
  const path = registry[id]?.config;
  if (!path) throw new FailOpen(`connector "${id}" is not installed (no registry entry)`);
  return path;
}

/** Compiled connectors this process evaluated (a daemon's worker, worker.ts): the same compiled text, the same evaluation. */
const evaluated = new EvaluatedConnectors<{ header: string; body: string; env: EnvChanges }>();

/** What a connector's top level did to process.env: in a process of its own it does it on every call, so a worker puts it back over each call's environment. */
interface EnvChanges {
  set: [string, string][];
  removed: string[];
}

function envChangesSince(before: Record<string, string | undefined>): EnvChanges {
  const changes: EnvChanges = { set: [], removed: [] };
  for (const key of Object.keys(process.env)) if (process.env[key] !== before[key]) changes.set.push([key, process.env[key]!]);
  for (const key of Object.keys(before)) if (!(key in process.env)) changes.removed.push(key);
  return changes;
}

function applyEnvChanges({ set, removed }: EnvChanges): void {
  for (const [key, value] of set) process.env[key] = value;
  for (const key of removed) delete process.env[key];
}

/** A connector as install compiled it: its top level runs under the watchdog, with its own budget from the start. */
async function fromCompiled(call: HookCall, meta: CompiledMeta, body: string, target: HookCallTarget): Promise<ConnectorConfig> {
  let entry: Pick<Evaluated<unknown>, "raw" | "checked">;
  try {
    if (meta.kind === "json") entry = { raw: JSON.parse(body), checked: new Map() };
    else {
      if (meta.timeout) call.deadline = Math.min(call.deadline, call.start + budgetMs(meta.timeout));
      const header = JSON.stringify(meta);
      const kept = evaluated.get(meta.id, (version) => version.header === header && version.body === body);
      if (kept) {
        entry = kept;
        applyEnvChanges(kept.version.env);
      } else {
        await armWatchdog();
        const before = { ...process.env };
        const run = evaluateCompiled(meta, body, call.deadline);
        if (run.kind === "timed-out") throw new FailOpen("the config did not finish loading within its time budget");
        if (run.kind === "threw") throw new FailOpen(`${meta.source}: cannot be loaded: ${errorText(run.error)}`);
        entry = evaluated.set(meta.id, { header, body, env: envChangesSince(before) }, configExport(meta.source, run.value));
      }
    }
    const config = checkedFor(entry, meta.source, target);
    call.deadline = Math.min(call.start + handlerBudgetMs(config), call.limit ?? Infinity);
    return config;
  } catch (error) {
    throw error instanceof FailOpen ? error : new FailOpen(errorText(error));
  }
}

/**
 * A script config is user code from its first line: it is imported under the watchdog, with its
 * node:fs imports guarded. Its `timeout` is read from the source as it loads, so a config whose top
 * level never finishes is still bounded by its own budget, not the default one.
 */
async function guardedImport(call: HookCall): Promise<(file: string) => Promise<Record<string, unknown>>> {
  await armWatchdog();
  return async (file) => {
    try {
      const source = readSource(file);
      // The plugin costs every file it loads a trip through JS: only when the config imports
      // anything besides "agent-connector" (node:fs itself, or a module that may import it).
      const importsOthers = importsMoreThanUs(source);
      if (importsOthers) guardUserFs();
      if (importsOthers || /\bprocess\b[\s\S]{0,3}(?:\.|\[)/.test(source)) claimProcessStdout();
      const timeout = /\btimeout\s*:\s*(\d+)/.exec(source)?.[1];
      if (timeout) call.deadline = Math.min(call.deadline, call.start + budgetMs(Math.min(600, Math.max(2, Number(timeout)))));
    } catch {
      // A missing file: the import below says so.
    }
    const run = runUntil(() => import(file) as Promise<Record<string, unknown>>, call.deadline);
    if (run.kind === "timed-out") throw new FailOpen("the config did not finish loading within its time budget");
    // A top-level await may wait on real I/O, past the watchdog's reach (the slow path: a source config).
    armBackstop(call.deadline, file);
    if (run.kind === "threw") throw run.error;
    return run.value;
  };
}

/** The call is answered: its ledger record (audit-call.ts), and with AGENT_CONNECTOR_DEBUG=1 a trace line; `agent-connector logs` reads both. */
export function traceCall(args: HookArgs, exitCode: number): void {
  const call = calls.call;
  recordCall(args, performance.now() - call.start);
  if (process.env.AGENT_CONNECTOR_DEBUG === "1")
    logLine(`${whereOf(args)}: trace: ${call.decided}, exit ${exitCode}, ${(performance.now() - call.start).toFixed(1)} ms`);
}

/** The deadline of one call, watched; stray errors of user code noted (the reason given if no result ever comes). */
export interface CallWatch {
  /** Answer now: fail-open, the stray error as the reason if there was one. */
  overrun(): void;
  noteStray(error: unknown): void;
  /** A stray error was seen, or the deadline passed. */
  troubled(): boolean;
  /** The call is answered: stop watching (a worker's next call must not hear of this one). */
  stop(): void;
}

export function watchCall(args: HookArgs, answer: (reply: Reply) => void, realSetTimeout: typeof setTimeout = setTimeout): CallWatch {
  const call = calls.call;
  let stray: unknown;
  let overran = false;
  let done = false;
  const overrun = () => {
    if (done) return;
    done = overran = true;
    // The handler's answer will never be awaited now: the reply is ours, with the original built-ins.
    framework();
    answer(failOpen(call, args, stray === undefined ? "did not answer within its time budget" : `handler threw: ${errorText(stray)}`));
  };
  // Polled, not armed once: the deadline moves when the connector's own timeout becomes known.
  // Unref'd: when nothing but this timer is left (a handler promise nobody will settle), beforeExit
  // answers at once instead of at the deadline. It may fire while user code's built-ins are in place (intrinsics.ts).
  const watch = () => {
    if (done) return;
    const left = call.deadline - performanceNow();
    if (left <= 0) overrun();
    else realSetTimeout(watch, MathMin(left, 100)).unref();
  };
  watch();
  return {
    overrun,
    // A stray error (a timer, a floating promise) does not decide the answer: the handler's result
    // does, so a deny made after it is kept.
    noteStray: (error) => {
      stray ??= error;
      logLine(`${whereOf(args)}: stray error in user code: ${errorText(error)}`);
    },
    troubled: () => overran || stray !== undefined,
    stop: () => void (done = true),
  };
}

/**
 * The `hook` command: read stdin, answer, exit, within the budget whatever user code does. A wait
 * that never ends (stdin never closed, a config or handler awaiting forever) ends at the deadline
 * timer; synchronous user code ends at the watchdog (watchdog.ts).
 */
export async function runHook(args: HookArgs, writeReply: ReplyWriter, stdin: Promise<string>): Promise<never> {
  // What no JS timer can end (native code that blocks, a loop after real I/O) is ended past the deadline.
  const backstop = nativeBackstop(whereOf(args));
  if (backstop) {
    backstopCovered();
    backstop.arm(clock.deadline + BACKSTOP_GRACE_MS);
    // A fail-closed deny standing as the reply is offered again for the new deadline (arm alone would leave it at the old one).
    onDeadline((moved) => {
      const standing = standingReply();
      if (standing) backstop.provisional(standing, moved + BACKSTOP_GRACE_MS);
      else backstop.arm(moved + BACKSTOP_GRACE_MS);
    });
    onProvisional((made) => backstop.provisional(made, clock.deadline + BACKSTOP_GRACE_MS));
  }
  let finishing = false;
  let realExit: (code: number) => never = process.exit.bind(process) as (code: number) => never;
  const finish = async (result: Reply): Promise<never> => {
    if (finishing) return new Promise<never>(() => {});
    finishing = true;
    // What the microtasks the handler left changed (they ran after its reply was made) is put back first.
    framework();
    let { exitCode, stderr } = result;
    // The reply is made: whatever holds the process from here on, it exits with this code, soon. A
    // reply written in parts waits for the host to read it, until the host's own timeout (unreadReply).
    if (result.stdout && !writtenAtOnce(result.stdout)) backstop?.provisional(unreadReply(args, result), replyReadBy(clock.deadline));
    else backstop?.answered(exitCode, performanceNow() + BACKSTOP_GRACE_MS);
    if (result.stdout && !(await writeReply(result.stdout)) && result.denyReason) {
      // User code closed our stdout: the deny every json-stdio host honours is exit 2 + reason.
      logLine(`${whereOf(args)}: stdout is closed; denied by exit 2`);
      exitCode = 2;
      stderr = `${result.denyReason}\n`;
    }
    backstop?.answered(exitCode, performanceNow() + BACKSTOP_GRACE_MS);
    if (stderr) await writeStderr(stderr);
    traceCall(args, exitCode);
    await flushLogs();
    return realExit(exitCode);
  };
  const call = watchCall(args, (reply) => void finish(reply));
  process.on("beforeExit", call.overrun);
  realExit = prepareForUserCode(clock, { onStray: call.noteStray, onOverrun: call.overrun });
  return finish(await hookReply(args, stdin));
}
