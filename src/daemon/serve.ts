import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, unlinkSync } from "node:fs";
import { WORKER_SLOTS, WORKER_SOCKET_ENV, daemonDir, daemonSocket, workerSocket, type DaemonStatus, type WorkerMessage } from "./address.ts";
import { ask } from "./ask.ts";
import { listenAt } from "./listen-at.ts";
import { lines, send, type Outbox } from "./wire.ts";
import { HOOK_JIT_POLICY } from "../jit-policy.ts";

/**
 * The resident daemon (`agent-connector daemon serve`, started by the first hook call that finds
 * none). It keeps hook workers (src/hook/worker.ts: the hook code loaded, the watchdog armed, each
 * compiled connector evaluated once), one per slot, each listening on a socket of its own while
 * idle; a hook call connects straight to an idle one (src/hook/client.ts), so a call costs the
 * host a thin client and a handler run, not a runtime start, and no hop through this process. It
 * runs no user code itself: it starts workers, starts a fresh one when one leaves, counts calls,
 * answers `daemon status`, and leaves when idle, when its socket is taken over or removed, and
 * when its binary changes (upgrade); the next call starts the current one.
 */
const DEFAULT_IDLE_MS = 10 * 60_000;
/** Workers that die before they are ready, in a row: the binary cannot run them; leave. */
const MAX_FAILED_STARTS = 5;

interface Worker {
  proc: Bun.Subprocess<"pipe", "ignore", number>;
  slot: number;
  ready: boolean;
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
  const slots: (Worker | undefined)[] = Array.from({ length: WORKER_SLOTS }, () => undefined);
  let failedStarts = 0;
  let calls = 0;
  let lastCall = Date.now();
  let leaving = false;

  function spawnWorker(slot: number): void {
    // What user code prints on stderr lands in a file of the worker's own (src/hook/stderr-capture.ts).
    const stderrPath = `${workerSocket(path!, slot)}.stderr`;
    const stderr = openSync(stderrPath, "a+", 0o600);
    try {
      unlinkSync(stderrPath);
      const worker: Worker = { slot, ready: false } as Worker;
      worker.proc = Bun.spawn([process.execPath, "hook", "--worker"], {
        stdin: "pipe",
        stdout: "ignore",
        stderr,
        cwd: "/",
        env: { ...process.env, [WORKER_SOCKET_ENV]: workerSocket(path!, slot) },
        serialization: "json",
        ipc: (message: WorkerMessage) => heard(worker, message),
      });
      slots[slot] = worker;
      void worker.proc.exited.then(() => ended(worker));
    } finally {
      closeSync(stderr);
    }
  }

  function heard(worker: Worker, message: WorkerMessage): void {
    if ("ready" in message) {
      worker.ready = true;
      failedStarts = 0;
    } else if ("answered" in message) {
      calls++;
      lastCall = Date.now();
    }
  }

  const refill = () => {
    if (leaving) return;
    for (let slot = 0; slot < WORKER_SLOTS; slot++) if (!slots[slot] && failedStarts < MAX_FAILED_STARTS) spawnWorker(slot);
  };

  function ended(worker: Worker): void {
    if (!worker.ready) failedStarts++;
    if (slots[worker.slot] === worker) slots[worker.slot] = undefined;
    refill();
  }

  const live = () => slots.filter((w): w is Worker => w !== undefined);
  /** A ready worker without its socket is answering a call (or leaving after one). */
  const idle = (w: Worker) => w.ready && existsSync(workerSocket(path!, w.slot));

  const status = (): DaemonStatus => ({ pid: process.pid, binary: process.execPath, startedAt, calls, workers: live().length, ready: live().filter(idle).length, idleExitMs: idleMs });

  function answer(line: string): string {
    const request = JSON.parse(line) as { v?: number; status?: boolean; stop?: boolean };
    if (request.stop) setTimeout(leave, 0);
    if (request.status || request.stop) return JSON.stringify(status());
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
  refill();

  function leave(): never {
    leaving = true;
    server.stop(true);
    try {
      // Still ours (not taken over by a newer daemon of this build): so are the workers' sockets.
      if (statSync(path!).ino === inode) for (const socket of [path!, ...slots.map((_, slot) => workerSocket(path!, slot))]) rmSync(socket, { force: true });
    } catch {
      // Already gone.
    }
    for (const worker of live()) worker.proc.kill("SIGKILL");
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
    if (current !== inode || failedStarts >= MAX_FAILED_STARTS) leave();
    const answering = live().some((w) => w.ready && !idle(w));
    if (!answering && (Date.now() - lastCall > idleMs || binaryStamp() !== stamp)) leave();
  }, 1000);
  return undefined;
}

/** The binary as it is now (size, time, inode): replaced (an upgrade, a rebuild) or removed, the daemon leaves. */
function binaryStamp(): string {
  const stat = statSync(process.execPath, { throwIfNoEntry: false });
  return stat ? `${stat.size}-${stat.mtimeMs}-${stat.ino}` : "gone";
}

