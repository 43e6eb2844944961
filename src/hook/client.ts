import { boardPath, BUSY, DAEMON_ENV, daemonSocket, daemonWanted, slotOf, workerSockets, type CallHead } from "../daemon/address.ts";
import { areaOf, keptFor, type CallKey, type Kept, type Printed } from "../daemon/provisional.ts";
import { blockedLine } from "../core/timeout.ts";
import { whereOf, type HookArgs } from "./argv.ts";
import { ask } from "../daemon/ask.ts";
import { callBlocking, FFI_ENV } from "./call-blocking.ts";
import { callEvented } from "./call-evented.ts";
import type { Handoff } from "./handoff.ts";
import { afterHandoff, afterMiss } from "./client-choice.ts";
import { compiledPath } from "../compiled/artifact.ts";
import { writeWhole, writtenAtOnce } from "../write-whole.ts";

/**
 * The hook call's fast path: hand the call to an idle hook worker of the resident daemon
 * (src/daemon/serve.ts: processes it started ahead, the hook code loaded), straight to the
 * worker's own socket, and print what the worker printed. This is all a hook call loads when a
 * worker answers. Whenever none can (opted out, no daemon yet, no idle worker for its connector, a
 * worker that dies before answering) the call runs in this process instead, exactly as without a
 * daemon (src/hook/in-process.ts): never a lost answer.
 */

/** Why the call runs in-process; `absent`: no daemon listens, so one is started for the next calls. */
export type InProcess = { stdin: Promise<string>; why: "off" | "stdin" | "absent" | "busy" | "slow" | "retry" | "lost" | "untrusted"; detail?: string };

export async function viaDaemon(
  words: string[],
  args: Pick<HookArgs, "platform" | "event" | "connector" | "failClosed" | "native">,
  env: Record<string, string | undefined> = process.env,
): Promise<InProcess> {
  const connector = args.connector;
  const daemon = daemonWanted(env) ? daemonSocket(env) : undefined;
  if (!daemon) return { stdin: Bun.stdin.text().catch(() => ""), why: "off" };
  // process.uptime(), not performance.now(): see call-blocking.ts.
  const key: CallKey = { pid: process.pid, startedAt: Date.now() - process.uptime() * 1000 };
  const head = () =>
    JSON.stringify({ v: 2, argv: words, cwd: process.cwd(), env, startedAt: key.startedAt, umask: process.umask(), pid: key.pid } satisfies CallHead);
  const sockets = workerSockets(daemon, connector);
  // Where install recorded the connector's timeout (src/hook/known-deadline.ts).
  const compiled = () => compiledPath(connector ?? "", env);
  // Linux: blocking system calls (call-blocking.ts); elsewhere, opted out, or where those cannot be made, Bun's sockets.
  const blocking = process.platform === "linux" && env[FFI_ENV] !== "0";
  // Bun.stdin.text(), not a stream: from a pipe, as hosts write the payload, reading it as a stream
  // measured ≈1.5 ms more per call (from a regular file it is the other way round).
  let reading: Promise<string> | undefined;
  let handoff: Handoff;
  // What each try comes to: src/hook/client-choice.ts.
  const patience = () => ({ require: env[DAEMON_ENV] === "require", elapsedMs: process.uptime() * 1000 });
  for (;;) {
    handoff =
      (blocking && !reading && callBlocking(sockets, head, compiled)) ||
      (await callEvented(sockets, head, (reading ??= Bun.stdin.text().catch(() => "")), compiled));
    const next = afterHandoff(handoff.answer, patience);
    // A call that must not run in-process tries again where a worker could not take it after all
    // (told BUSY, or dropped as it left): the next try finds another worker, or the one it starts.
    if (next === "again") {
      reading = handoff.stdin ?? reading;
      await Bun.sleep(50);
      continue;
    }
    if (next === "done") break;
    // No idle worker for this connector: the daemon starts one for the calls that follow (or this
    // one, when a call must not run in-process); no daemon at all: this call starts it.
    const why = await noIdleWorker(daemon, connector);
    if (afterMiss(why, patience()) === "in-process") {
      return { stdin: handoff.stdin ?? (reading ??= Bun.stdin.text().catch(() => "")), why };
    }
    await Bun.sleep(50);
  }
  const { answer } = handoff;
  const print = printer(handoff);
  const stdin = handoff.stdin ?? (reading ??= Bun.stdin.text().catch(() => ""));
  if ("why" in answer && answer.why === "overran") return overran(daemon, args, handoff, key, print);
  if ("why" in answer) return { stdin, ...(answer as { why: InProcess["why"]; detail?: string }) };
  if ("retry" in answer) return { stdin, why: answer.retry === BUSY ? "busy" : "retry", detail: answer.retry };
  if (answer.stdout) await print(1, answer.stdout);
  if (answer.stderr) await print(2, answer.stderr);
  // Ended by a signal (the backstop's kill): so does this process, as the host would have seen it.
  if (answer.signal) process.kill(process.pid, answer.signal as NodeJS.Signals);
  return process.exit(answer.exitCode);
}

