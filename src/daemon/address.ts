import { userHome } from "../paths.ts";

/**
 * Where a binary's resident daemon (src/daemon/serve.ts) and its hook workers listen: unix sockets
 * in a 0700 folder under $AGENT_CONNECTOR_HOME, named after the build that serves them, so an
 * upgraded or rebuilt binary talks to a daemon of its own and never to a stale one (the old one
 * notices its binary changed and leaves). The names are known without a system call: the hook's
 * client reads this on every call (src/hook/client.ts), and looking at its own binary cost it 0.6 ms.
 */
type Env = Record<string, string | undefined>;

/** Replaced by build/compile.ts (`bun build --define`) with an id of its own for each build. */
declare const AGENT_CONNECTOR_BUILD: string | undefined;

/** This build's id; none when run by bun from the sources (the daemon would be `bun`). */
export const BUILD_ID: string | undefined = typeof AGENT_CONNECTOR_BUILD === "string" ? AGENT_CONNECTOR_BUILD : undefined;

/**
 * Set to 0 to run every hook call in its own process, as before the daemon; to `require` to never
 * run one in-process (a call the daemon cannot take fails open instead: to check that it is used).
 */
export const DAEMON_ENV = "AGENT_CONNECTOR_DAEMON";

/** Unix socket paths longer than this cannot be bound (sun_path is 108 bytes on Linux, 104 on macOS, a NUL included); a worker's is up to 3 bytes longer. */
const MAX_SOCKET_PATH = 100;

/**
 * $AGENT_CONNECTOR_HOME/daemon, concatenated rather than join()ed (src/paths.ts): the client names
 * its socket on every call, and this way measured 0.5 ms of CPU less per call against a stand-in
 * daemon. POSIX paths only: there is no daemon on Windows.
 */
export const daemonDir = (env: Env = process.env): string => `${env.AGENT_CONNECTOR_HOME || `${userHome(env)}/.agent-connector`}/daemon`;

/** The daemon's own socket: status, stop, and whether it runs at all. */
export function daemonSocket(env: Env = process.env): string | undefined {
  const path = `${daemonDir(env)}/${BUILD_ID}.sock`;
  return utf8Length(path) <= MAX_SOCKET_PATH ? path : undefined;
}

/**
 * At most this many hook workers at once. Each serves one connector once it has loaded it (a
 * process of its own per connector: no connector sees or changes another's built-ins, timers or
 * module state); the daemon starts one more when a call finds none idle for its connector (src/daemon/workers.ts).
 */
export const MAX_WORKERS = 4;

/**
 * Where an idle worker listens: taking a call, it removes the socket until it is idle again, so a
 * hook call finds an idle worker by connecting, with no daemon between them. A worker that has
 * not loaded a connector yet listens at `<build>.f<slot>`; one that serves connector C, at
 * `<build>.<key of C><slot>`. The slot is the last character: the daemon knows the worker by it.
 * At most three bytes longer than the daemon's socket: within the margin MAX_SOCKET_PATH leaves.
 */
export const freshSocket = (daemon: string, slot: number): string => `${daemon.slice(0, -5)}.f${slot}`;
export const boundSocket = (daemon: string, connector: string, slot: number): string => `${daemon.slice(0, -5)}.${connectorKey(connector)}${slot}`;

/** The slot a worker socket's name ends with. */
export const slotOf = (socket: string): number => socket.charCodeAt(socket.length - 1) - 48;

/**
 * Six characters for a connector id in a socket name (FNV-1a, 31 bits, base 36): ids may be long, a
 * socket path may not. Two ids with one key meet a worker that checks the id and declines the call.
 * Shifts rather than Math.imul: the hook client's first use of Math costs it ≈110k instructions.
 */
export function connectorKey(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = (hash + (hash << 1) + (hash << 4) + (hash << 7) + (hash << 8) + (hash << 24)) >>> 0;
  }
  return (hash >>> 1).toString(36).padStart(6, "0");
}

