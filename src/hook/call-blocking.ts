import { replyReader } from "../daemon/ask.ts";
import { concat, lines } from "../daemon/wire.ts";
import { STDIN_WAIT_MS, type Handoff } from "./handoff.ts";
import { BACKSTOP_GRACE_MS, DEFAULT_BUDGET_MS } from "../core/timeout.ts";
import { FIRST_LOOK_MS, KNOWN_HEAD_BYTES, knownDeadline } from "./known-deadline.ts";
import { folderRefused, peerRefused, SYSCALLS, TRUST_LIBC, type TrustLibc } from "./trust-blocking.ts";

/**
 * The call handed to an idle worker with blocking system calls, glibc's (Linux): connect, send the
 * head, read stdin, send it, read the answer, all on this thread, in the order call-evented.ts
 * takes them with Bun's sockets. Such a client never starts Bun's event loop, its socket layer or
 * the pool thread `Bun.stdin.text()` reads on, which is why it is nearer the floor program than a
 * client on Bun's sockets (see docs/decisions/perf-client-system-calls.md).
 *
 * Every wait has a deadline (poll), and a write to a peer that is gone fails with EPIPE (Bun
 * ignores SIGPIPE): a worker that is gone costs the call its fast path, never the host a hung or
 * killed hook. The client holds the call's deadline (it waits anyway): the default budget from
 * this process's start, or what the worker says before running user code; past it plus
 * BACKSTOP_GRACE_MS the worker's code is holding it, and the call is answered as blocked (client.ts).
 *
 * The functions come from `Bun.FFI.dlopen`, the native side of bun:ffi's `dlopen`: importing
 * bun:ffi compiles its JS module and wraps each function in one generated with `new Function`,
 * only to coerce arguments (their cost: the same record). Here every int
 * argument is an int32 already (`| 0` where it could be a double), pointers are typed arrays and
 * lengths plain numbers, as those wrappers would pass them. Without `Bun.FFI` (another Bun) the client uses Bun's sockets.
 *
 * One function with few helpers, on purpose: in a process this young each function's first call
 * and the first use of `Math` or `performance` cost instructions the floor never spends (counted
 * with callgrind: the same record); so deadlines count on `process.uptime()`.
 */
/** Set to 0 to hand calls over with Bun's sockets instead (call-evented.ts, as on macOS): a way out if a system misbehaves with this. */
export const FFI_ENV = "AGENT_CONNECTOR_FFI";

const LIBC = {
  socket: { args: ["i32", "i32", "i32"], returns: "i32" },
  connect: { args: ["i32", "ptr", "u32"], returns: "i32" },
  read: { args: ["i32", "ptr", "u64"], returns: "i64" },
  write: { args: ["i32", "ptr", "u64"], returns: "i64" },
  poll: { args: ["ptr", "u64", "i32"], returns: "i32" },
  close: { args: ["i32"], returns: "i32" },
  __errno_location: { args: [], returns: "ptr" },
  ...TRUST_LIBC,
} as const;

const AF_UNIX = 1;
const SOCK_STREAM = 1;
const SOCK_NONBLOCK = 0o4000;
const SOCK_CLOEXEC = 0o2000000;
/** struct sockaddr_un: a 2-byte family (little-endian on every Linux we build for), 108 bytes of NUL-terminated path. */
const SOCKADDR_UN_SIZE = 110;
const POLLIN = 1;
const POLLOUT = 4;
const EINTR = 4;
const EAGAIN = 11;

/** The functions as `Bun.FFI.dlopen` gives them: int32 in, int32 (or a BigInt for i64) out. */
interface Libc extends TrustLibc {
  socket(domain: number, type: number, protocol: number): number;
  connect(fd: number, address: Uint8Array, length: number): number;
  read(fd: number, into: Uint8Array, length: number): number | bigint;
  write(fd: number, from: Uint8Array, length: number): number | bigint;
  poll(fds: Int32Array, count: number, ms: number): number;
  close(fd: number): number;
  __errno_location(): number;
}
interface NativeFfi {
  dlopen(path: string, symbols: typeof LIBC): { symbols: Libc } | Error;
  read: { i32(address: number, offset: number): number };
}

