import { daemonDir } from "../daemon/address.ts";
import { spawnDaemon } from "../daemon/spawn.ts";
import { join } from "../paths.ts";

/** A start is tried at most this often (many hook calls at once find no daemon; one may fail to start). */
const RETRY_MS = 10_000;

/** Starts the daemon in the background, detached: this call does not wait for it, nor does the host (`daemon start` waits: startDaemonAndWait). */
export function startDaemon(env: Record<string, string | undefined> = process.env): void {
  const marker = join(daemonDir(env), "started-at");
  // A missing file's lastModified is far in the future (Bun): only a past time is a start.
  const last = Bun.file(marker).lastModified;
  if (last <= Date.now() && Date.now() - last < RETRY_MS) return;
  try {
    spawnDaemon(env);
    // The folder (and the home, if this is the first of it) made 0700 whatever the umask: the
    // client and install refuse folders others can write to (src/daemon/trust.ts). node:fs only
    // here, on the call that starts the daemon.
    void import("node:fs")
      .then(({ mkdirSync, writeFileSync }) => {
        mkdirSync(daemonDir(env), { recursive: true, mode: 0o700 });
        writeFileSync(marker, `${Date.now()}\n`, { mode: 0o600 });
      })
      .catch(() => 0);
  } catch {
    // No daemon: every call runs in-process, as before there was one.
  }
}
