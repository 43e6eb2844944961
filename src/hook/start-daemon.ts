import { daemonDir, spawnDaemon } from "../daemon/address.ts";
import { join } from "../paths.ts";

/** A start is tried at most this often (many hook calls at once find no daemon; one may fail to start). */
const RETRY_MS = 10_000;

/** Starts the daemon in the background, detached: this call does not wait for it, nor does the host. */
export function startDaemon(env: Record<string, string | undefined> = process.env): void {
  const marker = join(daemonDir(env), "started-at");
  // A missing file's lastModified is far in the future (Bun): only a past time is a start.
  const last = Bun.file(marker).lastModified;
  if (last <= Date.now() && Date.now() - last < RETRY_MS) return;
  try {
    spawnDaemon(env);
    // Bun.write makes the folder; the daemon narrows it to 0700 before it listens.
    void Bun.write(marker, `${Date.now()}\n`).catch(() => 0);
  } catch {
    // No daemon: every call runs in-process, as before there was one.
  }
}
