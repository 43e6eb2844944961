import { EXIT } from "./_args.ts";
import { outputDrained } from "./_output.ts";

/** After the deadline, what a timer could not end (a thread kept busy) is ended this much later. */
const KILL_AFTER_S = 2;

/**
 * A deadline for a command nobody waits for (the compile a hook call starts in the background when
 * it finds a connector's compiled copy stale): if the connector's top level never finishes, nothing
 * else would end it. At the deadline a timer gives up cleanly (`giveUp`, then exit 3, the code of a
 * connector config that cannot be used). A top level that keeps the thread busy leaves no timer a
 * turn, so a small shell process ends this one `KILL_AFTER_S` later; it goes away when this process
 * exits first (its stdin is a pipe from us: EOF ends it). POSIX only for that second part.
 */
export function armDeadline(seconds: number, giveUp: () => void): void {
  setTimeout(() => {
    try {
      giveUp();
    } finally {
      void outputDrained().then(() => process.exit(EXIT.connectorConfig));
    }
  }, seconds * 1000);
  if (process.platform === "win32") return;
  const script = '(sleep "$1" </dev/null >/dev/null 2>&1; kill -9 "$2") & cat >/dev/null; kill $! 2>/dev/null';
  try {
    Bun.spawn(["/bin/sh", "-c", script, "sh", String(seconds + KILL_AFTER_S), String(process.pid)], {
      stdin: "pipe",
      stdout: "ignore",
      stderr: "ignore",
    }).unref();
  } catch {
    // No shell: the timer is the deadline.
  }
}
