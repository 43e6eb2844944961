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
import { framework, inUserState, MathFloor, MathMax, performanceNow, user } from "./intrinsics.ts";

type Drain = () => void;

export type Guarded<T> = { kind: "returned"; value: T } | { kind: "threw"; error: unknown } | { kind: "timed-out" };

/** Where the watchdog's script finds the function to run: a name of this process's own, no Symbol.for (user code may replace it). */
const SLOT = `__agentConnectorGuarded${process.pid}_${Date.now()}`;
/**
 * The watchdog of this process: the script that arms JSC's watchdog and the microtask drain (set
 * once, by armWatchdog), and what the script runs next: taken once (a call of the global by user
 * code meanwhile finds nothing).
 */
// Every field is the object's own from the start: reading one never reaches Object.prototype, which user code may have changed.
const watchdog: { runScript: ((options: { timeout: number }) => unknown) | undefined; drain: Drain; next: (() => void) | undefined } = {
  runScript: undefined,
  drain: () => {},
  next: undefined,
};
const runNext = (): void => {
  const run = watchdog.next;
  watchdog.next = undefined;
  run?.();
};

/** Loads the watchdog (node:vm, bun:jsc): ~1 ms, paid only when a script config is about to run. */
export async function armWatchdog(): Promise<void> {
  if (watchdog.runScript) return;
  const vm = await import("node:vm");
  const jsc = await import("bun:jsc");
  watchdog.drain = jsc.drainMicrotasks;
  // Defined once, never deleted: a global added and deleted on every run reshapes the global object each time.
  Object.defineProperty(globalThis, SLOT, { value: runNext, enumerable: false, writable: false, configurable: false });
  const script = new vm.Script(`globalThis.${SLOT}()`);
  watchdog.runScript = script.runInThisContext.bind(script);
}

/**
 * Runs `fn` (and the microtasks it queues) until it is done or `deadline` (performance.now()) passes.
 * `fn` is user code: user code's versions of the built-ins are in place while it runs (intrinsics.ts).
 * `drainAfter` false for what `fn` returned: its microtasks stay queued (the caller drains them
 * later, with runUntil again).
 */
export function runUntil<T>(fn: () => T, deadline: number, drainAfter?: (value: T) => boolean, asUser = true): Guarded<T> {
  let outcome: Guarded<T> | undefined;
  watchdog.next = () => {
    try {
      outcome = { kind: "returned", value: fn() };
    } catch (error) {
      outcome = { kind: "threw", error };
    }
    if (!drainAfter || outcome.kind !== "returned" || drainAfter(outcome.value)) watchdog.drain();
  };
  const remaining = MathMax(1, MathFloor(deadline - performanceNow()));
  const entered = asUser && !inUserState();
  if (entered) user();
  try {
    if (watchdog.runScript) watchdog.runScript({ timeout: remaining });
    else runNext();
  } catch {
    // The watchdog fired: fn's own result, if it got one, still stands (a deny already made).
    return outcome ?? { kind: "timed-out" };
  } finally {
    if (entered) framework();
    watchdog.next = undefined;
  }
  return outcome!;
}

/** runUntil's `drainAfter` for a run whose microtasks wait until the reply is made (decide.ts). */
export const KEEP_QUEUED = (): boolean => false;

/**
 * Runs the microtasks user code left queued after its answer was made, until they are done or
 * `deadline` passes. With the original built-ins in place: what they change is noted by the next
 * framework() (intrinsics.ts), which the caller makes before its own code goes on.
 */
export const drainUntil = (deadline: number): void => void runUntil(() => undefined, deadline, undefined, false);

/** Whether the watchdog fired during the last runUntil whose outcome was kept. */
export const pastDeadline = (deadline: number): boolean => performanceNow() >= deadline;
