import { BUSY, SERVES_ANOTHER } from "../daemon/address.ts";
import type { Handoff } from "./handoff.ts";

/**
 * What a hook call does after each try at a daemon's worker (src/hook/client.ts), as a table:
 *
 *   handoff ──answer (a reply, a retry line, overran, or in-process for a reason)──▶ done
 *      │  └──told BUSY / declined (another connector's) / lost, under AGENT_CONNECTOR_DAEMON=require, within REQUIRE_WAIT_MS──▶ again
 *      └──none (no idle worker) ──▶ miss: the daemon asked to start one
 *                                     ├──no daemon (absent), not required, or past REQUIRE_WAIT_MS──▶ in-process
 *                                     └──else──▶ again (after a short sleep)
 *
 * Only a call that must not run in-process (`require`) tries again: any other runs in its own
 * process at once, which is never slower than waiting for a worker.
 */

/** With AGENT_CONNECTOR_DAEMON=require, how long a call waits for the daemon to start a worker for its connector. */
export const REQUIRE_WAIT_MS = 10_000;

/** Whether the call must not run in-process, and how long its process has run. */
export interface Patience {
  require: boolean;
  elapsedMs: number;
}

/** A worker connected to could not take the call: it was busy with another, serves another connector, or left before reading it. */
const tryAgain = (answer: Handoff["answer"]): boolean =>
  ("retry" in answer && (answer.retry === BUSY || answer.retry.startsWith(SERVES_ANOTHER))) || ("why" in answer && answer.why === "lost");

/** After a try: the same again, ask the daemon for a worker (none idle), or done with this answer. */
export function afterHandoff(answer: Handoff["answer"], patience: () => Patience): "again" | "miss" | "done" {
  if (tryAgain(answer)) {
    const { require, elapsedMs } = patience();
    if (require && elapsedMs <= REQUIRE_WAIT_MS) return "again";
  }
  return "why" in answer && answer.why === "none" ? "miss" : "done";
}

/** After the daemon heard of a call no worker took (or none listens: `absent`): try again, or run in-process. */
export function afterMiss(why: "absent" | "busy", { require, elapsedMs }: Patience): "again" | "in-process" {
  return why === "absent" || !require || elapsedMs > REQUIRE_WAIT_MS ? "in-process" : "again";
}
