/**
 * The watchdog (watchdog.ts) covers user code that we call, and the continuations it queues. Code
 * that runs after real I/O (`await fetch(…); while (true) {}`) is called by the event loop instead,
 * where no timer of ours can run again. Where the native backstop (native-backstop.ts) cannot be
 * set up (not Linux with glibc), for that case only — a handler or config still pending after its
 * synchronous part — a small shell process is started as a backstop: half a second after
 * the budget it writes one line to stderr and ends this process (the host sees a failed hook, not
 * a deny: fail-open). It holds nothing of ours open and goes away when this process exits first
 * (its stdin is a pipe from us: EOF ends it). POSIX only; Windows hosts keep their own timeout.
 */
import { BACKSTOP_GRACE_MS, blockedLine } from "../core/timeout.ts";

/** This process's shell backstop: started once, or never where something else ends the process. */
const shell = { armed: false, covered: false };

/**
 * Something else ends this process past the deadline: the native backstop (native-backstop.ts), or
 * in a daemon's worker the client, which holds the deadline. The shell is then never started.
 */
export const backstopCovered = (): void => void (shell.covered = true);

export function armBackstop(deadline: number, where: string): void {
  if (shell.armed || shell.covered || process.platform === "win32") return;
  shell.armed = true;
  const seconds = Math.max(0.1, (deadline - performance.now() + BACKSTOP_GRACE_MS) / 1000).toFixed(3);
  const message = blockedLine(where);
  const script = '(sleep "$1" </dev/null >/dev/null 2>&1; printf "%s\\n" "$2" >&2; kill -9 "$3") & cat >/dev/null; kill $! 2>/dev/null';
  try {
    Bun.spawn(["/bin/sh", "-c", script, "sh", seconds, message, String(process.pid)], { stdin: "pipe", stdout: "ignore", stderr: "inherit" }).unref();
  } catch {
    // No shell: the host's own timeout is the backstop.
  }
}
