import { DAEMON_ENV, daemonDir, daemonSocket, daemonWanted, type DaemonStatus } from "./address.ts";
import { spawnDaemon } from "./spawn.ts";
import { ask } from "./ask.ts";
import { statSync } from "node:fs";
import { folderProblem } from "./trust.ts";

/** What `status`, `doctor` and `daemon status` say about this binary's daemon. */
export type DaemonState =
  | { state: "running"; socket: string; daemon: DaemonStatus }
  | { state: "not running"; socket: string; note: string }
  | { state: "off"; note: string };

export async function daemonState(env: Record<string, string | undefined> = process.env): Promise<DaemonState> {
  if (!daemonWanted(env)) {
    const why =
      env[DAEMON_ENV] === "0"
        ? `${DAEMON_ENV}=0`
        : process.platform === "win32"
          ? "Windows"
          : daemonWanted({ ...env, AGENT_CONNECTOR_HOME: undefined })
            ? "AGENT_CONNECTOR_HOME is a relative path"
            : "run from the sources by bun, not a compiled binary";
    return { state: "off", note: `off (${why}): each hook call runs in its own process` };
  }
  const socket = daemonSocket(env);
  if (!socket)
    return { state: "off", note: "off: the socket path under $AGENT_CONNECTOR_HOME is too long for a unix socket; each hook call runs in its own process" };
  // What the hook's client refuses (src/daemon/trust.ts), said here: nothing is asked of such a daemon.
  const folder = daemonDir(env);
  const stat = statSync(folder, { throwIfNoEntry: false });
  const problem = stat && folderProblem(folder, stat);
  if (problem) return { state: "off", note: `refused: ${problem}, so another user could answer in its place; each hook call runs in its own process` };
  const reply = await ask(socket, { v: 1, status: true });
  if ("pid" in reply) return { state: "running", socket, daemon: reply as unknown as DaemonStatus };
  return { state: "not running", socket, note: "not running: the next hook call runs in its own process and starts it" };
}

/** One line for humans. */
export const describeDaemon = (s: DaemonState): string =>
  s.state === "running"
    ? `running (pid ${s.daemon.pid}, since ${s.daemon.startedAt}, ${s.daemon.calls} calls, ${s.daemon.workers} hook workers (${s.daemon.ready} ready), leaves after ${Math.round(s.daemon.idleExitMs / 60_000)} min idle)`
    : s.note;

/** Starts the daemon if none runs, and waits (up to `waitMs`) until it has a worker ready (`daemon start`; a hook call starts it without waiting, src/hook/start-daemon.ts). */
export async function startDaemonAndWait(env: Record<string, string | undefined> = process.env, waitMs = 10_000): Promise<DaemonState> {
  let state = await daemonState(env);
  if (state.state === "off" || (state.state === "running" && state.daemon.ready > 0)) return state;
  if (state.state === "not running") {
    spawnDaemon(env);
  }
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    await Bun.sleep(50);
    state = await daemonState(env);
    if (state.state === "running" && state.daemon.ready > 0) break;
  }
  return state;
}

/** The line `status` and `doctor` print: none when the user turned the daemon off (they know). */
export const daemonSummary = (s: DaemonState): string | undefined =>
  s.state === "off" && process.env[DAEMON_ENV] === "0" ? undefined : `daemon: ${describeDaemon(s)}`;

export async function stopDaemon(env: Record<string, string | undefined> = process.env): Promise<boolean> {
  const socket = daemonSocket(env);
  return socket !== undefined && "pid" in (await ask(socket, { v: 1, stop: true }));
}