/** Undefined where glibc cannot be called (no glibc, no Bun.FFI, no executable memory for its trampolines): the caller uses Bun's sockets then. */
export function callBlocking(sockets: string[], head: () => string, compiled: () => string): Handoff | undefined {
  const ffi = (Bun as unknown as { FFI?: NativeFfi }).FFI;
  const syscalls = SYSCALLS[process.arch];
  if (!ffi || !syscalls) return undefined;
  let c: Libc;
  try {
    const opened = ffi.dlopen("libc.so.6", LIBC);
    if (opened instanceof Error) return undefined;
    c = opened.symbols;
  } catch {
    return undefined;
  }
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const errnoAt = c.__errno_location()!;
  /** After a -1: whether the call is worth repeating (interrupted, or not ready after all). */
  const again = () => {
    const errno = ffi.read.i32(errnoAt, 0);
    return errno === EINTR || errno === EAGAIN;
  };
  const pollfd = new Int32Array(2); // struct pollfd { int fd; short events; short revents }
  /** Waits until `fd` is ready for `events` (or hung up, or in error: the next call says which); false past `deadline`. */
  const ready = (fd: number, events: number, deadline: number): boolean => {
    for (;;) {
      const left = deadline - process.uptime() * 1000;
      if (left < 0) return false;
      pollfd[0] = fd;
      pollfd[1] = events; // revents, the upper half, cleared
      const n = c.poll(pollfd, 1, (left | 0) + 1);
      if (n > 0) return true;
      if (n < 0 && !again()) return false;
    }
  };
  /** Writes all of `bytes` by `deadline`; false if the peer is gone, or slow past it. */
  const put = (fd: number, bytes: Uint8Array, deadline: number): boolean => {
    let rest = bytes;
    while (rest.length > 0) {
      const n = Number(c.write(fd, rest, rest.length));
      if (n > 0) rest = rest.subarray(n);
      else if (n === 0 || !again() || !ready(fd, POLLOUT, deadline)) return false;
    }
    return true;
  };

  // Nothing goes to a socket another user could have put there (src/daemon/trust.ts).
  // Every socket of the call sits in the daemon's folder: it is checked once.
  const folder = folderRefused(c, syscalls.statx, sockets[0]!, () => ffi.read.i32(errnoAt, 0));
  if (folder) return { answer: folder };
  // A worker's socket exists only while the worker is idle: the first that takes the connection.
  // One descriptor for every try: a connect that failed (no such socket, nobody listening) leaves it unconnected.
  const worker = c.socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  const address = new Uint8Array(SOCKADDR_UN_SIZE);
  let connected: string | undefined;
  for (let i = 0; i < sockets.length && worker >= 0 && connected === undefined; i++) {
    address.fill(0);
    address[0] = AF_UNIX;
    address.set(encoder.encode(sockets[i]!), 2); // daemonSocket() keeps it within sun_path
    if (c.connect(worker, address, SOCKADDR_UN_SIZE) === 0) connected = sockets[i];
  }
  if (connected === undefined) {
    if (worker >= 0) c.close(worker);
    return { answer: { why: "none" } };
  }
  // Whoever listens must be this user before anything is sent (src/daemon/trust.ts).
  const peer = peerRefused(c, syscalls.getsockopt, worker, connected);
  if (peer) {
    c.close(worker);
    return { answer: peer };
  }
  // The budget counts from this process's start, as in a process of its own: uptime 0.
  let workerDeadline = DEFAULT_BUDGET_MS + BACKSTOP_GRACE_MS;

  // Grown as needed: most payloads are a few KB, and each fresh page costs a fault.
  let buffer: Uint8Array = new Uint8Array(16384);
  let length = 0;
  let stdin: string | undefined;
  let answer: Handoff["answer"] | undefined;
  try {
    // Stdin already there: the call goes out in one write. Not yet: the head goes first, and the
    // worker prepares the call (its folder, environment, connector) while the host writes stdin.
    let unsent = encoder.encode(`${head()}\n`);
    pollfd[0] = 0;
    pollfd[1] = POLLIN;
    if (c.poll(pollfd, 1, 0) <= 0) {
      put(worker, unsent, workerDeadline);
      unsent = unsent.subarray(0, 0);
    }
    const stdinDeadline = process.uptime() * 1000 + STDIN_WAIT_MS;
    for (;;) {
      if (!ready(0, POLLIN, stdinDeadline)) {
        c.close(worker);
        return { stdin: restOfStdin(buffer.subarray(0, length)), answer: { why: "stdin" } };
      }
      if (length === buffer.length) buffer = grown(buffer);
      const n = Number(c.read(0, buffer.subarray(length), buffer.length - length));
      if (n > 0) length += n;
      else if (n === 0 || !again()) break; // the end, or an error: Bun.stdin.text() gives up there too
    }
    stdin = decoder.decode(buffer.subarray(0, length));
    const body = encoder.encode(`${JSON.stringify(stdin)}\n`);
    // A worker gone by now has closed the connection: its reply (a `retry`) or its end is read below.
    put(worker, unsent.length ? concat(unsent, body) : body, workerDeadline);

    // The reply, line by line as the other transport reads it (wire.ts, ask.ts); a `deadline` line moves the deadline.
    const split = lines();
    const origin = Date.now() - process.uptime() * 1000;
    // Until the connector's own deadline is known (the worker's line, or what install recorded),
    // the first wait ends where the shortest deadline any connector can have does: no call answered
    // before it (nearly all) reads the compiled file (known-deadline.ts).
    let known = false;
    const reader = replyReader((epoch) => {
      known = true;
      workerDeadline = epoch - origin + BACKSTOP_GRACE_MS;
    });
    while (answer === undefined) {
      if (!known && !ready(worker, POLLIN, FIRST_LOOK_MS)) {
        known = true;
        workerDeadline = recordedDeadline(compiled(), buffer, decoder) ?? workerDeadline;
        continue;
      }
      if (!ready(worker, POLLIN, workerDeadline)) {
        answer = { why: "overran" };
        break;
      }
      const n = Number(c.read(worker, buffer, buffer.length));
      // Ended without an answer past the deadline: the daemon ended a worker its code held.
      if (n === 0 || (n < 0 && !again())) answer = process.uptime() * 1000 >= workerDeadline ? { why: "overran" } : reader.ended();
      else if (n > 0) for (const line of split.push(buffer.subarray(0, n))) answer ??= reader.line(line);
    }
  } catch (error) {
    // A fault of this code, not of the host or the worker: the call runs in this process after all.
    c.close(worker);
    const read = stdin === undefined ? restOfStdin(buffer.subarray(0, length)) : Promise.resolve(stdin);
    return { stdin: read, answer: { why: "lost", detail: `the client failed: ${error instanceof Error ? error.message : String(error)}` } };
  }
  c.close(worker);
  return {
    stdin: Promise.resolve(stdin),
    answer,
    worker: connected,
    print: (fd, text) => put(fd, encoder.encode(text), process.uptime() * 1000 + BACKSTOP_GRACE_MS),
  };
}