/**
 * The worker's code held it past the call's deadline (a native call that blocks, a loop the event
 * loop runs): the host sees what the backstop shows in a process of its own (native-backstop.ts).
 * First what user code printed on stderr before the block (it went straight to the host's stderr
 * there); then one line and a hook ended by SIGKILL, or, when the handler's reply was made before
 * that (one of the microtasks it left blocks), that reply. The daemon replaces the stuck worker.
 */
async function overran(
  daemon: string,
  args: Pick<HookArgs, "platform" | "event" | "connector" | "failClosed" | "native">,
  handoff: Handoff,
  key: CallKey,
  print: Print,
): Promise<never> {
  const kept = handoff.worker ? await keptOf(daemon, slotOf(handoff.worker), key) : undefined;
  const before = kept?.printed ? await printedBefore(kept.printed) : "";
  if (before) await print(2, before);
  // Held before it could offer its fail-closed deny (its connector's own code between calls): the host's
  // own deny, made here (loaded only on this path: the fast path loads no adapter).
  const made =
    kept?.reply ??
    (args.failClosed ? await (await import("./closed-answer.ts")).closedAnswer(args, "user code blocked the process past its time budget") : undefined);
  if (!made) await print(2, `${blockedLine(whereOf(args))}\n`);
  if (handoff.worker) await ask(daemon, { v: 1, stuck: slotOf(handoff.worker), at: Date.now() });
  if (made) {
    if (made.stdout) await print(1, made.stdout);
    if (made.stderr) await print(2, made.stderr);
    return process.exit(made.exitCode);
  }
  process.kill(process.pid, "SIGKILL");
  return new Promise<never>(() => {});
}

type Print = (fd: 1 | 2, text: string) => unknown;

/**
 * Writes what the worker printed as this process's own output: the transport's way, else Bun.write;
 * more than one write takes, in parts as the host reads them, however late (src/write-whole.ts).
 */
const printer =
  (handoff: Handoff): Print =>
  (fd, text) =>
    !writtenAtOnce(text)
      ? import("node:fs").then(({ writeSync }) => writeWhole(writeSync, fd, new TextEncoder().encode(text))).catch(() => 0)
      : handoff.print
        ? handoff.print(fd, text)
        : Bun.write(fd === 1 ? Bun.stdout : Bun.stderr, text).catch(() => 0);

/** What the worker in `slot` kept for this call before its code held it (src/daemon/provisional.ts). */
async function keptOf(daemon: string, slot: number, key: CallKey): Promise<Kept | undefined> {
  try {
    return keptFor(areaOf(await Bun.file(boardPath(daemon)).bytes(), slot), key);
  } catch {
    return undefined;
  }
}

/**
 * What user code printed on stderr during this call, up to now, read from the worker's stderr file
 * (src/hook/stderr-capture.ts) through /proc: Linux only; elsewhere it is not shown (docs/reliability.md).
 */
async function printedBefore({ pid, from }: Printed): Promise<string> {
  if (process.platform !== "linux") return "";
  try {
    return await Bun.file(`/proc/${pid}/fd/2`).slice(from).text();
  } catch {
    return "";
  }
}

/** No worker took the call: none idle for its connector (the daemon is told), or no daemon runs (then the call starts one for the next calls). */
async function noIdleWorker(daemon: string, connector: string | undefined): Promise<"absent" | "busy"> {
  return "why" in (await ask(daemon, { v: 1, miss: connector ?? null })) ? "absent" : "busy";
}
