import { BUSY, WORKER_SLOTS, daemonSocket, daemonWanted, workerSocket, type CallHead } from "../daemon/address.ts";
import { ask, connect } from "../daemon/ask.ts";

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

export async function viaDaemon(words: string[], env: Record<string, string | undefined> = process.env): Promise<InProcess> {
  // Bun.stdin.text(), not a stream: from a pipe, as hosts write the payload, reading it as a stream
  // measured ≈1.5 ms more per call (from a regular file it is the other way round).
  const reading = Bun.stdin.text().catch(() => "");
  let stdin: string | undefined;
  void reading.then((text) => (stdin = text));
  const socket = daemonWanted(env) ? daemonSocket(env) : undefined;
  if (!socket) return { stdin: reading, why: "off" };
  // Whether a worker is there is known before the head is sent; connecting first, or sending the
  // head without waiting for the connection, measured the same (fresh copies side by side).
  const worker = connect(workerSockets(socket));
  // All of the call but stdin, sent as soon as the connection is up: the worker prepares the call
  // meanwhile (encoded after stdin, the process's first encoding measured 0.3 ms more per call).
  const head: CallHead = { v: 2, argv: words, cwd: process.cwd(), env, startedAt: Date.now() - performance.now() };
  const headLine = encoder.encode(`${JSON.stringify(head)}\n`);
  if (!(await worker.opened)) return { stdin: reading, ...(await noIdleWorker(socket)) };
  worker.begin(headLine);
  // Often read by now: then no timer (the process's first measured ≈0.07 ms).
  stdin ??= await within(reading, STDIN_WAIT_MS);
  if (stdin === undefined) {
    worker.close();
    return { stdin: reading, why: "stdin" };
  }
  const reply = await worker.ask(encoder.encode(`${JSON.stringify(stdin)}\n`), WORKER_LIMIT_MS);
  if ("why" in reply) return { stdin: reading, ...reply };
  if ("retry" in reply) return { stdin: reading, why: reply.retry === BUSY ? "busy" : "retry", detail: reply.retry };
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

/*
 * Below, plain loops and Promise.withResolvers: the first use of Array.from or of `new Promise` in
 * a process compiles a JS builtin of the engine, measured at 0.1–0.2 ms each.
 */

function workerSockets(daemon: string): string[] {
  const paths: string[] = [];
  for (let slot = 0; slot < WORKER_SLOTS; slot++) paths.push(workerSocket(daemon, slot));
  return paths;
}

/** What `promise` gives, or undefined after `ms` (a plain timer: Promise.race measured 0.3 ms more per call). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  const result = Promise.withResolvers<T | undefined>();
  const timer = setTimeout(result.resolve, ms);
  void promise.then((value) => {
    clearTimeout(timer);
    result.resolve(value);
  });
  return result.promise;
}
