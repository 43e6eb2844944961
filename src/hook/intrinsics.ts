/**
 * The built-ins a hook call's own code relies on (JSON, Object, Array and String methods,
 * promises, iterators, TextEncoder, Bun's and process's functions, …), kept as they were before
 * any user code ran, so that user code that replaces one (a polyfill, zone.js patching
 * `Promise.prototype.then`, a hostile connector) cannot turn the framework's reply into another.
 *
 * Two ways, as runtimes protect their internals:
 * - Outside user code the originals are in place. `user()` puts user code's versions back before
 *   it runs (its module scope persists: what its top level replaced is still replaced in its
 *   handler, its async continuations and its timers); `framework()` notes what user code changed
 *   and puts the originals back once it has returned. The edges: the config's top level and a timer
 *   (watchdog.ts, runUntil), the handler from its start until its answer has been read (guard.ts
 *   runGuarded, then decide.ts), a daemon's worker between its calls (worker.ts). A worker serves
 *   one connector, so what it notes stays that connector's.
 * - Code of ours that runs while user code's versions are in place (the watchdog, reading the
 *   answer, waiting for it, a timer of ours) uses the references below, taken before any user code ran.
 *
 * Checking costs one property read per recorded built-in (≈100; ≈130 in a daemon's worker) at
 * each edge, plus a key count on the prototypes user code may add to (`Object.prototype.toJSON`,
 * `.then`): 0.03–0.09 ms in a hook process of its own, two edges per call.
 */

const { defineProperty, getOwnPropertyDescriptor, getPrototypeOf } = Object;
const { apply, ownKeys } = Reflect;
const bindCall = Function.prototype.call.bind(Function.prototype.bind) as <F extends (...args: never[]) => unknown>(fn: F, self: unknown) => F;
/** `fn` as a function of its `this` and arguments, immune to later changes of `call`, `bind` or `fn`'s object. */
const uncurry = <This, Args extends unknown[], R>(fn: (this: This, ...args: Args) => R): ((self: This, ...args: Args) => R) =>
  bindCall(Function.prototype.call, fn) as unknown as (self: This, ...args: Args) => R;

export const JSONParse = JSON.parse;
export const JSONStringify = JSON.stringify;
export const ObjectKeys = Object.keys;
export const ObjectHasOwn = Object.hasOwn;
export const MathMax = Math.max;
export const MathMin = Math.min;
export const MathFloor = Math.floor;
export const ReflectApply = apply;
export const NativePromise = Promise;
export const StringOf = String;
export const PromiseResolve = bindCall(Promise.resolve, Promise) as <T>(value: T) => Promise<Awaited<T>>;
export const PromisePrototypeThen = uncurry(Promise.prototype.then) as <T, R1 = T, R2 = never>(
  promise: Promise<T>,
  onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
  onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
) => Promise<R1 | R2>;
/** Promise.withResolvers, which Node before 22 lacks (the plugin worker, plugin-worker.ts, runs there too). */
export const PromiseWithResolvers: <T>() => PromiseWithResolvers<T> = Promise.withResolvers
  ? (bindCall(Promise.withResolvers, Promise) as <T>() => PromiseWithResolvers<T>)
  : <T>() => {
      const made = {} as PromiseWithResolvers<T>;
      made.promise = new Promise<T>((resolve, reject) => Object.assign(made, { resolve, reject }));
      return made;
    };
export const ArrayPrototypeIncludes = uncurry(Array.prototype.includes) as (array: readonly unknown[], value: unknown) => boolean;
export const performanceNow = bindCall(performance.now, performance) as () => number;
export const DateNow = Date.now;
/**
 * A native promise's state and result, read at once (Bun.peek; absent under Node, where the plugin
 * worker also runs): an async handler that returned without waiting has its answer taken before
 * the microtasks it queued run (guard.ts).
 */
const peek = (globalThis as { Bun?: { peek?: ((promise: Promise<unknown>) => unknown) & { status?: (promise: Promise<unknown>) => string } } }).Bun?.peek;
export const PromiseState: ((promise: Promise<unknown>) => string) | undefined = peek?.status ? bindCall(peek.status, peek) : undefined;
export const PromisePeek: ((promise: Promise<unknown>) => unknown) | undefined = peek ? bindCall(peek, undefined) : undefined;

// For this module's own bookkeeping, which runs while user code's versions may be in place.
const MapGet = uncurry(Map.prototype.get) as <K, V>(map: Map<K, V>, key: K) => V | undefined;
const MapSet = uncurry(Map.prototype.set) as <K, V>(map: Map<K, V>, key: K, value: V) => Map<K, V>;
const MapClear = uncurry(Map.prototype.clear) as (map: Map<unknown, unknown>) => void;
const MapForEach = uncurry(Map.prototype.forEach) as <K, V>(map: Map<K, V>, each: (value: V, key: K) => void) => void;
const SetHas = uncurry(Set.prototype.has) as <T>(set: Set<T>, value: T) => boolean;
const SetSize = uncurry(getOwnPropertyDescriptor(Set.prototype, "size")!.get!) as (set: Set<unknown>) => number;

