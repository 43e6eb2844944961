/**
 * Runs user code so that nothing it does synchronously outlives the time budget: busy loops, tail
 * calls (JSC eliminates them, so no stack overflow ends them), allocation without end, a config
 * whose top level never returns. A JS timer cannot interrupt those; JSC's watchdog can: armed
 * through node:vm's `timeout`, it is a native timer that makes the running code throw an
 * uncatchable termination at the deadline, and our code goes on to answer (fail-open, or the deny
 * already made). Microtasks are drained inside the same call, so an async handler's continuations
 * (and a config's top-level awaits) run under it too; timers user code sets are wrapped to re-enter
 * it. Loaded only for script configs: a JSON config runs no user code.
 */
type Drain = () => void;

export type Guarded<T> = { kind: "returned"; value: T } | { kind: "threw"; error: unknown } | { kind: "timed-out" };

const SLOT = Symbol.for("agent-connector.guarded");
let script: { runInThisContext(options: { timeout: number }): unknown } | undefined;
let drain: Drain = () => {};

/** Loads the watchdog (node:vm, bun:jsc): ~1 ms, paid only when a script config is about to run. */
export async function armWatchdog(): Promise<void> {
  if (script) return;
  const [vm, jsc] = await Promise.all([import("node:vm"), import("bun:jsc")]);
  drain = jsc.drainMicrotasks;
  script = new vm.Script(`globalThis[Symbol.for("agent-connector.guarded")]()`);
}

/** Runs `fn` (and the microtasks it queues) until it is done or `deadline` (performance.now()) passes. */
export function runUntil<T>(fn: () => T, deadline: number): Guarded<T> {
  let outcome: Guarded<T> | undefined;
  const slot = globalThis as unknown as Record<symbol, () => void>;
  slot[SLOT] = () => {
    try {
      outcome = { kind: "returned", value: fn() };
    } catch (error) {
      outcome = { kind: "threw", error };
    }
    drain();
  };
  const remaining = Math.max(1, Math.floor(deadline - performance.now()));
  try {
    if (script) script.runInThisContext({ timeout: remaining });
    else slot[SLOT]!();
  } catch {
    // The watchdog fired: fn's own result, if it got one, still stands (a deny already made).
    return outcome ?? { kind: "timed-out" };
  } finally {
    delete slot[SLOT];
  }
  return outcome!;
}

/** Whether the watchdog fired during the last runUntil whose outcome was kept. */
export const pastDeadline = (deadline: number): boolean => performance.now() >= deadline;
