import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync, unlinkSync } from "node:fs";
import {
  WORKER_SLOT_ENV,
  WORKER_SOCKET_ENV,
  boardPath,
  boundSocket,
  daemonDir,
  daemonSocket,
  freshSocket,
  type DaemonStatus,
  type WorkerMessage,
} from "./address.ts";
import { ask } from "./ask.ts";
import { listenAt } from "./listen-at.ts";
import { lines, send, type Outbox } from "./wire.ts";
import { Workers, type Started } from "./workers.ts";
import { createBoard } from "./board.ts";
import { HOOK_JIT_POLICY } from "../jit-policy.ts";

/**
 * The resident daemon (`agent-connector daemon serve`, started by the first hook call that finds
 * none). It keeps hook workers (src/hook/worker.ts: the hook code loaded, the watchdog armed, the
 * connector it serves evaluated once), each listening on a socket of its own while idle; a hook
 * call connects straight to an idle one (src/hook/client.ts), so a call costs the host a thin
 * client and a handler run, not a runtime start, and no hop through this process. It runs no user
 * code itself: it starts workers and follows their states (src/daemon/workers.ts), counts calls,
 * answers `daemon status`, hears from a call that found no idle worker for its connector or gave up
 * on a stuck one, and leaves when idle, when its socket is taken over or removed, and when its
 * binary changes (upgrade); the next call starts the current one.
 */
const DEFAULT_IDLE_MS = 10 * 60_000;

/** What the daemon's socket is asked: `miss` (a call found no idle worker for its connector) and `stuck` (a call gave up on the worker in that slot at `at`) are answered with the status too. */
interface Request {
  v?: number;
  status?: boolean;
  stop?: boolean;
  miss?: string | null;
  stuck?: number;
  at?: number;
}

/** Undefined: serving (it leaves by itself); `ALREADY_SERVED`: another daemon of this build serves; otherwise why it cannot serve. */
export const ALREADY_SERVED = "";

export async function serveDaemon(env: Record<string, string | undefined> = process.env): Promise<string | undefined> {
  Bun.unsafe.setJITPolicy(HOOK_JIT_POLICY);
  const stamp = binaryStamp();
  const path = daemonSocket(env);
  if (!path) return "the socket path would be too long: hook calls run in-process";
  const dir = daemonDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (statSync(dir).uid !== process.getuid?.()) return `${dir} belongs to another user`;
  // Another daemon of this binary already serves.
  if (!("why" in (await ask(path, { v: 1, status: true })))) return ALREADY_SERVED;

  const idleMs = Number(env.AGENT_CONNECTOR_DAEMON_IDLE_MS) || DEFAULT_IDLE_MS;
  const startedAt = new Date().toISOString();
  const build = path.slice(dir.length + 1, -5);

  function startWorker(slot: number, heard: (message: WorkerMessage) => void): Started {
    // What user code prints on stderr lands in a file of the worker's own (src/hook/stderr-capture.ts).
    const stderrPath = `${freshSocket(path!, slot)}.stderr`;
    const stderr = openSync(stderrPath, "a+", 0o600);
    try {
      unlinkSync(stderrPath);
      const proc = Bun.spawn([process.execPath, "hook", "--worker"], {
        // Not a pipe of ours: user code that reads fd 0 finds it at its end, as in a hook process
        // whose stdin (the payload) was read; the worker learns that the daemon is gone from its IPC channel.
        stdin: "ignore",
        stdout: "ignore",
        stderr,
        cwd: "/",
        env: { ...process.env, [WORKER_SOCKET_ENV]: path!, [WORKER_SLOT_ENV]: String(slot) },
        serialization: "json",
        ipc: heard,
      });
      return { pid: proc.pid, kill: () => proc.kill("SIGKILL"), exited: proc.exited };
    } finally {
      closeSync(stderr);
    }
  }

  const workers = new Workers(createBoard(boardPath(path)), startWorker, (slot, connector) => {
    for (const socket of [freshSocket(path!, slot), ...(connector ? [boundSocket(path!, connector, slot)] : [])]) rmSync(socket, { force: true });
  });

  const status = (): DaemonStatus => ({
    pid: process.pid,
    binary: process.execPath,
    startedAt,
    calls: workers.calls,
    // A worker the daemon ended (stuck, evicted) is not one any more, even before its process is gone.
    workers: workers.live().filter((w) => workers.state(w) !== "ending").length,
    ready: workers.ready(),
    slots: workers.describe(),
    idleExitMs: idleMs,
  });

  function answer(line: string): string {
    const request = JSON.parse(line) as Request;
    if (request.stop) setTimeout(leave, 0);
    if (request.miss !== undefined) workers.miss(request.miss ?? undefined);
    if (request.stuck !== undefined) workers.stuck(request.stuck, Number(request.at));
    if (request.status || request.stop || request.miss !== undefined || request.stuck !== undefined) return JSON.stringify(status());
    return JSON.stringify({ retry: "hook calls go to the daemon's workers: a client of another build?" });
  }

  const server = listenAt<{ split: ReturnType<typeof lines>; outbox: Outbox }>(path, {
    open(socket) {
      socket.data = { split: lines(), outbox: {} };
    },
    drain: (socket) => send(socket, socket.data.outbox),
    data(socket, chunk) {
      const [line] = socket.data.split.push(chunk);
      if (line === undefined) return;
      let reply: string;
      try {
        reply = answer(line);
      } catch (error) {
        reply = JSON.stringify({ retry: (error as Error).message });
      }
      send(socket, socket.data.outbox, `${reply}\n`, true);
    },
  });
  const inode = statSync(path).ino;
  workers.open();
  // The ledger's shipping to OpenTelemetry collectors (docs/audit.md): loaded here, never on a call's path.
  void import("./otlp-ship.ts").then(({ startShipping }) => startShipping(env)).catch(() => {});

  function leave(): never {
    server.stop(true);
    workers.close();
    try {
      // Still ours (not taken over by a newer daemon of this build): so are the workers' sockets.
      if (statSync(path!).ino === inode) for (const name of readdirSync(dir)) if (name.startsWith(`${build}.`)) rmSync(`${dir}/${name}`, { force: true });
    } catch {
      // Already gone.
    }
    process.exit(0);
  }
  process.on("SIGTERM", leave);
  setInterval(() => {
    let current: number | undefined;
    try {
      current = statSync(path).ino;
    } catch {
      // Removed (its folder deleted): nobody can reach this daemon any more.
    }
    if (current !== inode || workers.broken) leave();
    workers.tick();
    if (!workers.answering() && (Date.now() - workers.lastCall > idleMs || binaryStamp() !== stamp)) leave();
  }, 1000);
  return undefined;
}

/** The binary as it is now (size, time, inode): replaced (an upgrade, a rebuild) or removed, the daemon leaves. */
function binaryStamp(): string {
  const stat = statSync(process.execPath, { throwIfNoEntry: false });
  return stat ? `${stat.size}-${stat.mtimeMs}-${stat.ino}` : "gone";
}
