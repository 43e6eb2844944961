import { chmodSync, mkdirSync, renameSync, statSync, unlinkSync } from "node:fs";
import { BUSY, END_MARK_ENV, daemonDir, daemonSocket, type DaemonCall, type DaemonReply, type DaemonStatus, type WorkerMessage } from "./address.ts";
import { ask } from "./ask.ts";
import { ACK, lines, markedLines, send, type Outbox } from "./wire.ts";
import { blockedLine } from "../core/timeout.ts";
import { HOOK_JIT_POLICY } from "../jit-policy.ts";

/**
 * The resident daemon (`agent-connector daemon serve`, started by the first hook call that finds
 * none). It keeps hook workers (src/hook/worker.ts: the hook code loaded, the watchdog armed, each
 * compiled connector evaluated once) and hands each call to an idle one, so a call costs the host a
 * thin client (src/hook/client.ts) and a handler run, not a runtime start. It runs no user code
 * itself: workers do, each a process it can end. It leaves when idle, when its socket is taken
 * over or removed, and when its binary changes (upgrade); the next call starts the current one.
 */
const WORKERS = 2;
/** The longest budget a connector may have (timeout ≤ 600 s) and the backstop's grace, with margin. */
const HARD_LIMIT_MS = 605_000;
const DEFAULT_IDLE_MS = 10 * 60_000;
/** Workers that die before they are ready, in a row: the binary cannot run them; leave. */
const MAX_FAILED_STARTS = 5;
/**
 * A call answered within this time gets its reply without an acknowledgement before it (one
 * wake-up of the hook's process, not two); a slower one is acknowledged then, well before the
 * hook's process gives up on the daemon (ACK_WAIT_MS, ask.ts).
 */
const ACK_DELAY_MS = 50;

