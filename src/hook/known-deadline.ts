import { BACKSTOP_GRACE_MS, DEFAULT_BUDGET_MS } from "../core/timeout.ts";

/**
 * A call's deadline (ms from the hook process's start) as the client can know it before any worker
 * speaks: from the `timeout` install recorded in the first line of the connector's compiled file
 * (src/compiled/artifact.ts, CompiledMeta), the default's without one. A worker tells its client
 * the deadline before user code runs, but one that its connector's own code holds between calls
 * (a top-level timer that blocks natively) tells nothing, and the call would wait the default 29 s.
 *
 * Matched, not parsed: in the JSON of the first line a `,"timeout":` inside a string has its
 * quote escaped. budgetMs() written out: no first use of Math in the client (call-blocking.ts says why).
 */
export function knownDeadline(head: string): number {
  const end = head.indexOf("\n");
  const timeout = /,"timeout":(\d+(?:\.\d+)?)[,}]/.exec(end < 0 ? head : head.slice(0, end))?.[1];
  if (!timeout) return DEFAULT_BUDGET_MS;
  const ms = Number(timeout) * 1000 - 1000;
  // biome-ignore lint/complexity/useMathMinMax: the client's first use of Math costs it ≈110k instructions (src/core/timeout.ts).
  return ms > MIN_BUDGET_MS ? ms : MIN_BUDGET_MS;
}

/** The least budget budgetMs() gives (src/core/timeout.ts). */
const MIN_BUDGET_MS = 500;

/**
 * The shortest deadline any connector can have, from the hook process's start (the least budget,
 * and the grace): a client reads the compiled file only for a call not answered by then.
 */
export const FIRST_LOOK_MS = MIN_BUDGET_MS + BACKSTOP_GRACE_MS;

/** How much of the compiled file the client reads for it: the first line, inputs and all, of any connector but a huge one. */
export const KNOWN_HEAD_BYTES = 16384;
