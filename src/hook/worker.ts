import { readFileSync } from "node:fs";
import { armWatchdog } from "./watchdog.ts";
import { readCompiledWith } from "./load-compiled.ts";
import { nodeStamp } from "../compiled/node-stamp.ts";
import { replaceEnv } from "./replace-env.ts";
import { parseHookArgv } from "./argv.ts";
import { beginCall, callLeftNothing, clock, hookReply, traceCall, watchCall, type CallWatch } from "./run.ts";
import { prepareForUserCode } from "./guard.ts";
import { claimStdout } from "./stdout-guard.ts";
import { flushLogs } from "./io.ts";
import { backstopArmed } from "./backstop.ts";
import { END_MARK_ENV, type DaemonCall, type WorkerMessage } from "../daemon/address.ts";
import type { Reply } from "../dialects/dialect.ts";

/** A worker answers this many calls, then makes room for a fresh one (whatever user code keeps grows no further). */
const CALLS_PER_WORKER = 500;

/**
 * A hook process the daemon keeps (`agent-connector hook --worker`, src/daemon/serve.ts): the hook
 * code loaded, the watchdog armed and each compiled connector evaluated once, it answers the calls
 * the daemon hands it, one at a time, each in the host's working folder and environment, under
 * the same guards as a call in a process of its own (run.ts). A call that leaves anything behind
 * (a fail-open, a stray error, a source module, an armed backstop) is its last: the daemon ends
 * the worker once it has the answer, and the next call gets a clean one.
 */
export async function runWorker(): Promise<void> {
  const endMark = process.env[END_MARK_ENV] ?? "";
  readCompiledWith((path) => readFileSync(path, "utf8"), nodeStamp);
  claimStdout(); // user code's routes to stdout lead to stderr, as in a call of its own
  await armWatchdog();
  const realSetTimeout = setTimeout;
  let current: CallWatch | undefined;
  const realExit = prepareForUserCode(clock, { onStray: (error) => current?.noteStray(error), onOverrun: () => current?.overrun() });
  let served = 0;
  // After everything the call printed on stderr: the daemon hands the host what comes before the mark.
  const send = (message: WorkerMessage) => Bun.write(Bun.stderr, `${endMark}${JSON.stringify(message)}\n`);

  process.on("message", async (call: DaemonCall) => {
    beginCall(Date.now() - call.startedAt);
    let args;
    try {
      args = enter(call);
    } catch (error) {
      // Nothing of the call has run: the host's process runs it itself.
      return void send({ refused: (error as Error).message });
    }
    const answered = Promise.withResolvers<Reply>();
    const watch = (current = watchCall(args, answered.resolve, realSetTimeout));
    void hookReply(args, call.stdin).then(answered.resolve);
    const reply = await answered.promise;
    watch.stop();
    traceCall(args, reply.exitCode);
    await flushLogs();
    current = undefined;
    const last = ++served >= CALLS_PER_WORKER || watch.troubled() || !callLeftNothing() || backstopArmed();
    await send({ reply: { exitCode: reply.exitCode, stdout: reply.stdout ?? "", stderr: reply.stderr ?? "" }, last });
  });
  // The daemon holds our stdin open: its end (the daemon gone) is ours.
  void Bun.stdin.text().finally(() => realExit(0));
  await send({ ready: true });
}

/** The process becomes the host's hook process for this call: its folder, environment and words. */
function enter(call: DaemonCall) {
  process.chdir(call.cwd);
  replaceEnv(call.env);
  process.argv.splice(2, process.argv.length - 2, ...call.argv);
  const args = parseHookArgv(call.argv.slice(1));
  if (!args) throw new Error(`not a hook call: ${call.argv.join(" ")}`);
  return args;
}
