import { chmodSync, readFileSync, renameSync, unlinkSync } from "node:fs";
import { armWatchdog } from "./watchdog.ts";
import { readCompiledWith } from "./load-compiled.ts";
import { nodeStamp } from "../compiled/node-stamp.ts";
import { replaceEnv } from "./replace-env.ts";
import { parseHookArgv } from "./argv.ts";
import { beginCall, callLeftNothing, clock, hookReply, traceCall, watchCall, whereOf, type CallWatch, type HookArgs } from "./run.ts";
import { prepareForUserCode } from "./guard.ts";
import { claimStdout } from "./stdout-guard.ts";
import { flushLogs } from "./io.ts";
import { backstopArmed, onBackstopArmed } from "./backstop.ts";
import { stderrCapture } from "./stderr-capture.ts";
import { blockedLine } from "../core/timeout.ts";
import { BUSY, WORKER_SOCKET_ENV, type DaemonCall, type DaemonReply, type IfKilled, type WorkerMessage } from "../daemon/address.ts";
import { lines, send, type Outbox } from "../daemon/wire.ts";
import type { Reply } from "../dialects/dialect.ts";

/** A worker answers this many calls, then makes room for a fresh one (whatever user code keeps grows no further). */
const CALLS_PER_WORKER = 500;

interface Caller {
  split: ReturnType<typeof lines>;
  outbox: Outbox;
  /** This connection brought the call being answered. */
  calling: boolean;
}

/**
 * A hook process the daemon keeps (`agent-connector hook --worker`, src/daemon/serve.ts): the hook
 * code loaded, the watchdog armed and each compiled connector evaluated once, it listens on the
 * socket of its slot while idle and answers the hook calls that connect there (src/hook/client.ts),
 * one at a time, each in the host's working folder and environment, under the same guards as a
 * call in a process of its own (run.ts). Taking a call, it removes its socket (the next call finds
 * the other slot's worker, or runs in its own process); answered, it listens again. A call that
 * leaves anything behind (a fail-open, a stray error, a source module, an armed backstop) is its
 * last: the worker leaves once it has answered, and the daemon starts a clean one in its slot.
 */
