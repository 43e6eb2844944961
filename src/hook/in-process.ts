import { runHook, type HookArgs } from "./run.ts";
import { claimStdout } from "./stdout-guard.ts";
import { logLine, logOnce } from "./io.ts";
import type { InProcess } from "./client.ts";
import { DAEMON_ENV } from "../daemon/address.ts";
import { REFUSED } from "../daemon/trust.ts";
import { oneLine } from "../one-line.ts";
import type { Reply } from "../dialects/dialect.ts";
import { libcFiles } from "./libc-files.ts";
import { statHomeWith } from "./home-trust.ts";
import { appendLedgerWith } from "./audit-call.ts";
import { readCompiledWith } from "./load-compiled.ts";

/** Why the daemon did not answer, for hook.log; the usual reasons (opted out, none yet) are not news. */
const WORTH_A_LINE = new Set<InProcess["why"]>(["slow", "lost", "retry"]);

/**
 * A hook call the daemon did not answer runs here, in this process, as every call did before the
 * daemon: the same guarantees (src/hook/run.ts), so a missing or failing daemon costs time, never
 * an answer. With no daemon listening, one is started for the calls that follow.
 */
export function answerInProcess(args: HookArgs, words: string[], from: InProcess): void {
  if (from.why !== "off" && process.env[DAEMON_ENV] === "require") {
    const why = `the daemon did not answer (${from.why}${from.detail ? `: ${from.detail}` : ""}) and ${DAEMON_ENV}=require`;
    const reply: Promise<Reply> = args.failClosed
      ? import("./closed-answer.ts").then(({ closedAnswer }) => closedAnswer(args, why))
      : Promise.resolve({ exitCode: 0, stderr: `${oneLine(`agent-connector: ${words.slice(1).join(" ")}: ${why}; allowed (fail-open)`)}\n` });
    void reply.then(async ({ stdout, stderr, exitCode }) => {
      if (stdout) await Bun.write(Bun.stdout, stdout);
      if (stderr) await Bun.write(Bun.stderr, stderr);
      process.exit(exitCode);
    });
    return;
  }
  // Before user code: stdout carries the host protocol, and only our reply may reach it.
  const writeReply = claimStdout();
  // The home's trust stats, the compiled connector's read and stamps and the ledger's append on
  // glibc's calls where they can be made: the same system calls as node:fs's, without loading
  // node:fs into this process (libc-files.ts), and none through Bun's thread pool.
  const files = libcFiles();
  if (files) {
    statHomeWith((path) => files.statSync(path, { throwIfNoEntry: false }));
    appendLedgerWith(files);
    readCompiledWith(files.readText, files.stamp);
  }
  if (from.why === "untrusted") logOnce("daemon-refused", `${REFUSED}: ${from.detail}`);
  if (WORTH_A_LINE.has(from.why))
    logLine(`${words.slice(1).join(" ")}: the daemon did not answer (${from.why}${from.detail ? `: ${from.detail}` : ""}); ran in-process`);
  // Not awaited: a pending top-level await keeps Bun from emitting beforeExit, which runHook uses
  // to answer at once when user code leaves nothing that could ever settle its handler.
  const run = () => void runHook(args, writeReply, from.stdin);
  // Loaded by the call that finds no daemon alone, which starts one before it runs, as the others never do.
  if (from.why === "absent") void import("./start-daemon.ts").then(({ startDaemon }) => startDaemon()).finally(run);
  else run();
}
