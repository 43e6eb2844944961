import { chmodSync, renameSync, rmSync } from "node:fs";

/**
 * Listens on the unix socket `path` (mode 0600), bound under a temporary name in the same folder and
 * then renamed over it: a client finds the socket that was there or this one listening, never none
 * and never a half-made one; two binding at once, the last wins. The temporary name is shorter than
 * any socket name of ours, so it fits wherever `path` does (src/daemon/address.ts, MAX_SOCKET_PATH).
 */
export function listenAt<Data>(path: string, socket: Bun.SocketHandler<Data>): Bun.UnixSocketListener<Data> {
  const temp = `${path.slice(0, path.lastIndexOf("/"))}/.${process.pid}`;
  rmSync(temp, { force: true }); // left by a process of the same pid that died binding
  const listener = Bun.listen<Data>({ unix: temp, socket });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
  return listener;
}
