import { blockedLine } from "../core/timeout.ts";
import { openGlibc } from "./glibc.ts";

/**
 * The backstop of a hook call in a process of its own, for what no JS timer can end because the
 * JS thread itself is held: native code that blocks (Bun.sleepSync, execSync / spawnSync, a read
 * from a FIFO, a huge fill) and a loop the event loop runs after real I/O. glibc's POSIX timers
 * can call a function on a thread of glibc's own when they expire (SIGEV_THREAD), and the function
 * can be one of libc's, with one argument we prepare:
 *
 * - until the reply is made: `system()` with a command that prints our line on stderr and kills
 *   this process (SIGKILL, what the host sees from its own timeout too: fail-open);
 * - once it is made: `_exit(code)`, so a reply already written is exited with its own code (a deny
 *   stays a deny) even if user code then holds the process (a timer it left, an exit handler).
 *
 * Arming costs a `dlopen` of libc, one thread glibc starts for its timers and two system calls:
 * ≈0.3 ms in a process this young (a timer that only sends SIGKILL would save ≈0.15 ms of it, but
 * print nothing and could not exit with a reply's code); moving the deadline, one call. Linux with glibc only: elsewhere
 * (and where it cannot be set up) the shell backstop of backstop.ts covers a handler still pending,
 * and the host's own timeout the rest. In a daemon's worker the client holds the deadline and the
 * daemon replaces a worker held past it; there the backstop, set later, ends only a worker whose
 * daemon died while native code held it (no one is left to end it, and it would never see the
 * daemon go).
 */
export interface NativeBackstop {
  /** Fires at `atMs` (performance.now() time): the call is ended as blocked. */
  arm(atMs: number): void;
  /** The reply is made: from now on the process exits with `exitCode` at `atMs` if it is still here. */
  answered(exitCode: number, atMs: number): void;
  /**
   * The reply is made but not written (the microtasks the handler left run first, decide.ts): if one
   * of them still holds the process at `atMs`, a shell prints the reply as this process would have,
   * and the process exits with its code a moment later. A deny made stays a deny.
   */
  provisional(reply: { exitCode: number; stdout?: string; stderr?: string }, atMs: number): void;
  /** Nothing to end for now (a daemon's worker between calls). */
  disarm(): void;
}

const LIBC = {
  timer_create: { args: ["i32", "ptr", "ptr"], returns: "i32" },
  timer_settime: { args: ["u64", "i32", "ptr", "ptr"], returns: "i32" },
  timer_delete: { args: ["u64"], returns: "i32" },
  // Never called from here: glibc's timer thread calls them; their addresses are what is wanted.
  system: { args: ["ptr"], returns: "i32" },
  _exit: { args: ["i32"], returns: "void" },
} as const;

interface Libc {
  timer_create(clock: number, event: Int32Array, id: BigUint64Array): number;
  timer_settime(id: bigint, flags: number, value: Int32Array, old: null): number;
  timer_delete(id: bigint): number;
  /** Each function also carries its address. */
  system: { ptr: number };
  _exit: { ptr: number };
}

const CLOCK_MONOTONIC = 1;
/** How long the shell that prints a provisional reply has before the process exits with its code. */
const PRINT_MS = 300;
const SIGEV_THREAD = 2;
const TWO_32 = 4294967296;

/** Writes a 64-bit value (a pointer, a count) as two int32 halves: no BigInt, costly this early. */
const put64 = (into: Int32Array, at: number, value: number): void => {
  into[at] = (value % TWO_32) | 0;
  into[at + 1] = (value / TWO_32) | 0;
};

/** The text as a NUL-terminated C string. */
const cString = (text: string): Uint8Array => new TextEncoder().encode(`${text}\0`);

/** A single-quoted shell word. */
const shellWord = (text: string): string => `'${text.split("'").join("'\\''")}'`;

/** Undefined where it cannot be set up (not Linux, no glibc, no Bun.FFI): the caller keeps the shell backstop. */
export function nativeBackstop(where: string): NativeBackstop | undefined {
  const opened = openGlibc<Libc>(LIBC);
  if (!opened) return undefined;
  const { c, ffi } = opened;
  const system: number | null = c.system.ptr;
  const exit: number | null = c._exit.ptr;
  if (!system || !exit) return undefined;
  // Kept referenced as long as this process lives: glibc's thread reads the command from here.
  const command = cString(`printf '%s\\n' ${shellWord(blockedLine(where))} >&2; kill -9 ${process.pid}`);
  const commandAt = ffi.ptr(command);
  /**
   * A timer calling `fn(argument)`; its id, or undefined. struct sigevent: value (8), signo (4),
   * notify (4), function (8), attributes (8), padding. The id is all 64 bits of one (glibc sets the
   * top bit of a SIGEV_THREAD timer's), more than a double holds: a BigInt.
   */
  const timer = (fn: number, argument: (event: Int32Array) => void): bigint | undefined => {
    const event = new Int32Array(16);
    argument(event);
    event[3] = SIGEV_THREAD;
    put64(event, 4, fn);
    const id = new BigUint64Array(1);
    if (c.timer_create(CLOCK_MONOTONIC, event, id) !== 0) return undefined;
    return id[0];
  };
  /** struct itimerspec: interval (none), then the value; a whole number of ms from now, at least 1. */
  const set = (id: bigint, atMs: number): void => {
    const ms = Math.max(1, Math.ceil(atMs - performance.now()));
    const spec = new Int32Array(8);
    put64(spec, 4, Math.floor(ms / 1000));
    put64(spec, 6, (ms % 1000) * 1_000_000);
    c.timer_settime(id, 0, spec, null);
  };
  let blocked = timer(system, (event) => put64(event, 0, commandAt));
  if (blocked === undefined) return undefined;
  let printing: bigint | undefined;
  let exiting: bigint | undefined;
  /** The provisional reply's command, referenced while its timer may fire: glibc's thread reads it from here. */
  const held: Uint8Array[] = [];
  /** The timers that replace every one before: armed first, so there is never a moment with none. */
  const replace = (print: bigint | undefined, exitAt: bigint): void => {
    for (const old of [blocked, printing, exiting]) if (old !== undefined) c.timer_delete(old);
    blocked = undefined;
    printing = print;
    exiting = exitAt;
  };
  // An all-zero itimerspec disarms.
  const idle = new Int32Array(8);
  return {
    arm(atMs) {
      if (blocked !== undefined) set(blocked, atMs);
    },
    disarm() {
      if (blocked !== undefined) c.timer_settime(blocked, 0, idle, null);
    },
    answered(exitCode, atMs) {
      const next = timer(exit!, (event) => (event[0] = exitCode | 0));
      if (next === undefined) return; // the one before stays: better ended as blocked than never
      set(next, atMs);
      replace(undefined, next);
    },
    provisional({ exitCode, stdout = "", stderr = "" }, atMs) {
      const command = cString(`printf '%s' ${shellWord(stdout)}; printf '%s' ${shellWord(stderr)} >&2`);
      const at = ffi.ptr(command);
      const print = timer(system!, (event) => put64(event, 0, at));
      const next = timer(exit!, (event) => (event[0] = exitCode | 0));
      if (print === undefined || next === undefined) {
        for (const made of [print, next]) if (made !== undefined) c.timer_delete(made);
        return; // the ones before stay
      }
      held[0] = command;
      set(print, atMs);
      set(next, atMs + PRINT_MS);
      replace(print, next);
    },
  };
}
