import type { DaemonReply } from "./address.ts";
import { ACK, lines, send, type Outbox } from "./wire.ts";

/** A live daemon acknowledges at once; one that does not is treated as absent for this call. */
const ACK_WAIT_MS = 1000;

export type Asked = DaemonReply | { why: "absent" | "slow" | "lost"; detail?: string };

/** A connection to the daemon, opened before the request is ready (a hook call opens it while stdin is still arriving). */
export interface Connection {
  /** One request (or its line, encoded), one reply; a daemon that is not there, slow to take it, or gone before answering says so. */
  ask(request: object | Uint8Array): Promise<Asked>;
  /** Not asking after all. */
  close(): void;
}

export function connect(path: string): Connection {
  const done = Promise.withResolvers<Asked>();
  let acked = false;
  let ackTimer: Timer | undefined;
  const split = lines();
  const outbox: Outbox = {};
  const socket = Bun.connect({
    unix: path,
    socket: {
      // A payload larger than the socket's buffer (a big tool output) goes out in parts.
      drain: (open) => send(open, outbox),
      data(_socket, chunk) {
        for (const line of split.push(chunk)) {
          if (!acked && line === ACK) {
            acked = true;
            clearTimeout(ackTimer);
            continue;
          }
          try {
            done.resolve(JSON.parse(line) as DaemonReply);
          } catch {
            done.resolve({ why: "lost", detail: "the daemon's reply is not JSON" });
          }
        }
      },
      close: () => done.resolve({ why: "lost", detail: "the daemon closed the connection before answering" }),
      error: (_socket, error) => done.resolve({ why: "lost", detail: error.message }),
    },
  }).catch((error: Error) => {
    done.resolve({ why: "absent", detail: error.message });
    return undefined;
  });
  return {
    async ask(request) {
      const open = await socket;
      if (!open) return done.promise;
      ackTimer = setTimeout(() => done.resolve({ why: "slow", detail: `no acknowledgement within ${ACK_WAIT_MS} ms` }), ACK_WAIT_MS);
      send(open, outbox, request instanceof Uint8Array ? request : `${JSON.stringify(request)}\n`);
      const reply = await done.promise;
      clearTimeout(ackTimer);
      open.end();
      return reply;
    },
    close: () => void socket.then((open) => open?.end()),
  };
}

export const ask = (path: string, request: object): Promise<Asked> => connect(path).ask(request);