/** The sockets a call for `connector` tries, in order: a worker that serves it, then one that serves none yet. */
export function workerSockets(daemon: string, connector: string | undefined): string[] {
  const sockets: string[] = [];
  if (connector) for (let slot = 0; slot < MAX_WORKERS; slot++) sockets.push(boundSocket(daemon, connector, slot));
  for (let slot = 0; slot < MAX_WORKERS; slot++) sockets.push(freshSocket(daemon, slot));
  return sockets;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3; // a surrogate pair counts 3 + 3, not 4: longer, so safe
  }
  return bytes;
}

/**
 * Whether hook calls go through the daemon: not when opted out, not on Windows (hook calls run in
 * their own process there), not when run by `bun` from the sources, and not with a relative
 * $AGENT_CONNECTOR_HOME (it names another folder in each host's working folder, and a daemon,
 * which runs in /, would make its own there; the call refuses it, src/hook/home-trust.ts).
 */
export function daemonWanted(env: Env = process.env): boolean {
  const home = env.AGENT_CONNECTOR_HOME;
  return BUILD_ID !== undefined && env[DAEMON_ENV] !== "0" && process.platform !== "win32" && (!home || home.charCodeAt(0) === 47); // "/"
}

/**
 * A hook call as the host made it, sent to a worker in two lines: this one as soon as the client is
 * connected, then stdin (a JSON string) once the host has written it, so the worker prepares the
 * call (its folder, environment, connector) while the host is still writing.
 */
export interface CallHead {
  v: 2;
  /** The words after the binary: `hook <platform> <event> --connector <id>`. */
  argv: string[];
  cwd: string;
  env: Env;
  /** When the host started the hook process (epoch ms): the call's time budget counts from there. */
  startedAt: number;
  /** The hook process's umask, as the host set it: files user code writes get it, as in a process of its own. */
  umask?: number;
  /** The hook process's pid: with `startedAt`, which call a provisional reply is for (src/daemon/provisional.ts). */
  pid?: number;
}

/** The daemon's board (src/daemon/board.ts), next to its socket. */
export const boardPath = (daemon: string): string => `${daemon.slice(0, -5)}.board`;

/** A worker's `retry` when it already has a call (two calls connected at once): not news, the call runs in-process. */
export const BUSY = "busy";

/**
 * How a worker's `retry` begins when it declines a call for another connector than the one it serves
 * (a call that connected to its fresh socket before it moved to its connector's): another worker can take it.
 */
export const SERVES_ANOTHER = "this worker serves connector";

/** A worker's answer: what the hook process printed and how it ended; `retry`: run it in-process. */
export type DaemonReply = { exitCode: number; signal?: string; stdout: string; stderr: string } | { retry: string };

/**
 * A line a worker sends before its answer when the call's deadline (epoch ms) is not the default
 * one (DEFAULT_BUDGET_MS from the hook process's start): the connector's own timeout, a host's
 * limit. The client, which holds the deadline, waits until then plus BACKSTOP_GRACE_MS (src/core/timeout.ts).
 */
export type DeadlineLine = { deadline: number };

/** The daemon's socket and the worker's slot, in a worker's environment (gone from process.env at its first call). */
export const WORKER_SOCKET_ENV = "AGENT_CONNECTOR_WORKER_SOCKET";
export const WORKER_SLOT_ENV = "AGENT_CONNECTOR_WORKER_SLOT";

/**
 * What a worker (src/hook/worker.ts) tells the daemon on its IPC channel, once each: it listens;
 * it serves this connector from now on. Its calls it shows on the board (src/daemon/board.ts).
 */
export type WorkerMessage = { ready: true } | { serving: string };

export interface DaemonStatus {
  pid: number;
  binary: string;
  startedAt: string;
  calls: number;
  workers: number;
  /** Workers with their code loaded, waiting for a call. */
  ready: number;
  /** Each worker: its slot, its state, the connector it serves. */
  slots: { slot: number; state: string; connector?: string; pid: number }[];
  idleExitMs: number;
}
