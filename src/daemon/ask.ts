import type { DaemonReply, IfKilled } from "./address.ts";
import { lines, send, type Outbox } from "./wire.ts";

export type Asked = DaemonReply | { why: "absent" | "slow" | "lost"; detail?: string };

/** A connection to the daemon or a worker, opened before the request is ready (a hook call opens it while stdin is still arriving). */
export interface Connection {
  /** Whether one of the paths took the connection (false: nothing listens at any). */
  opened: Promise<boolean>;
  /** Sends the first part of a request (a line, encoded); once `opened` said true. */
  begin(part: Uint8Array): void;
  /** One request (or its last line, encoded), one reply; nobody listening, no reply within `limitMs`, or gone before answering says so. */
  ask(request: object | Uint8Array, limitMs: number): Promise<Asked>;
  /** Not asking after all. */
  close(): void;
}

/** Connects to the first of `paths` that takes the connection (a worker's socket exists only while it is idle). */
export function connect(paths: string[]): Connection {
  const done = Promise.withResolvers<Asked>();
  let ifKilled: IfKilled | undefined;
  const split = lines();
  const outbox: Outbox = {};
  const handlers: Bun.SocketHandler<undefined> = {
    // A payload larger than the socket's buffer (a big tool output) goes out in parts.
    drain: (open) => send(open, outbox),
    data(_socket, chunk) {
      for (const line of split.push(chunk)) {
        try {
          const reply = JSON.parse(line) as DaemonReply | IfKilled;
          if ("ifKilled" in reply) ifKilled = reply;
          else done.resolve(reply);
        } catch {
          done.resolve({ why: "lost", detail: "the reply is not JSON" });
        }
      }
    },
    // Ended when its backstop was due: the backstop's kill, as the host would have seen it in a process of its own.
    close: () => done.resolve(ifKilled && Date.now() >= ifKilled.at ? ifKilled.ifKilled : { why: "lost", detail: "the connection closed before an answer" }),
    error: (_socket, error) => done.resolve({ why: "lost", detail: error.message }),
  };
  const socket = first(paths, handlers);
  let connected: Bun.Socket<undefined> | undefined;
  return {
    opened: socket.then((open) => (connected = open) !== undefined),
    begin: (part) => void (connected && send(connected, outbox, part)),
    async ask(request, limitMs) {
      const open = await socket;
      if (!open) return { why: "absent", detail: `nothing listens at ${paths.join(", ")}` };
      const limit = setTimeout(() => done.resolve({ why: "slow", detail: `no answer within ${limitMs} ms` }), limitMs);
      send(open, outbox, request instanceof Uint8Array ? request : `${JSON.stringify(request)}\n`);
      const reply = await done.promise;
      clearTimeout(limit);
      open.end();
      return reply;
    },
    close: () => void socket.then((open) => open?.end()),
  };
}

async function first(paths: string[], handlers: Bun.SocketHandler<undefined>): Promise<Bun.Socket<undefined> | undefined> {
  for (const path of paths) {
    try {
      return await Bun.connect({ unix: path, socket: handlers });
    } catch {
      // Not there, or not listening: the next one.
    }
  }
  return undefined;
}

/** The daemon answers at once (it runs no user code): one that does not is treated as absent. */
const DAEMON_WAIT_MS = 1000;

export const ask = (path: string, request: object): Promise<Asked> => connect([path]).ask(request, DAEMON_WAIT_MS);