/**
 * The connector's deadline (and the grace) from the timeout install recorded in its compiled file;
 * undefined without one. node:fs, loaded only here: a call that gets this far is a second old.
 */
function recordedDeadline(compiled: string, buffer: Uint8Array, decoder: TextDecoder): number | undefined {
  try {
    // Not require(): the bundler would give the entry a helper from a shared chunk (test/hot-path.test.ts).
    const { closeSync, openSync, readSync } = process.getBuiltinModule("node:fs");
    const file = openSync(compiled, "r");
    // biome-ignore lint/complexity/useMathMinMax: no first use of Math in this client (above).
    const n = readSync(file, buffer, 0, buffer.length < KNOWN_HEAD_BYTES ? buffer.length : KNOWN_HEAD_BYTES, 0);
    closeSync(file);
    return n > 0 ? knownDeadline(decoder.decode(buffer.subarray(0, n))) + BACKSTOP_GRACE_MS : undefined;
  } catch {
    return undefined;
  }
}

/** Stdin the host is still writing: what came, then the rest, for the call in this process. */
async function restOfStdin(came: Uint8Array): Promise<string> {
  const more = await Bun.stdin.bytes().catch(() => new Uint8Array(0));
  return new TextDecoder().decode(concat(came, more));
}

function grown(buffer: Uint8Array): Uint8Array {
  const bigger = new Uint8Array(buffer.length * 2);
  bigger.set(buffer);
  return bigger;
}