/**
 * What is recorded: by name, the built-ins the hook's code calls (its own, valibot's) or reaches
 * through syntax (array iteration, `then`). Data properties only (an accessor would be a getter
 * call per check). Only what a hook call uses anyway: the first look at a built-in method creates
 * its function object (≈1.5 µs each in a process this young), at a lazily made global or
 * process.nextTick far more (Uint8Array 0.1–4 ms, nextTick 1.1 ms). What only a daemon's worker
 * uses (its sockets, its calls' folders) is looked at there alone (WORKER_PROPERTIES).
 */
function recordedProperties(): [object, readonly PropertyKey[]][] {
  return [
    [globalThis, ["Object", "Array", "String", "JSON", "Math", "Promise", "Map", "Set", "RegExp", "Error", "Bun", "process"]],
    [JSON, ["parse", "stringify"]],
    [Object, ["keys", "entries", "values", "assign", "fromEntries", "hasOwn", "defineProperty"]],
    [Object.prototype, ["hasOwnProperty", "toString"]],
    [Function.prototype, ["call", "apply", "bind"]],
    [Array, ["isArray", "from"]],
    [Array.prototype, ARRAY_METHODS],
    [getPrototypeOf([][Symbol.iterator]()), ["next"]],
    [String.prototype, STRING_METHODS],
    [Number, ["isFinite"]],
    [Number.prototype, ["toString", "toFixed"]],
    [Math, ["max", "min", "floor", "round"]],
    [Promise, ["resolve", "withResolvers"]],
    [Promise.prototype, ["then", "catch", "finally"]],
    [Map.prototype, ["get", "set", "has", "delete", "entries", "values", "keys", Symbol.iterator]],
    [Set.prototype, ["add", "has", "delete", "values", Symbol.iterator]],
    [RegExp.prototype, ["exec", "test", Symbol.replace, Symbol.split, Symbol.matchAll]],
    [Bun, ["write", "file", "stdout", "stderr"]],
    [process, ["cwd", "exit", "on", "argv", "env"]],
  ];
}

const ARRAY_METHODS = [
  "at",
  "concat",
  "every",
  "filter",
  "find",
  "flatMap",
  "includes",
  "indexOf",
  "join",
  "lastIndexOf",
  "map",
  "pop",
  "push",
  "slice",
  "some",
  "sort",
  "splice",
  Symbol.iterator,
];
const STRING_METHODS = [
  "charCodeAt",
  "endsWith",
  "includes",
  "indexOf",
  "lastIndexOf",
  "matchAll",
  "padStart",
  "repeat",
  "replace",
  "slice",
  "split",
  "startsWith",
  "toString",
  "trim",
];

/** What a daemon's worker uses besides (its sockets, its calls' folders). */
export const WORKER_PROPERTIES = (): [object, readonly PropertyKey[]][] => [
  [globalThis, ["TextEncoder", "TextDecoder", "Uint8Array"]],
  [TextEncoder.prototype, ["encode"]],
  [TextDecoder.prototype, ["decode"]],
  [getPrototypeOf(Uint8Array.prototype), ["set", "subarray", "slice", "fill"]],
  [Bun, ["listen", "connect", "spawn", "sleep"]],
  [process, ["chdir", "umask", "send", "kill"]],
];

// Parallel arrays, read in one tight loop at each edge.
const targets: Record<PropertyKey, unknown>[] = [];
const keys: PropertyKey[] = [];
const originals: unknown[] = [];
/** Prototypes whose added keys matter (a `toJSON` or a `then` every object would inherit), with their own keys then. */
const watched: { target: object; keys: Set<PropertyKey> }[] = [];
/** What user code changed, put back by user(): by index (an absent property as ABSENT), and keys it added. */
const ABSENT = Symbol("absent");
const changed = new Map<number, unknown>();
const added = new Map<object, Map<PropertyKey, PropertyDescriptor>>();
/**
 * Whether the originals are recorded, whether user code's built-ins are in place now, and the check
 * that a recorded property differs from its original (compiled in a daemon's worker, recordIntrinsics).
 * Every field is the object's own from the start: user code may have changed Object.prototype.
 */
const phase: { recorded: boolean; userState: boolean; anyChanged: () => boolean } = { recorded: false, userState: false, anyChanged: () => true };

/**
 * Takes the originals: call once, after the framework's own replacements (stdout, timers,
 * process.exit) and before any user code runs. Later calls do nothing.
 */
