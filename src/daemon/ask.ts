import type { DaemonReply } from "./address.ts";
import { lines, send, type Outbox } from "./wire.ts";

/** A reply, or why there is none: nothing listens, no reply in time, or the connection ended first. */
export type Asked = DaemonReply | { why: "absent" | "slow" | "lost"; detail?: string };

/** The daemon answers at once (it runs no user code): one that does not is treated as absent. */
const DAEMON_WAIT_MS = 1000;

/** One request to the daemon (`daemon status`, `stop`, a hook call looking for it), one reply. */
export async function ask(path: string, request: object): Promise<Asked> {
  const answered = Promise.withResolvers<Asked>();
  const split = lines();
  const outbox: Outbox = {};
  let socket: Bun.Socket<undefined>;
  try {
    socket = await Bun.connect({
      unix: path,
      socket: {
        data(_socket, chunk) {
          for (const line of split.push(chunk)) {
            try {
              answered.resolve(JSON.parse(line) as DaemonReply);
            } catch {
              answered.resolve({ why: "lost", detail: "the reply is not JSON" });
            }
          }
        },
        drain: (open) => send(open, outbox),
        close: () => answered.resolve({ why: "lost", detail: "the connection closed before an answer" }),
        error: (_socket, error) => answered.resolve({ why: "lost", detail: error.message }),
      },
    });
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