export async function runWorker(): Promise<void> {
  const path = process.env[WORKER_SOCKET_ENV] ?? "";
  readCompiledWith((file) => readFileSync(file, "utf8"), nodeStamp);
  claimStdout(); // user code's routes to stdout lead to stderr, as in a call of its own
  await armWatchdog();
  const realSetTimeout = setTimeout;
  let current: CallWatch | undefined;
  const realExit = prepareForUserCode(clock, { onStray: (error) => current?.noteStray(error), onOverrun: () => current?.overrun() });
  const printed = stderrCapture();
  const tell = (message: WorkerMessage) => {
    try {
      process.send?.(message);
    } catch {
      // The daemon is gone: stdin's end tells us too.
    }
  };
  let served = 0;
  /** A connection took this worker (the call may not have arrived yet). */
  let busy = false;
  /** Its call arrived and is being answered. */
  let answering = false;
  /** Answered; leaving once the answer is out. */
  let leaving = false;
  /** The daemon is gone: this worker answers the call in hand, if any, and leaves. */
  let orphaned = false;
  let listener: Bun.UnixSocketListener<Caller> | undefined;

  // Bound under a temporary name, then renamed: a hook call finds this socket listening or none.
  function listen(): void {
    const temp = `${path.slice(0, path.lastIndexOf("/"))}/w${process.pid}`;
    try {
      unlinkSync(temp);
    } catch {
      // None left over.
    }
    listener = Bun.listen<Caller>({ unix: temp, socket: { open, data, drain: (socket) => send(socket, socket.data.outbox), close } });
    chmodSync(temp, 0o600);
    renameSync(temp, path);
  }

  function open(socket: Bun.Socket<Caller>): void {
    socket.data = { split: lines(), outbox: {}, calling: false };
    if (busy) return send(socket, socket.data.outbox, `${JSON.stringify({ retry: BUSY } satisfies DaemonReply)}\n`, true);
    busy = socket.data.calling = true;
    listener?.stop(false);
    listener = undefined;
    try {
      unlinkSync(path);
    } catch {
      // Already gone (the daemon's folder removed): the daemon leaves, and this worker with it.
    }
  }

  function close(socket: Bun.Socket<Caller>): void {
    if (!socket.data.calling) return;
    if (leaving) realExit(0);
    // Gone before sending a call (its host's stdin never came): idle again.
    else if (busy && !answering) idle();
  }

  function data(socket: Bun.Socket<Caller>, chunk: Uint8Array): void {
    const [line] = socket.data.split.push(chunk);
    if (line === undefined || !socket.data.calling || answering) return;
    answering = true;
    let call: DaemonCall;
    try {
      call = JSON.parse(line) as DaemonCall;
    } catch {
      send(socket, socket.data.outbox, `${JSON.stringify({ retry: "a request this worker does not understand" } satisfies DaemonReply)}\n`, true);
      return idle();
    }
    void answer(call, socket);
  }

  async function answer(call: DaemonCall, socket: Bun.Socket<Caller>): Promise<void> {
    const reply = (line: DaemonReply | IfKilled, end = false) => send(socket, socket.data.outbox, `${JSON.stringify(line)}\n`, end);
    beginCall(Date.now() - call.startedAt);
    printed.begin();
    let args: HookArgs;
    try {
      args = enter(call);
    } catch (error) {
      // Nothing of the call has run: the host's process runs it itself.
      reply({ retry: (error as Error).message }, true);
      return idle();
    }
    // Armed, the backstop ends this process if user code does not let go in time: the host is then
    // told what it would have seen from a hook process of its own.
    onBackstopArmed((at) => reply({ ifKilled: { exitCode: 1, signal: "SIGKILL", stdout: "", stderr: `${blockedLine(whereOf(args))}\n` }, at }));
    const answered = Promise.withResolvers<Reply>();
    const watch = (current = watchCall(args, answered.resolve, realSetTimeout));
    void hookReply(args, call.stdin).then(answered.resolve);
    const result = await answered.promise;
    watch.stop();
    traceCall(args, result.exitCode);
    await flushLogs();
    current = undefined;
    reply({ exitCode: result.exitCode, stdout: result.stdout ?? "", stderr: `${printed.end()}${result.stderr ?? ""}` }, true);
    served++;
    tell({ answered: true });
    if (orphaned || served >= CALLS_PER_WORKER || watch.troubled() || !callLeftNothing() || backstopArmed()) return leaveAfter(socket);
    idle();
  }

  function idle(): void {
    if (orphaned) realExit(0);
    busy = answering = false;
    try {
      listen();
    } catch {
      realExit(0); // the daemon's folder is gone: so is the daemon
    }
  }

  /** Leaves once the answer is out of this process (what the socket's buffer holds, the peer still gets). */
  function leaveAfter(socket: Bun.Socket<Caller>): void {
    leaving = true;
    if (!socket.data.outbox.pending?.length) realExit(0);
  }

  // The daemon holds our stdin open: its end (the daemon gone) is ours, once the call in hand is answered.
  void Bun.stdin.text().finally(() => {
    orphaned = true;
    if (!busy) realExit(0);
  });
  listen();
  tell({ ready: true });
}

/** The process becomes the host's hook process for this call: its folder, environment and words. */
function enter(call: DaemonCall): HookArgs {
  process.chdir(call.cwd);
  replaceEnv(call.env);
  process.argv.splice(2, process.argv.length - 2, ...call.argv);
  const args = parseHookArgv(call.argv.slice(1));
  if (!args) throw new Error(`not a hook call: ${call.argv.join(" ")}`);
  return args;
}