export function recordIntrinsics(more: [object, readonly PropertyKey[]][] = [], compiled = false): void {
  if (phase.recorded) return;
  phase.recorded = true;
  const groups = recordedProperties().concat(more);
  // Index loops: in a process this young, the iterator protocol is a call per step.
  for (let g = 0; g < groups.length; g++) {
    const target = groups[g]![0] as Record<PropertyKey, unknown>;
    const names = groups[g]![1];
    for (let k = 0; k < names.length; k++) {
      targets[targets.length] = target;
      keys[keys.length] = names[k]!;
      originals[originals.length] = target[names[k]!];
    }
  }
  const prototypes = [Object.prototype, Array.prototype, Function.prototype, Promise.prototype];
  for (let i = 0; i < prototypes.length; i++) watched[i] = { target: prototypes[i]!, keys: new Set(ownKeys(prototypes[i]!)) };
  if (compiled) phase.anyChanged = compileCheck();
}

/**
 * The check as straight-line code, one read per property at a site of its own: each read is
 * inline-cached even by the interpreter a worker mostly runs in (src/jit-policy.ts), where the loop
 * in framework() reads through the generic path each time (≈0.1 ms per call in a worker, before).
 * Compiled once, in a process that answers many calls: in a hook process of its own the compile would cost what it saves.
 */
function compileCheck(): () => boolean {
  const symbols: symbol[] = [];
  const reads: string[] = [];
  for (let i = 0; i < targets.length; i++) {
    const key = keys[i]!;
    const name = typeof key === "symbol" ? `s[${symbols.push(key) - 1}]` : JSONStringify(key);
    reads[reads.length] = `t[${i}][${name}] !== o[${i}]`;
  }
  const check = new Function("t", "o", "s", `return ${reads.join(" || ")};`) as (t: unknown[], o: unknown[], s: symbol[]) => boolean;
  return bindCall(check, undefined).bind(undefined, targets, originals, symbols) as () => boolean;
}

/** Sets a property back to `value` (or removes it), as assignment would, or by definition where user code made it read-only. */
function put(target: Record<PropertyKey, unknown>, key: PropertyKey, value: unknown): void {
  try {
    if (value === ABSENT) delete target[key];
    else {
      target[key] = value;
      if (target[key] !== value) defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
    }
  } catch {
    try {
      defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
    } catch {
      // Made unconfigurable by user code: its version stays, the best that can be done.
    }
  }
}

/**
 * Puts the originals back, noting user code's versions for user(). Safe to call in either state:
 * what user code changed while the originals were in place (a stray callback) is noted too.
 */
export function framework(): void {
  if (!phase.recorded) return;
  if (phase.userState) {
    MapClear(changed);
    MapClear(added);
    phase.userState = false;
  }
  if (phase.anyChanged()) restoreChanged();
  restoreAdded();
}

function restoreChanged(): void {
  for (let i = 0; i < targets.length; i++) {
    const now = targets[i]![keys[i]!];
    if (now === originals[i]) continue;
    MapSet(changed, i, now === undefined && !apply(ObjectHasOwn, Object, [targets[i], keys[i]]) ? ABSENT : now);
    put(targets[i]!, keys[i]!, originals[i]);
  }
}

function restoreAdded(): void {
  for (let i = 0; i < watched.length; i++) {
    const { target, keys: before } = watched[i]!;
    const now = ownKeys(target);
    if (now.length === SetSize(before)) continue;
    for (let j = 0; j < now.length; j++) {
      const key = now[j]!;
      if (SetHas(before, key)) continue;
      let extra = MapGet(added, target);
      if (!extra) MapSet(added, target, (extra = new Map()));
      MapSet(extra, key, getOwnPropertyDescriptor(target, key)!);
      try {
        delete (target as Record<PropertyKey, unknown>)[key];
      } catch {
        // Likewise.
      }
    }
  }
}

/** Puts user code's versions back before it runs again. */
export function user(): void {
  if (!phase.recorded || phase.userState) return;
  phase.userState = true;
  MapForEach(changed, (value, i) => put(targets[i]!, keys[i]!, value));
  MapForEach(added, (extra, target) =>
    MapForEach(extra, (descriptor, key) => {
      try {
        defineProperty(target, key, descriptor);
      } catch {
        // As it was made to be.
      }
    }),
  );
}

/** Whether user code's versions are in place (between user() and framework()). */
export const inUserState = (): boolean => phase.userState;

/** Runs `fn`, our own synchronous code, with the originals in place, and leaves the state as it found it. */
export function asFramework<T>(fn: () => T): T {
  const wasUser = phase.userState;
  framework();
  try {
    return fn();
  } finally {
    if (wasUser) user();
  }
}