interface Worker {
  proc: Bun.Subprocess<"pipe", "ignore", "pipe">;
  ready: boolean;
  /** The call it is answering. */
  call?: { argv: string[]; answer(reply: DaemonReply): void };
}

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
  if (!("why" in (await ask(path, { v: 1, status: true })))) return undefined;

  const idleMs = Number(env.AGENT_CONNECTOR_DAEMON_IDLE_MS) || DEFAULT_IDLE_MS;
  const endMark = `agent-connector-end-${crypto.randomUUID()} `;
  const startedAt = new Date().toISOString();
  const workers = new Set<Worker>();
  let failedStarts = 0;
  let calls = 0;
  let active = 0;
  let lastCall = Date.now();

  function spawnWorker(): void {
    const worker: Worker = { ready: false } as Worker;
    worker.proc = Bun.spawn([process.execPath, "hook", "--worker"], {
      stdin: "pipe",
      stdout: "ignore",
      stderr: "pipe",
      cwd: "/",
      env: { ...process.env, [END_MARK_ENV]: endMark },
      serialization: "json",
      // Calls go to the worker this way, not on its stdin: there, our reader locks it and user code
      // that reads stdin (a hook script's habit) throws, or takes the next call's line
      // (test/daemon.test.ts). Its messages come back on its stderr (address.ts).
      ipc: () => {},
    });
    workers.add(worker);
    void listen(worker);
    void worker.proc.exited.then(() => ended(worker));
  }

  async function listen(worker: Worker): Promise<void> {
    const messages = markedLines(endMark);
    for await (const chunk of worker.proc.stderr) {
      for (const { printed, line } of messages.push(chunk)) {
        let message: WorkerMessage;
        try {
          message = JSON.parse(line) as WorkerMessage;
        } catch {
          continue; // not ours: the mark cannot be guessed, so this does not happen
        }
        heard(worker, message, printed);
      }
    }
  }

  const refill = () => {
    while (workers.size < WORKERS && failedStarts < MAX_FAILED_STARTS) spawnWorker();
  };

  function heard(worker: Worker, message: WorkerMessage, printed: string): void {
    if ("ready" in message) {
      worker.ready = true;
      failedStarts = 0;
      return;
    }
    const call = worker.call;
    worker.call = undefined;
    if (!call) return;
    if ("refused" in message) return call.answer({ retry: message.refused });
    const { reply, last } = message;
    call.answer({ ...reply, stderr: `${printed}${reply.stderr}` });
    if (last) retire(worker);
  }

  function retire(worker: Worker): void {
    workers.delete(worker);
    worker.proc.kill("SIGKILL");
    refill();
  }

  function ended(worker: Worker): void {
    if (!worker.ready) failedStarts++;
    workers.delete(worker);
    const call = worker.call;
    worker.call = undefined;
    // Killed mid-call: the backstop ended user code that blocked it (src/hook/backstop.ts), as it
    // would have ended a hook process of its own. Any other end: the host's process runs the call.
    if (call && worker.proc.signalCode === "SIGKILL") call.answer({ exitCode: 1, signal: "SIGKILL", stdout: "", stderr: `${blockedLine(whereOf(call.argv))}\n` });
    else call?.answer({ retry: `the worker ended (${worker.proc.signalCode ?? `exit ${worker.proc.exitCode}`}) before answering` });
    refill();
  }

  function run(call: DaemonCall): Promise<DaemonReply> {
    const worker = [...workers].find((w) => w.ready && !w.call);
    if (!worker) return Promise.resolve({ retry: BUSY });
    const answered = Promise.withResolvers<DaemonReply>();
    const limit = setTimeout(() => worker.proc.kill("SIGKILL"), HARD_LIMIT_MS);
    worker.call = { argv: call.argv, answer: answered.resolve };
    worker.proc.send(call);
    return answered.promise.finally(() => clearTimeout(limit));
  }

  const status = (): DaemonStatus => ({ pid: process.pid, binary: process.execPath, startedAt, calls, workers: workers.size, ready: [...workers].filter((w) => w.ready && !w.call).length, idleExitMs: idleMs });

  async function answer(line: string): Promise<string> {
    const request = JSON.parse(line) as { v?: number; status?: boolean; stop?: boolean } & Partial<DaemonCall>;
    if (request.status) return JSON.stringify(status());
    if (request.stop) {
      setTimeout(leave, 0);
      return JSON.stringify(status());
    }
    if (request.v !== 1 || !Array.isArray(request.argv) || typeof request.startedAt !== "number") return JSON.stringify({ retry: "a request this daemon does not understand" });
    calls++;
    active++;
    try {
      return JSON.stringify(await run(request as DaemonCall));
    } finally {
      active--;
      lastCall = Date.now();
    }
  }

  const temp = `${path}.${process.pid}`;
  const server = Bun.listen<{ split: ReturnType<typeof lines>; taken: boolean; outbox: Outbox }>({
    unix: temp,
    socket: {
      open(socket) {
        socket.data = { split: lines(), taken: false, outbox: {} };
      },
      // An answer larger than the socket's buffer goes out in parts.
      drain: (socket) => send(socket, socket.data.outbox),
      data(socket, chunk) {
        const [line] = socket.data.split.push(chunk);
        if (line === undefined || socket.data.taken) return;
        socket.data.taken = true;
        const acknowledge = setTimeout(() => send(socket, socket.data.outbox, `${ACK}\n`), ACK_DELAY_MS);
        void answer(line)
          .catch((error: Error) => JSON.stringify({ retry: error.message }))
          .then((reply) => {
            clearTimeout(acknowledge);
            send(socket, socket.data.outbox, `${reply}\n`, true);
          });
      },
    },
  });
  chmodSync(temp, 0o600);
  // Atomic: a client finds the old daemon or this one, never nothing; two starting at once, the last wins.
  renameSync(temp, path);
  const inode = statSync(path).ino;
  refill();

  function leave(): never {
    server.stop(true);
    try {
      if (statSync(path!).ino === inode) unlinkSync(path!);
    } catch {
      // Already gone.
    }
    for (const worker of workers) worker.proc.kill("SIGKILL");
    process.exit(0);
  }
  process.on("SIGTERM", leave);
  setInterval(() => {
    if (active > 0) return;
    let current: number | undefined;
    try {
      current = statSync(path).ino;
    } catch {
      // Removed (its folder deleted): nobody can reach this daemon any more.
    }
    if (current !== inode || Date.now() - lastCall > idleMs || binaryStamp() !== stamp || failedStarts >= MAX_FAILED_STARTS) leave();
  }, 1000);
  return undefined;
}

/** The binary as it is now (size, time, inode): replaced (an upgrade, a rebuild) or removed, the daemon leaves. */
function binaryStamp(): string {
  const stat = statSync(process.execPath, { throwIfNoEntry: false });
  return stat ? `${stat.size}-${stat.mtimeMs}-${stat.ino}` : "gone";
}

/** `hook <platform> <event> --connector <id>` → "<platform> <event> (<id>)", as the hook names a call. */
function whereOf(argv: string[]): string {
  const at = argv.indexOf("--connector");
  return `${argv[1]} ${argv[2]}${at > 0 ? ` (${argv[at + 1]})` : ""}`;
}
