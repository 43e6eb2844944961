import { appendFileSync, constants, mkdirSync, readFileSync, renameSync, statSync, unlinkSync } from "node:fs";
import { armWatchdog } from "./watchdog.ts";
import { readCompiledAhead, readCompiledWith } from "./load-compiled.ts";
import { nodeStamp } from "../compiled/node-stamp.ts";
import { replaceEnv } from "./replace-env.ts";
import { parseHookArgv } from "./argv.ts";
import {
  beginCall,
  callLeftNothing,
  clock,
  defaultDeadline,
  hookReply,
  onDeadline,
  onProvisional,
  traceCall,
  watchCall,
  type CallWatch,
  type HookArgs,
} from "./run.ts";
import type { CallKey } from "../daemon/provisional.ts";
import { clearCallTimers, prepareForUserCode } from "./guard.ts";
import { claimStdout } from "./stdout-guard.ts";
import { flushLogs, writeLogsAtOnce } from "./io.ts";
import { statHomeWith } from "./home-trust.ts";
import { backstopCovered } from "./backstop.ts";
import { nativeBackstop } from "./native-backstop.ts";
import { BACKSTOP_GRACE_MS } from "../core/timeout.ts";
import { stderrCapture } from "./stderr-capture.ts";
import {
  BUSY,
  WORKER_SLOT_ENV,
  WORKER_SOCKET_ENV,
  boardPath,
  boundSocket,
  freshSocket,
  type CallHead,
  type DaemonReply,
  type DeadlineLine,
  type WorkerMessage,
} from "../daemon/address.ts";
import { lines, send, type Outbox } from "../daemon/wire.ts";
import { listenAt } from "../daemon/listen-at.ts";
import { IDLE, LEAVING, openBoard } from "../daemon/board.ts";
import type { Reply } from "../dialects/dialect.ts";
import { asFramework, DateNow, framework, performanceNow, user, WORKER_PROPERTIES } from "./intrinsics.ts";

/**
 * How long past a call's deadline a worker held by native code ends itself. Long after the client
 * gave up (BACKSTOP_GRACE_MS) and told the daemon, which ends it then: this is for a daemon that died.
 */
const ORPHAN_BACKSTOP_MS = BACKSTOP_GRACE_MS + 5_000;

/** How long a listener whose socket was unlinked keeps taking the calls that connected before. */
const OLD_LISTENER_MS = 1_000;

/** A worker answers this many calls, then makes room for a fresh one (whatever user code keeps grows no further). */
const CALLS_PER_WORKER = 500;

/** A connection from a hook call (src/hook/client.ts): its call's head, then its stdin, one line each. */
interface Caller {
  split: ReturnType<typeof lines>;
  outbox: Outbox;
  /** Set once the head arrived: the call is being prepared, and stdin completes it. */
  stdin?: PromiseWithResolvers<string>;
  /** Which call it is, for its provisional reply (src/daemon/provisional.ts). */
  key?: CallKey;
  gotStdin?: boolean;
}

/**
 * A hook process the daemon keeps (`agent-connector hook --worker`, src/daemon/serve.ts): the hook
 * code loaded and the watchdog armed, it listens on a socket of its own while idle and answers the
 * hook calls that connect there (src/hook/client.ts), one at a time, each in the host's working
 * folder and environment, under the same guards as a call in a process of its own (run.ts).
 *
 * It serves one connector: the first it is called for. Until then it listens at its slot's fresh
 * socket; from then on at that connector's socket, and a call for another connector is declined
 * (the client runs it in its own process). So connectors never share a JavaScript realm: what one
 * does to a built-in, a timer or its module state cannot reach another's calls, and its module
 * scope persists between its own calls (like a warm serverless function) and nowhere else.
 *
 * Taking a call, it reads its connector's compiled file before the call's head arrives, and removes
 * its socket (the next call finds another worker, or runs in its own process) once the call yields
 * to the event loop: a call answered before that (most are) keeps listening as it was, and a call
 * that connected meanwhile waits in its backlog for no longer than that answer took; it prepares the
 * call (folder, environment, connector) as soon as the head is there, while the host may still be
 * writing stdin. Timers its handler set end with the call's answer, as they would with a process
 * of its own. A call that leaves anything behind (a fail-open, a stray error, a source module) is
 * its last: the worker leaves once it has answered, and the daemon starts a fresh one in its slot.
 * It shows each change of its state on the daemon's board (src/daemon/board.ts). Its code holding
 * it past a call's deadline (native code that blocks), the client answers for it and the daemon
 * replaces it (client.ts).
 */
