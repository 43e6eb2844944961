import { userHome } from "../paths.ts";

/**
 * Where a binary's resident daemon listens (src/daemon/serve.ts): a unix socket in a 0700 folder
 * under $AGENT_CONNECTOR_HOME, named after the build that serves it, so an upgraded or rebuilt
 * binary talks to a daemon of its own and never to a stale one (the old one notices its binary
 * changed and leaves). The name is known without a system call: the hook's client reads this on
 * every call (src/hook/client.ts), and looking at its own binary cost it 0.6 ms.
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

/** Unix socket paths longer than this cannot be bound (sun_path is 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

/**
 * $AGENT_CONNECTOR_HOME/daemon, concatenated rather than join()ed (src/paths.ts): the client names
 * its socket on every call, and this way measured 0.5 ms of CPU less per call against a stand-in
 * daemon. POSIX paths only: there is no daemon on Windows.
 */
export const daemonDir = (env: Env = process.env): string => `${env.AGENT_CONNECTOR_HOME || `${userHome(env)}/.agent-connector`}/daemon`;

export function daemonSocket(env: Env = process.env): string | undefined {
  const path = `${daemonDir(env)}/${BUILD_ID}.sock`;
  return utf8Length(path) <= MAX_SOCKET_PATH ? path : undefined;
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
 * their own process there), and not when run by `bun` from the sources.
 */
export const daemonWanted = (env: Env = process.env): boolean => BUILD_ID !== undefined && env[DAEMON_ENV] !== "0" && process.platform !== "win32";

/** Starts `daemon serve` in the background, in a session of its own: neither the caller nor the host waits for it. */
export function spawnDaemon(env: Env = process.env): void {
  Bun.spawn([process.execPath, "daemon", "serve"], { detached: true, stdio: ["ignore", "ignore", "ignore"], cwd: "/", env: { ...env } }).unref();
}

/** One request on the socket: a hook call as the host made it. */
export interface DaemonCall {
  v: 1;
  /** The words after the binary: `hook <platform> <event> --connector <id>`. */
  argv: string[];
  cwd: string;
  env: Env;
  stdin: string;
  /** When the host started the hook process (epoch ms): the call's time budget counts from there. */
  startedAt: number;
}

/** The daemon's `retry` when every spare is taken (calls at once): not news, the call runs in-process. */
export const BUSY = "busy";

/** The daemon's answer: what the hook process printed and how it ended; `retry`: run it in-process. */
export type DaemonReply = { exitCode: number; signal?: string; stdout: string; stderr: string } | { retry: string };

/**
 * The daemon gives each worker a mark that user code cannot guess. A worker's messages travel on its
 * stderr, each as the mark and one JSON line: what user code printed before the mark goes to the
 * host with the reply, and one pipe means one wake-up of the daemon per answer.
 */
export const END_MARK_ENV = "AGENT_CONNECTOR_WORKER_END_MARK";

/** What a worker (src/hook/worker.ts) tells the daemon: ready for calls; a call's answer (`last`: end me); a call it cannot take. */
export type WorkerMessage = { ready: true } | { reply: { exitCode: number; stdout: string; stderr: string }; last: boolean } | { refused: string };

export interface DaemonStatus {
  pid: number;
  binary: string;
  startedAt: string;
  calls: number;
  workers: number;
  /** Workers with their code loaded, waiting for a call. */
  ready: number;
  idleExitMs: number;
}
