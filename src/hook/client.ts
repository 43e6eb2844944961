import { BUSY, WORKER_SLOTS, daemonSocket, daemonWanted, workerSocket, type CallHead } from "../daemon/address.ts";
import { ask, replyHandlers, type Asked } from "../daemon/ask.ts";
import { send, type Outbox } from "../daemon/wire.ts";

const encoder = new TextEncoder();

/**
 * The hook call's fast path: hand the call to an idle hook worker of the resident daemon
 * (src/daemon/serve.ts: processes it started ahead, the hook code loaded), straight to the
 * worker's own socket, and print what the worker printed. This file is all a hook call loads when
 * a worker answers. Whenever none can (opted out, no daemon yet, every worker busy, a worker that
 * dies before answering) the call runs in this process instead, exactly as without a daemon
 * (src/hook/in-process.ts): never a lost answer.
 */

/** Why the call runs in-process; `absent`: no daemon listens, so one is started for the next calls. */
export type InProcess = { stdin: Promise<string>; why: "off" | "stdin" | "absent" | "busy" | "slow" | "retry" | "lost"; detail?: string };

/** Hosts write the payload at once: stdin still open after this runs in-process, where the deadline applies. */
const STDIN_WAIT_MS = 300;
/**
 * A worker answers within the call's budget (at most 600 s): its watchdog, or its backstop's kill,
 * sees to that. Past this, it is stuck beyond both (stopped, say): the call runs in-process.
 */
const WORKER_LIMIT_MS = 605_000;

/*
 * One function, few callbacks, no connection object: every function a process runs for the first
 * time is read from the binary and linked (the socket's handlers are shared with ask.ts). Compiled
 * alone, this shape measured 0.016–0.03× of the floor faster than the same steps spread over a
 * connection object and helpers (fresh copies side by side, 400 runs, three times); in the full
 * binary the difference stayed within the noise (five runs of 400–700). Plain loops and
 * Promise.withResolvers: the first Array.from or `new Promise` of a process compiles a JS builtin
 * of the engine (0.1–0.2 ms each).
 */
export async function viaDaemon(words: string[], env: Record<string, string | undefined> = process.env): Promise<InProcess> {
  // Bun.stdin.text(), not a stream: from a pipe, as hosts write the payload, reading it as a stream
  // measured ≈1.5 ms more per call (from a regular file it is the other way round).
  const reading = Bun.stdin.text().catch(() => "");
  let stdin: string | undefined;
  void reading.then((text) => (stdin = text));
  const daemon = daemonWanted(env) ? daemonSocket(env) : undefined;
  if (!daemon) return { stdin: reading, why: "off" };
  const answered = Promise.withResolvers<Asked>();
  const outbox: Outbox = {};
  const handlers = replyHandlers(answered, outbox);
  // A worker's socket exists only while the worker is idle: the first that takes the connection.
  let worker: Bun.Socket<undefined> | undefined;
  for (let slot = 0; slot < WORKER_SLOTS && !worker; slot++) {
    try {
      worker = await Bun.connect({ unix: workerSocket(daemon, slot), socket: handlers });
    } catch {
      // Not there, or not listening: the next one.
    }
  }
  if (!worker) return { stdin: reading, ...(await noIdleWorker(daemon)) };
  const head: CallHead = { v: 2, argv: words, cwd: process.cwd(), env, startedAt: Date.now() - performance.now() };
  let unsent = `${JSON.stringify(head)}\n`;
  // Often read by now: then the call goes out in one write, and no timer (the process's first measured ≈0.07 ms).
  if (stdin === undefined) {
    // All of the call but stdin, sent at once: the worker prepares the call while the host is still
    // writing stdin (encoded before stdin came, the process's first encoding measured 0.3 ms more per call).
    send(worker, outbox, encoder.encode(unsent));
    unsent = "";
    const waited = Promise.withResolvers<unknown>();
    const timer = setTimeout(waited.resolve, STDIN_WAIT_MS);
    void reading.then(waited.resolve);
    await waited.promise;
    clearTimeout(timer);
  }
  if (stdin === undefined) {
    worker.end();
    return { stdin: reading, why: "stdin" };
  }
  send(worker, outbox, encoder.encode(`${unsent}${JSON.stringify(stdin)}\n`));
  const limit = setTimeout(answered.resolve, WORKER_LIMIT_MS, { why: "slow", detail: `no answer within ${WORKER_LIMIT_MS} ms` });
  const reply = await answered.promise;
  clearTimeout(limit);
  if ("why" in reply || "retry" in reply) {
    worker.end();
    if ("why" in reply) return { stdin: reading, ...reply };
    return { stdin: reading, why: reply.retry === BUSY ? "busy" : "retry", detail: reply.retry };
  }
  if (reply.stdout) await Bun.write(Bun.stdout, reply.stdout).catch(() => 0);
  if (reply.stderr) await Bun.write(Bun.stderr, reply.stderr).catch(() => 0);
  // Ended by a signal (the backstop's kill): so does this process, as the host would have seen it.
  if (reply.signal) process.kill(process.pid, reply.signal as NodeJS.Signals);
  return process.exit(reply.exitCode);
}

/** No worker took the call: all busy, or no daemon runs (then the call starts one for the next calls). */
async function noIdleWorker(daemon: string): Promise<Pick<InProcess, "why">> {
  return { why: "why" in (await ask(daemon, { v: 1, status: true })) ? "absent" : "busy" };
}