export async function runWorker(): Promise<void> {
  const daemon = process.env[WORKER_SOCKET_ENV] ?? "";
  const slot = Number(process.env[WORKER_SLOT_ENV]);
  readCompiledWith((file) => readFileSync(file, "utf8"), nodeStamp);
  writeLogsAtOnce({ appendFileSync, constants, mkdirSync, renameSync, statSync });
  statHomeWith((path) => statSync(path, { throwIfNoEntry: false }));
  claimStdout(); // user code's routes to stdout lead to stderr, as in a call of its own
  await armWatchdog();
  const realSetTimeout = setTimeout;
  const realSetImmediate = setImmediate;
  const realClearImmediate = clearImmediate;
  let current: CallWatch | undefined;
  // The client holds each call's deadline: told it whenever it is not the default, before user code runs.
  backstopCovered();
  const orphanBackstop = nativeBackstop(`daemon worker ${slot}`);
  onDeadline((deadline) => {
    if (!caller?.data.stdin) return;
    orphanBackstop?.arm(deadline + ORPHAN_BACKSTOP_MS);
    if (deadline !== defaultDeadline()) line(caller, { deadline: DateNow() + (deadline - performanceNow()) });
  });
  const realExit = prepareForUserCode(
    clock,
    { onStray: (error) => current?.noteStray(error), onOverrun: () => current?.overrun() },
    { intrinsics: WORKER_PROPERTIES() },
  );
  const printed = stderrCapture();
  const board = openBoard(boardPath(daemon));
  // The reply as soon as it is made, before the microtasks the handler left run: its caller prints
  // it should one of them hold this worker past the deadline (src/daemon/provisional.ts), after what
  // user code printed on stderr up to the block, which the caller reads from this worker's file.
  onProvisional((made) => {
    const key = caller?.data.key;
    if (key) board?.provisional(slot, key, { exitCode: made.exitCode, stdout: made.stdout ?? "", stderr: made.stderr ?? "" });
  });
  const send_ = process.send?.bind(process);
  const tell = (message: WorkerMessage) => {
    try {
      send_?.(message);
    } catch {
      // The daemon is gone: the IPC channel's end tells us too.
    }
  };
  let served = 0;
  let listener: Bun.UnixSocketListener<Caller> | undefined;
  /** Where `listener` can be reached; undefined once its socket is removed. */
  let listeningAt: string | undefined;
  /** The socket's removal, due once the call in hand yields to the event loop. */
  let unlinking: ReturnType<typeof setImmediate> | undefined;
  /** The connection that took this worker, until its call is answered. */
  let caller: Bun.Socket<Caller> | undefined;
  /** Answered; leaving once the answer is out. */
  let leaving = false;
  /** The daemon is gone: this worker answers the call in hand, if any, and leaves. */
  let orphaned = false;
  /** The connector this worker serves, once it took a call for one. */
  let serving: string | undefined;
  /** Where it listens while idle. */
  const socketPath = () => (serving ? boundSocket(daemon, serving, slot) : freshSocket(daemon, slot));

  function listen(): void {
    // The socket it listened at is unlinked by now (no call can reach it any more), but a call may
    // have connected just before: it waits in that listener's backlog, which closing it would
    // drop (the call lost). The old listener takes those first, as this worker's next calls.
    const old = listener;
    if (old) realSetTimeout(() => old.stop(false), OLD_LISTENER_MS);
    listeningAt = socketPath();
    listener = listenAt<Caller>(listeningAt, { open, data, drain: (socket) => send(socket, socket.data.outbox), close });
  }

  /**
   * No new connections: the next call finds another worker, or runs in its own process. The
   * listener stays until the next listen(): a call that connected before is taken and told BUSY
   * (open), as a call is that connects while another is taken.
   */
  function unlink(): void {
    if (unlinking) realClearImmediate(unlinking);
    unlinking = undefined;
    try {
      if (listeningAt) unlinkSync(listeningAt);
    } catch {
      // Already gone (the daemon's folder removed): the daemon leaves, and this worker with it.
    }
    listeningAt = undefined;
  }

  const line = (socket: Bun.Socket<Caller>, message: DaemonReply | DeadlineLine, end = false) =>
    send(socket, socket.data.outbox, `${JSON.stringify(message)}\n`, end);

  function open(socket: Bun.Socket<Caller>): void {
    // Connected together with the call this worker took (before it stopped listening), maybe while
    // its handler runs with user code's built-ins in place: answered with the originals.
    if (caller) {
      return asFramework(() => {
        socket.data = { split: lines(), outbox: {} };
        line(socket, { retry: BUSY }, true);
      });
    }
    // Idle, user code's built-ins were in place (its timers may run between calls): the call runs with the originals.
    framework();
    socket.data = { split: lines(), outbox: {} };
    caller = socket;
    board?.took(slot, Date.now());
    // While the client sends the call's words: the call is for this worker's connector (or declined).
    if (serving) readCompiledAhead(serving, process.env);
  }

  function data(socket: Bun.Socket<Caller>, chunk: Uint8Array): void {
    if (socket !== caller) return;
    for (const text of socket.data.split.push(chunk)) {
      const call = socket.data;
      if (call.stdin) {
        if (call.gotStdin) continue;
        call.gotStdin = true;
        call.stdin.resolve(parsedOr(text, ""));
        continue;
      }
      const head = parsedOr<CallHead | undefined>(text, undefined);
      if (head?.v !== 2) {
        line(socket, { retry: "a request this worker does not understand" }, true);
        return free();
      }
      call.stdin = Promise.withResolvers<string>();
      void answer(head, call.stdin.promise, socket);
    }
  }

  function close(socket: Bun.Socket<Caller>): void {
    if (socket !== caller) return;
    if (leaving) realExit(0);
    // Gone before its call came: idle again.
    else if (!socket.data.stdin) free();
    // Gone after the head, before stdin (the host never closed it in time; the call runs in its own
    // process): what was prepared for it cannot be finished, so this worker makes way for a fresh one.
    else if (!socket.data.gotStdin) realExit(0);
    // Gone while its call runs (its host's process ended): the call is finished, the answer dropped.
  }

  async function answer(head: CallHead, stdin: Promise<string>, socket: Bun.Socket<Caller>): Promise<void> {
    // Connections that come while this call runs: those the event loop takes before the socket is
    // gone are told BUSY (above), and run in their own process.
    unlinking ??= realSetImmediate(unlink);
    beginCall(Date.now() - head.startedAt);
    orphanBackstop?.arm(clock.deadline + ORPHAN_BACKSTOP_MS);
    printed.begin();
    if (head.pid !== undefined) {
      const key = (socket.data.key = { pid: head.pid, startedAt: head.startedAt });
      const from = printed.from();
      board?.began(slot, key, from === undefined ? undefined : { pid: process.pid, from });
    }
    let args: HookArgs;
    try {
      args = enter(head, serving);
      if (!serving && args.connector) tell({ serving: (serving = args.connector) });
    } catch (error) {
      // Nothing of the call has run: the host's process runs it itself.
      line(socket, { retry: (error as Error).message }, true);
      orphanBackstop?.disarm();
      return free();
    }
    const answered = Promise.withResolvers<Reply>();
    const watch = (current = watchCall(args, answered.resolve, realSetTimeout));
    void (async () => answered.resolve(await hookReply(args, stdin)))();
    const result = await answered.promise;
    framework();
    watch.stop();
    traceCall(args, result.exitCode);
    current = undefined;
    board?.answered(slot);
    // The answer first, in this same turn: no timer of user code runs before it is out.
    line(socket, { exitCode: result.exitCode, stdout: result.stdout ?? "", stderr: `${printed.end()}${result.stderr ?? ""}` }, true);
    orphanBackstop?.disarm();
    clearCallTimers();
    served++;
    // Whether this call is the worker's last is known now: its socket goes in this same turn, before
    // anything awaits. Else the host's next call, made as soon as this answer is read, could connect
    // to a worker about to leave and wait in its backlog until the exit drops it (a lost answer).
    const last = orphaned || served >= CALLS_PER_WORKER || watch.troubled() || !callLeftNothing() || !serving;
    if (last) {
      board?.set(slot, LEAVING, Date.now());
      unlink();
    }
    await flushLogs();
    if (last) return leaveAfter(socket);
    free();
  }

  /** Ready for the next call. */
  function free(): void {
    caller = undefined;
    if (orphaned) realExit(0);
    // Still reachable where it should be (the call never yielded): nothing to do.
    if (listeningAt === socketPath()) {
      if (unlinking) realClearImmediate(unlinking);
      unlinking = undefined;
    } else {
      unlink();
      try {
        listen();
      } catch {
        realExit(0); // the daemon's folder is gone: so is the daemon
      }
    }
    board?.set(slot, IDLE, Date.now());
    // Idle: what runs now is the connector's own timers, with its versions of the built-ins.
    user();
  }

  /** Leaves once the answer is out of this process (what the socket's buffer holds, the peer still gets). */
  function leaveAfter(socket: Bun.Socket<Caller>): void {
    leaving = true;
    if (!socket.data.outbox.pending?.length) realExit(0);
  }

  // The daemon gone, its IPC channel ends: this worker answers the call in hand, if any, and leaves.
  process.on("disconnect", () => {
    orphaned = true;
    if (!caller) realExit(0);
  });
  listen();
  board?.set(slot, IDLE, Date.now());
  tell({ ready: true });
}

/** This worker's umask, as the last call's host had it. */
let umask = process.umask();

/**
 * The process becomes the host's hook process for this call: its folder, umask, environment and words. A
 * call for another connector than the one this worker serves is declined before anything of it runs.
 */
function enter(head: CallHead, serving: string | undefined): HookArgs {
  const args = parseHookArgv(head.argv.slice(1));
  if (!args) throw new Error(`not a hook call: ${head.argv.join(" ")}`);
  if (serving && args.connector !== serving)
    throw new Error(`this worker serves connector "${serving}", not ${args.connector ? `"${args.connector}"` : "a --config call"}`);
  process.chdir(head.cwd);
  // Most calls come with the umask of the one before: then no system call.
  if (head.umask !== undefined && head.umask !== umask) process.umask((umask = head.umask));
  replaceEnv(head.env);
  process.argv.splice(2, process.argv.length - 2, ...head.argv);
  return args;
}

function parsedOr<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
