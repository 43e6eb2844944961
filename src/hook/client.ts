import { BUSY, daemonSocket, daemonWanted, type DaemonCall } from "../daemon/address.ts";
import { connect } from "../daemon/ask.ts";
import { concat } from "../daemon/wire.ts";

const encoder = new TextEncoder();

/**
 * The hook call's fast path: hand the call to the resident daemon (src/daemon/serve.ts), which
 * runs it in a hook process it started ahead, and print what that process printed. This file is
 * all a hook call loads when the daemon answers. Whenever it cannot (opted out, no daemon yet, a
 * daemon that does not take the call quickly, or dies before answering) the call runs in this
 * process instead, exactly as without a daemon (src/hook/in-process.ts): never a lost answer.
 */

/** Why the call runs in-process; `absent`: no daemon listens, so one is started for the next calls. */
export type InProcess = { stdin: Promise<string>; why: "off" | "stdin" | "absent" | "busy" | "slow" | "retry" | "lost"; detail?: string };

/** Hosts write the payload at once: stdin still open after this runs in-process, where the deadline applies. */
const STDIN_WAIT_MS = 300;

export async function viaDaemon(words: string[], env: Record<string, string | undefined> = process.env): Promise<InProcess> {
  const socket = daemonWanted(env) ? daemonSocket(env) : undefined;
  // Connecting first: the connection comes up while the host is still writing stdin.
  const daemon = socket ? connect(socket) : undefined;
  // Bun.stdin.text(), not a stream: from a pipe, as hosts write the payload, reading it as a stream
  // measured ≈1.5 ms more per call (from a regular file it is the other way round).
  const reading = Bun.stdin.text().catch(() => "");
  if (!daemon) return { stdin: reading, why: "off" };
  // All of the request but stdin (DaemonCall), serialized and encoded while the host is still
  // writing it: done after stdin, the first encoding of the process measured 0.3 ms more per call.
  const head = JSON.stringify({ v: 1, argv: words, cwd: process.cwd(), env, startedAt: Date.now() - performance.now() } satisfies Omit<DaemonCall, "stdin">);
  const headBytes = encoder.encode(`${head.slice(0, -1)},"stdin":`);
  const stdin = await within(reading, STDIN_WAIT_MS);
  if (stdin === undefined) {
    daemon.close();
    return { stdin: reading, why: "stdin" };
  }
  const reply = await daemon.ask(concat(headBytes, encoder.encode(`${JSON.stringify(stdin)}}\n`)));
  if ("why" in reply) return { stdin: reading, ...reply };
  if ("retry" in reply) return { stdin: reading, why: reply.retry === BUSY ? "busy" : "retry", detail: reply.retry };
  if (reply.stdout) await Bun.write(Bun.stdout, reply.stdout).catch(() => 0);
  if (reply.stderr) await Bun.write(Bun.stderr, reply.stderr).catch(() => 0);
  // Ended by a signal (the backstop's kill): so does this process, as the host would have seen it.
  if (reply.signal) process.kill(process.pid, reply.signal as NodeJS.Signals);
  return process.exit(reply.exitCode);
}

/** What `promise` gives, or undefined after `ms` (a plain timer: Promise.race measured 0.3 ms more per call). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
