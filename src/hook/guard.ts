import { runUntil } from "./watchdog.ts";
import { armBackstop } from "./backstop.ts";
import {
  asFramework,
  NativePromise,
  PromisePeek,
  PromisePrototypeThen,
  PromiseResolve,
  PromiseState,
  PromiseWithResolvers,
  recordIntrinsics,
  ReflectApply,
  user,
} from "./intrinsics.ts";

/**
 * What running a handler came to: `now` when it returned a value, or a native promise already
 * settled (an async handler that returned without waiting), the microtasks it queued still waiting
 * (the caller makes its answer first, then drains them: drainUntil); `later` when it returned a
 * promise still pending or another thenable.
 */
export type Ran = { now: Outcome } | { later: Promise<Outcome> };

/** The outcome of running user code under a time budget with process.exit disarmed. */
export type Outcome = { kind: "returned"; value: unknown } | { kind: "threw"; error: unknown } | { kind: "timed-out" } | { kind: "exited"; code: unknown };

class ExitAttempt extends Error {
  constructor(readonly code: unknown) {
    super(`handler called process.exit(${String(code)})`);
  }
}

/** The budget's end, in performance.now() time; it moves once the connector's own timeout is known. */
export interface Clock {
  deadline: number;
}

export interface UserCodeHooks {
  /** A stray error outside the handler's own result (a timer, a floating promise): noted, not fatal. */
  onStray(error: unknown): void;
  /** A wrapped timer callback ran past the deadline: answer now. */
  onOverrun(): void;
}

/**
 * The handler run in hand: the exit it attempted, who hears of one, and the timers its handlers set
 * during the call (undefined outside a handler's call, each with how it is cleared). Every field is
 * the object's own from the start: user code may have changed Object.prototype.
 */
const running: {
  exitAttempt: ExitAttempt | undefined;
  exitListeners: ((attempt: ExitAttempt) => void)[];
  callTimers: [clear: (handle: unknown) => void, handle: unknown][] | undefined;
} = { exitAttempt: undefined, exitListeners: [], callTimers: undefined };

/**
 * From here on user code may run (the config's top level included): process.exit throws instead
 * of exiting, stray errors do not crash the process, and timers re-enter the watchdog when they
 * fire. The built-ins are recorded as they are now (intrinsics.ts). Returns the real exit, for our own answer.
 */
export function prepareForUserCode(
  clock: Clock,
  hooks: UserCodeHooks,
  worker?: { intrinsics: Parameters<typeof recordIntrinsics>[0] },
): (code: number) => never {
  const realExit = process.exit.bind(process) as (code: number) => never;
  process.exit = ((code?: unknown) => {
    running.exitAttempt = new ExitAttempt(code);
    // Indexes, not an iterator: user code's version of Array's may be in place.
    for (let i = 0; i < running.exitListeners.length; i++) running.exitListeners[i]!(running.exitAttempt);
    throw running.exitAttempt;
  }) as typeof process.exit;
  const stray = (error: unknown) => (error instanceof ExitAttempt ? undefined : hooks.onStray(error));
  process.on("uncaughtException", stray);
  process.on("unhandledRejection", stray);
  wrapTimers(clock, hooks);
  recordIntrinsics(worker?.intrinsics, worker !== undefined);
  return realExit;
}

type Scheduler = (callback: (...args: unknown[]) => unknown, ms?: number, ...args: unknown[]) => unknown;

/**
 * Clears the timers the handlers of the call just answered set: in a process of its own they end
 * with the process, and in a daemon's worker one left behind must not run after the answer (nor
 * hold the worker when the next call comes). Timers a connector's top level set are its module
 * scope's, and stay.
 */
export function clearCallTimers(): void {
  const timers = running.callTimers;
  running.callTimers = undefined;
  for (let i = 0; timers && i < timers.length; i++) timers[i]![0](timers[i]![1]);
}

