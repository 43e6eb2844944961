import { BUSY, daemonSocket, daemonWanted, type CallHead } from "../daemon/address.ts";
import { ask } from "../daemon/ask.ts";
import { callBlocking, FFI_ENV } from "./call-blocking.ts";
import { callEvented } from "./call-evented.ts";

/**
 * The hook call's fast path: hand the call to an idle hook worker of the resident daemon
 * (src/daemon/serve.ts: processes it started ahead, the hook code loaded), straight to the
 * worker's own socket, and print what the worker printed. This is all a hook call loads when a
 * worker answers. Whenever none can (opted out, no daemon yet, every worker busy, a worker that
 * dies before answering) the call runs in this process instead, exactly as without a daemon
 * (src/hook/in-process.ts): never a lost answer.
 */

/** Why the call runs in-process; `absent`: no daemon listens, so one is started for the next calls. */
export type InProcess = { stdin: Promise<string>; why: "off" | "stdin" | "absent" | "busy" | "slow" | "retry" | "lost" | "untrusted"; detail?: string };

export async function viaDaemon(words: string[], env: Record<string, string | undefined> = process.env): Promise<InProcess> {
  const daemon = daemonWanted(env) ? daemonSocket(env) : undefined;
  if (!daemon) return { stdin: Bun.stdin.text().catch(() => ""), why: "off" };
  // process.uptime(), not performance.now(): see call-blocking.ts.
  const head = () => JSON.stringify({ v: 2, argv: words, cwd: process.cwd(), env, startedAt: Date.now() - process.uptime() * 1000 } satisfies CallHead);
  // Linux: blocking system calls (call-blocking.ts); elsewhere, opted out, or where those cannot be made, Bun's sockets.
  const blocking = process.platform === "linux" && env[FFI_ENV] !== "0" && callBlocking(daemon, head);
  const { stdin, answer, print } = blocking || (await callEvented(daemon, head));
  if ("why" in answer) return { stdin, ...(answer.why === "none" ? await noIdleWorker(daemon) : answer) };
  if ("retry" in answer) return { stdin, why: answer.retry === BUSY ? "busy" : "retry", detail: answer.retry };
  if (answer.stdout) await (print ? print(1, answer.stdout) : Bun.write(Bun.stdout, answer.stdout).catch(() => 0));
  if (answer.stderr) await (print ? print(2, answer.stderr) : Bun.write(Bun.stderr, answer.stderr).catch(() => 0));
  // Ended by a signal (the backstop's kill): so does this process, as the host would have seen it.
  if (answer.signal) process.kill(process.pid, answer.signal as NodeJS.Signals);
  return process.exit(answer.exitCode);
}

/** No worker took the call: all busy, or no daemon runs (then the call starts one for the next calls). */
async function noIdleWorker(daemon: string): Promise<Pick<InProcess, "why">> {
  return { why: "why" in (await ask(daemon, { v: 1, status: true })) ? "absent" : "busy" };
}
