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
import { clearCallTimers, prepareForUserCode } from "./guard.ts";
import { claimStdout } from "./stdout-guard.ts";
import { flushLogs, writeLogsAtOnce } from "./io.ts";
import { statHomeWith } from "./home-trust.ts";
import { backstopCovered } from "./backstop.ts";
import { nativeBackstop } from "./native-backstop.ts";
import { BACKSTOP_GRACE_MS } from "../core/timeout.ts";
import { stderrCapture } from "./stderr-capture.ts";
import {
  SERVES_ANOTHER,
  WORKER_SLOT_ENV,
  WORKER_SOCKET_ENV,
  boardPath,
  boundSocket,
  freshSocket,
  type CallHead,
  type WorkerMessage,
} from "../daemon/address.ts";
import { send } from "../daemon/wire.ts";
import { listenAt } from "../daemon/listen-at.ts";
import { openBoard } from "../daemon/board.ts";
import { WorkerLoop, type Caller } from "./worker-loop.ts";
import type { Reply } from "../dialects/dialect.ts";
import { asFramework, DateNow, framework, performanceNow, user, WORKER_PROPERTIES } from "./intrinsics.ts";

/**
 * How long past a call's deadline a worker held by native code ends itself. Long after the client
 * gave up (BACKSTOP_GRACE_MS) and told the daemon, which ends it then: this is for a daemon that died.
 */
const ORPHAN_BACKSTOP_MS = BACKSTOP_GRACE_MS + 5_000;

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
 * replaces it (client.ts). Its connections and calls move through the states drawn in
 * src/hook/worker-loop.ts; this file gives that loop its I/O and the call's own work.
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
    if (!loop.caller?.data.stdin) return;
    orphanBackstop?.arm(deadline + ORPHAN_BACKSTOP_MS);
    if (deadline !== defaultDeadline()) loop.line(loop.caller, { deadline: DateNow() + (deadline - performanceNow()) });
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
    const key = loop.caller?.data.key;
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
  let watch: CallWatch | undefined;
  const loop: WorkerLoop<Bun.Socket<Caller>, HookArgs, Reply> = new WorkerLoop({
    socketPath: (serving) => (serving ? boundSocket(daemon, serving, slot) : freshSocket(daemon, slot)),
    listen: (path, events) => listenAt<Caller>(path, { ...events, drain: (socket) => send(socket, socket.data.outbox) }),
    unlink: (path) => unlinkSync(path),
    exit: () => realExit(0),
    serves: (connector) => tell({ serving: connector }),
    shown: (state) => board?.set(slot, state, Date.now()),
    took: (serving) => {
      board?.took(slot, Date.now());
      if (serving) readCompiledAhead(serving, process.env);
    },
    enter: (head, socket, serving) => {
      beginCall(Date.now() - head.startedAt);
      orphanBackstop?.arm(clock.deadline + ORPHAN_BACKSTOP_MS);
      printed.begin();
      if (head.pid !== undefined) {
        const key = (socket.data.key = { pid: head.pid, startedAt: head.startedAt });
        const from = printed.from();
        board?.began(slot, key, from === undefined ? undefined : { pid: process.pid, from });
      }
      return enter(head, serving);
    },
    declined: () => orphanBackstop?.disarm(),
    run: (args, stdin) => {
      const answered = Promise.withResolvers<Reply>();
      watch = current = watchCall(args, answered.resolve, realSetTimeout);
      void (async () => answered.resolve(await hookReply(args, stdin)))();
      return answered.promise;
    },
    finish: (args, result) => {
      framework();
      watch?.stop();
      traceCall(args, result.exitCode);
      current = undefined;
      board?.answered(slot);
      return { exitCode: result.exitCode, stdout: result.stdout ?? "", stderr: `${printed.end()}${result.stderr ?? ""}` };
    },
    answered: () => {
      orphanBackstop?.disarm();
      clearCallTimers();
    },
    clean: () => !watch?.troubled() && callLeftNothing(),
    flush: flushLogs,
    framework,
    asFramework,
    user,
    later: realSetTimeout,
    soon: realSetImmediate,
    cancel: (handle) => realClearImmediate(handle as ReturnType<typeof setImmediate>),
  });

  // The daemon gone, its IPC channel ends: this worker answers the call in hand, if any, and leaves.
  process.on("disconnect", () => loop.orphan());
  loop.start();
  tell({ ready: true });
}

/** This worker's umask, as the last call's host had it. */
const hostProcess = { umask: process.umask() };

/**
 * The process becomes the host's hook process for this call: its folder, umask, environment and words. A
 * call for another connector than the one this worker serves is declined before anything of it runs.
 */
function enter(head: CallHead, serving: string | undefined): HookArgs {
  const args = parseHookArgv(head.argv.slice(1));
  if (!args) throw new Error(`not a hook call: ${head.argv.join(" ")}`);
  if (serving && args.connector !== serving)
    throw new Error(`${SERVES_ANOTHER} "${serving}", not ${args.connector ? `"${args.connector}"` : "a --config call"}`);
  process.chdir(head.cwd);
  // Most calls come with the umask of the one before: then no system call.
  if (head.umask !== undefined && head.umask !== hostProcess.umask) process.umask((hostProcess.umask = head.umask));
  replaceEnv(head.env);
  process.argv.splice(2, process.argv.length - 2, ...head.argv);
  return args;
}
