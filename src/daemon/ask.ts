import type { DaemonReply, DeadlineLine } from "./address.ts";
import { lines, send, type Outbox } from "./wire.ts";

/**
 * A reply, or why there is none: nothing listens, no reply in time, the connection ended first, or
 * (a worker's) the call ran past its deadline: its code blocks the worker.
 */
export type Asked = DaemonReply | { why: "absent" | "slow" | "lost" | "overran"; detail?: string };

/** What a connection's reply lines mean: a worker's `deadline` line moves the call's deadline; the first other line is the reply. */
export function replyReader(onDeadline: (epochMs: number) => void = () => {}): { line(text: string): Asked | undefined; ended(): Asked } {
  return {
    line(text) {
      try {
        const reply = JSON.parse(text) as DaemonReply | DeadlineLine;
        if (!("deadline" in reply)) return reply;
        onDeadline(reply.deadline);
        return undefined;
      } catch {
        return { why: "lost", detail: "the reply is not JSON" };
      }
    },
    ended: () => ({ why: "lost", detail: "the connection closed before an answer" }),
  };
}

/**
 * The handlers of a connection that sends one request and reads one reply line into `answered`
 * (the daemon's, or a worker's for a hook call, src/hook/call-evented.ts). What is left to send waits in
 * `outbox` for `drain`.
 */
export function replyHandlers(answered: PromiseWithResolvers<Asked>, outbox: Outbox, onDeadline?: (epochMs: number) => void): Bun.SocketHandler<undefined> {
  const split = lines();
  const reader = replyReader(onDeadline);
  return {
    data(_socket, chunk) {
      for (const line of split.push(chunk)) {
        const reply = reader.line(line);
        if (reply) answered.resolve(reply);
      }
    },
    // A request larger than the socket's buffer (a big tool output) goes out in parts.
    drain: (socket) => send(socket, outbox),
    close: () => answered.resolve(reader.ended()),
    error: (_socket, error) => answered.resolve({ why: "lost", detail: error.message }),
  };
}

/** The daemon answers at once (it runs no user code): one that does not is treated as absent. */
const DAEMON_WAIT_MS = 1000;

/** One request to the daemon (`daemon status`, `stop`, a hook call looking for it), one reply. */
export async function ask(path: string, request: object): Promise<Asked> {
  const answered = Promise.withResolvers<Asked>();
  const outbox: Outbox = {};
  let socket: Bun.Socket<undefined>;
  try {
    socket = await Bun.connect({ unix: path, socket: replyHandlers(answered, outbox) });
  } catch {
    return { why: "absent", detail: `nothing listens at ${path}` };
  }
  const limit = setTimeout(answered.resolve, DAEMON_WAIT_MS, { why: "slow", detail: `no answer within ${DAEMON_WAIT_MS} ms` });
  send(socket, outbox, `${JSON.stringify(request)}\n`);
  const reply = await answered.promise;
  clearTimeout(limit);
  socket.end();
  return reply;
}
