import { replyHandlers, type Asked } from "../daemon/ask.ts";
import { send, type Outbox } from "../daemon/wire.ts";
import { STDIN_WAIT_MS, type Handoff } from "./handoff.ts";
import { BACKSTOP_GRACE_MS, DEFAULT_BUDGET_MS } from "../core/timeout.ts";
import { FIRST_LOOK_MS, KNOWN_HEAD_BYTES, knownDeadline } from "./known-deadline.ts";
import { folderRefused, socketRefused } from "./trust-evented.ts";

const encoder = new TextEncoder();

/*
 * The call handed to an idle worker with Bun's sockets, where call-blocking.ts cannot make its own
 * system calls (macOS, AGENT_CONNECTOR_FFI=0, no glibc). One function, few callbacks, no connection object: every function a process
 * runs for the first time is read from the binary and linked. Plain loops and
 * Promise.withResolvers: the first Array.from or `new Promise` of a process compiles a JS builtin
 * of the engine (0.1–0.2 ms each).
 */
export async function callEvented(sockets: string[], head: () => string, reading: Promise<string>, compiled: () => string): Promise<Handoff> {
  let stdin: string | undefined;
  void reading.then((text) => (stdin = text));
  const answered = Promise.withResolvers<Asked>();
  const outbox: Outbox = {};
  // The client holds the call's deadline (call-blocking.ts says how): a `deadline` line from the worker moves it.
  let deadline = DEFAULT_BUDGET_MS + BACKSTOP_GRACE_MS;
  let limit: ReturnType<typeof setTimeout> | undefined;
  // Until the connector's own deadline is known (the worker's line, or what install recorded), the
  // first wait ends where the shortest deadline any connector can have does (call-blocking.ts).
  let known = false;
  let settled = false;
  const holdDeadline = () => {
    clearTimeout(limit);
    if (known) limit = setTimeout(answered.resolve, deadline - process.uptime() * 1000, { why: "overran" });
    else limit = setTimeout(lookUp, FIRST_LOOK_MS - process.uptime() * 1000);
  };
  const lookUp = () =>
    void Bun.file(compiled())
      .slice(0, KNOWN_HEAD_BYTES)
      .text()
      .then(
        (text) => {
          if (!known && text) deadline = knownDeadline(text) + BACKSTOP_GRACE_MS;
        },
        () => {},
      )
      .then(() => {
        known = true;
        if (!settled) holdDeadline();
      });
  const origin = Date.now() - process.uptime() * 1000;
  const handlers = replyHandlers(answered, outbox, (epoch) => {
    known = true;
    deadline = epoch - origin + BACKSTOP_GRACE_MS;
    if (limit !== undefined) holdDeadline();
  });
  // Nothing goes to a socket another user could have put there (src/daemon/trust.ts); every socket
  // of the call sits in the daemon's folder.
  const folder = await folderRefused(sockets[0]!);
  if (folder) return { stdin: reading, answer: folder };
  // A worker's socket exists only while the worker is idle: the first that takes the connection.
  let worker: Bun.Socket<undefined> | undefined;
  let connected: string | undefined;
  for (let i = 0; i < sockets.length && !worker; i++) {
    const refused = await socketRefused(sockets[i]!);
    if (refused === "absent") continue;
    if (refused) return { stdin: reading, answer: refused };
    try {
      worker = await Bun.connect({ unix: sockets[i]!, socket: handlers });
      connected = sockets[i];
    } catch {
      // Not there, or not listening: the next one.
    }
  }
  if (!worker) return { stdin: reading, answer: { why: "none" } };
  let unsent = `${head()}\n`;
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
    return { stdin: reading, answer: { why: "stdin" } };
  }
  send(worker, outbox, encoder.encode(`${unsent}${JSON.stringify(stdin)}\n`));
  holdDeadline();
  let answer = await answered.promise;
  settled = true;
  clearTimeout(limit);
  // Ended without an answer past the deadline: the daemon ended a worker its code held.
  if ("why" in answer && answer.why === "lost" && process.uptime() * 1000 >= deadline) answer = { why: "overran" };
  if ("why" in answer || "retry" in answer) worker.end();
  return { stdin: reading, answer, worker: connected };
}