/** User timers (and Bun.sleep, which uses them) call back under the watchdog, so `await sleep(); while (true) {}` ends too. */
function wrapTimers(clock: Clock, hooks: UserCodeHooks): void {
  const g = globalThis as unknown as Record<string, Scheduler>;
  const clears: Record<string, (handle: unknown) => void> = { setTimeout: clearTimeout, setInterval: clearInterval, setImmediate: clearImmediate } as never;
  for (const name of ["setTimeout", "setInterval", "setImmediate"]) {
    const real = g[name]!;
    const clear = clears[name]!;
    g[name] = (callback, ...rest) => {
      const handle = ReflectApply(real, undefined, [
        typeof callback === "function"
          ? (...args: unknown[]) => {
              const run = runUntil(() => ReflectApply(callback, undefined, args), clock.deadline);
              if (run.kind === "timed-out") hooks.onOverrun();
              if (run.kind === "threw") hooks.onStray(run.error);
            }
          : callback,
        ...rest,
      ]);
      if (running.callTimers) running.callTimers[running.callTimers.length] = [clear, handle];
      return handle;
    };
  }
  const realSetTimeout = g.setTimeout!;
  Bun.sleep = ((ms: number | Date) =>
    new Promise<void>((resolve) => realSetTimeout(() => resolve(), typeof ms === "number" ? ms : ms.getTime() - Date.now()))) as typeof Bun.sleep;
}

/**
 * Runs `fn` under the watchdog until the deadline. Only the handler's own result decides the outcome;
 * an async handler still pending after its synchronous part is awaited (its timers are wrapped, and
 * the hook's deadline timer ends a wait that never finishes). From its start until the caller has
 * read its answer (which may run getters: user code too), user code's versions of the built-ins
 * are in place (intrinsics.ts): its async continuations run with them, our own steps in between
 * with the references taken before. The caller calls framework() once it has the answer in hand.
 *
 * A handler that returns a value, or a native promise already settled (an async handler that never
 * waited), has its answer taken before the microtasks it queued run: one of them that then blocks
 * natively (out of the watchdog's reach) cannot keep a deny from being made (decide.ts makes the
 * reply first, then drains them).
 */
export function runGuarded(fn: () => unknown, clock: Clock, where: string): Ran {
  running.exitAttempt = undefined;
  // `then` is read under the watchdog too: a getter or a Proxy trap is user code.
  let settled = false;
  running.callTimers ??= [];
  user();
  const first = runUntil(
    (): { value: unknown; promise?: Promise<unknown>; early?: Outcome } => {
      const value = fn();
      const native = value instanceof NativePromise;
      const early = native ? settledNow(value) : undefined;
      if (early) return { value, promise: undefined, early };
      const promise = native ? value : isThenable(value) ? PromiseResolve(value) : undefined;
      // Runs with the microtasks runUntil drains when the promise is already settled (an async handler that never waited).
      if (promise)
        PromisePrototypeThen(
          promise,
          () => (settled = true),
          () => (settled = true),
        );
      return { value, promise };
    },
    clock.deadline,
    (ran) => ran.promise !== undefined,
  );
  const attempt = running.exitAttempt as ExitAttempt | undefined;
  if (attempt) return { now: { kind: "exited", code: attempt.code } };
  if (first.kind !== "returned") return { now: first.kind === "threw" ? outcomeOfError(first.error) : first };
  const { value: returned, promise: value, early } = first.value;
  if (early) return { now: early };
  if (!value) return { now: { kind: "returned", value: returned } };
  // Still pending: what runs after real I/O is beyond the watchdog's reach.
  if (!settled) asFramework(() => armBackstop(clock.deadline, where));
  return { later: settledOutcome(value) };
}

/**
 * The outcome of a native promise that is already settled, read without waiting for a microtask
 * (one the handler queued before returning would run first, and may block natively); undefined
 * while it is pending, or where Bun.peek is not there. A rejection read here is marked handled.
 */
function settledNow(promise: Promise<unknown>): Outcome | undefined {
  const state = PromiseState?.(promise);
  if (state === "fulfilled") return { kind: "returned", value: PromisePeek!(promise) };
  if (state !== "rejected") return undefined;
  PromisePrototypeThen(promise, undefined, () => {});
  return outcomeOfError(PromisePeek!(promise));
}

/** What an error ending user code came to: a throw, or the process.exit it attempted. */
const outcomeOfError = (error: unknown): Outcome => (error instanceof ExitAttempt ? { kind: "exited", code: error.code } : { kind: "threw", error });

/** The outcome of a handler's promise: its value, its error, or its process.exit. */
async function settledOutcome(value: Promise<unknown>): Promise<Outcome> {
  const outcome = PromiseWithResolvers<Outcome>();
  running.exitListeners = [(attempt) => outcome.resolve({ kind: "exited", code: attempt.code })];
  PromisePrototypeThen(
    value,
    (resolved): void => outcome.resolve({ kind: "returned", value: resolved }),
    (error): void => outcome.resolve(outcomeOfError(error)),
  );
  try {
    return await outcome.promise;
  } finally {
    running.exitListeners = [];
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function";
