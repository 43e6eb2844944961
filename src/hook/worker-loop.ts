import { BUSY, type CallHead, type DaemonReply, type DeadlineLine } from "../daemon/address.ts";
import { IDLE, LEAVING } from "../daemon/board.ts";
import { lines, send, type Outbox } from "../daemon/wire.ts";

/** How long a listener whose socket was unlinked keeps taking the calls that connected before. */
export const OLD_LISTENER_MS = 1_000;

/** A worker answers this many calls, then makes room for a fresh one (whatever user code keeps grows no further). */
export const CALLS_PER_WORKER = 500;

/** A connection from a hook call (src/hook/client.ts): its call's head, then its stdin, one line each. */
export interface Caller {
  split: ReturnType<typeof lines>;
  outbox: Outbox;
  /** Set once the head arrived: the call is being prepared, and stdin completes it. */
  stdin?: PromiseWithResolvers<string>;
  /** Which call it is, for its provisional reply (src/daemon/provisional.ts). */
  key?: { pid: number; startedAt: number };
  gotStdin?: boolean;
}

/** A connection as the loop uses it: a Bun socket, or a test's fake. */
export interface Connection {
  data: Caller;
  write(data: Uint8Array): number;
  end(): void;
}

/** What a listener calls (the transport adds `drain`, which only sends what the outbox holds). */
export interface ListenerEvents<C extends Connection> {
  open(socket: C): void;
  data(socket: C, chunk: Uint8Array): void;
  close(socket: C): void;
}

/** A call's answer, as its caller gets it. */
export interface Answered {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The worker's I/O and the call's own work (src/hook/worker.ts; fakes in the unit tests). */
export interface WorkerIo<C extends Connection, A extends { connector?: string }, R> {
  /** Where it listens while idle: its slot's fresh socket, or its connector's once it serves one. */
  socketPath(serving: string | undefined): string;
  /** Listens at `path` (throws when the daemon's folder is gone); `stop(false)` keeps connections already taken. */
  listen(path: string, events: ListenerEvents<C>): { stop(closeActive: boolean): void };
  /** Removes a socket (throws when it is gone already). */
  unlink(path: string): void;
  /** Ends the process: never returns in the worker. */
  exit(): void;
  /** Tells the daemon which connector this worker serves now. */
  serves(connector: string): void;
  /** Shows this worker's state on the daemon's board. */
  shown(state: typeof IDLE | typeof LEAVING): void;
  /** A connection took this worker: shown on the board, its connector's compiled file read ahead. */
  took(serving: string | undefined): void;
  /** Prepares the call (clock, folder, environment, words); throws to decline it, nothing of it run. */
  enter(head: CallHead, socket: C, serving: string | undefined): A;
  /** A declined call's retry line is out. */
  declined(): void;
  /** Runs the entered call with its stdin: its reply, awaited as is (no turn more before the answer goes out). */
  run(args: A, stdin: Promise<string>): Promise<R>;
  /** The call's reply made: the call is over (the framework's built-ins back, its watch stopped), its answer. */
  finish(args: A, reply: R): Answered;
  /** The answer is out: what the call armed ends. */
  answered(): void;
  /** Whether the call left nothing behind (no fail-open, stray error or source module): the worker may take another. */
  clean(): boolean;
  /** Whatever this call logged, written. */
  flush(): Promise<unknown>;
  /** User code's built-ins: the framework's (for good, or around `fn`), or the connector's while idle. */
  framework(): void;
  asFramework<T>(fn: () => T): T;
  user(): void;
  /** The real timers, whatever user code did to the global ones. */
  later(fn: () => void, ms: number): unknown;
  soon(fn: () => void): unknown;
  cancel(handle: unknown): void;
}

/**
 * A daemon worker's connections and calls (src/hook/worker.ts), one explicit state at a time:
 *
 *   idle(fresh) ──open──▶ taken ──head──▶ answering ──answered──▶ idle(bound) ──open──▶ taken …
 *       ▲                  │                 │  └──declined (not a call / another connector)──▶ idle
 *       └──────────────────┴─closed, no head  │  └──answered, last──▶ leaving ──answer out──▶ gone
 *                          closed after the head, before stdin ─────────────────────────────▶ gone
 *
 *   any ──daemon gone (orphaned)──▶ gone, once the call in hand (if any) is answered
 *
 * `idle` listens at the slot's fresh socket until the worker serves a connector (the first it is
 * called for), then at that connector's socket. A connection that comes while another is taken
 * is told BUSY (its client runs the call in its own process). Taking a call, the socket is
 * removed once the call yields to the event loop; back to idle, the worker listens again, and the
 * old listener keeps taking the calls that connected just before, for OLD_LISTENER_MS: dropping
 * them would lose their answers. A last call (the daemon gone, CALLS_PER_WORKER served, one that
 * left anything behind, or none served) removes the socket in the turn its answer goes out, before
 * anything awaits: else the host's next call could wait in the backlog of a worker about to leave.
 */
export type LoopState = "idle" | "taken" | "answering" | "leaving" | "gone";

export class WorkerLoop<C extends Connection, A extends { connector?: string }, R> {
  private current: LoopState = "idle";
  private listener: { stop(closeActive: boolean): void } | undefined;
  /** Where `listener` can be reached; undefined once its socket is removed. */
  private listeningAt: string | undefined;
  /** The socket's removal, due once the call in hand yields to the event loop. */
  private unlinking: unknown;
  /** The connection that took this worker, until its call is answered. */
  private taker: C | undefined;
  /** The daemon is gone: this worker answers the call in hand, if any, and leaves. */
  private orphaned = false;
  /** The connector this worker serves, once it took a call for one. */
  private serving: string | undefined;
  private served = 0;
  private readonly events: ListenerEvents<C> = {
    open: (socket) => this.open(socket),
    data: (socket, chunk) => this.data(socket, chunk),
    close: (socket) => this.close(socket),
  };

  constructor(private readonly io: WorkerIo<C, A, R>) {}

  get state(): LoopState {
    return this.current;
  }

  /** The connection whose call is in hand. */
  get caller(): C | undefined {
    return this.taker;
  }

  /** Listening at the fresh socket, shown idle. */
  start(): void {
    this.listen();
    this.io.shown(IDLE);
  }

  /** The daemon is gone (its IPC channel ended). */
  orphan(): void {
    this.orphaned = true;
    if (!this.taker) this.exit();
  }

  /** Sends `message` on `socket`, ending it when `end`. */
  line(socket: C, message: DaemonReply | DeadlineLine, end = false): void {
    send(socket, socket.data.outbox, `${JSON.stringify(message)}\n`, end);
  }

  private exit(): void {
    this.current = "gone";
    this.io.exit();
  }

  private listen(): void {
    // The socket it listened at is unlinked by now (no call can reach it any more), but a call may
    // have connected just before: it waits in that listener's backlog, which closing it would
    // drop (the call lost). The old listener takes those first, as this worker's next calls.
    const old = this.listener;
    if (old) this.io.later(() => old.stop(false), OLD_LISTENER_MS);
    this.listeningAt = this.io.socketPath(this.serving);
    this.listener = this.io.listen(this.listeningAt, this.events);
  }

  /**
   * No new connections: the next call finds another worker, or runs in its own process. The
   * listener stays until the next listen(): a call that connected before is taken and told BUSY
   * (open), as a call is that connects while another is taken.
   */
  private unlink(): void {
    if (this.unlinking !== undefined) this.io.cancel(this.unlinking);
    this.unlinking = undefined;
    try {
      if (this.listeningAt) this.io.unlink(this.listeningAt);
    } catch {
      // Already gone (the daemon's folder removed): the daemon leaves, and this worker with it.
    }
    this.listeningAt = undefined;
  }

  private open(socket: C): void {
    // Connected together with the call this worker took (before it stopped listening), maybe while
    // its handler runs with user code's built-ins in place: answered with the originals.
    if (this.taker) {
      return this.io.asFramework(() => {
        socket.data = { split: lines(), outbox: {} };
        this.line(socket, { retry: BUSY }, true);
      });
    }
    // Idle, user code's built-ins were in place (its timers may run between calls): the call runs with the originals.
    this.io.framework();
    socket.data = { split: lines(), outbox: {} };
    this.taker = socket;
    this.current = "taken";
    // While the client sends the call's words: the call is for this worker's connector (or declined).
    this.io.took(this.serving);
  }

  private data(socket: C, chunk: Uint8Array): void {
    if (socket !== this.taker) return;
    for (const text of socket.data.split.push(chunk)) {
      const call = socket.data;
      if (call.stdin) {
        if (call.gotStdin) continue;
        call.gotStdin = true;
        call.stdin.resolve(parsedOr(text, ""));
        continue;
      }
      const head = parsedOr<CallHead | undefined>(text, undefined);
      if (head?.v !== 2) {
        this.line(socket, { retry: "a request this worker does not understand" }, true);
        return this.free();
      }
      call.stdin = Promise.withResolvers<string>();
      this.current = "answering";
      void this.answer(head, call.stdin.promise, socket);
    }
  }

  private close(socket: C): void {
    if (socket !== this.taker) return;
    if (this.current === "leaving") this.exit();
    // Gone before its call came: idle again.
    else if (!socket.data.stdin) this.free();
    // Gone after the head, before stdin (the host never closed it in time; the call runs in its own
    // process): what was prepared for it cannot be finished, so this worker makes way for a fresh one.
    else if (!socket.data.gotStdin) this.exit();
    // Gone while its call runs (its host's process ended): the call is finished, the answer dropped.
  }

  private async answer(head: CallHead, stdin: Promise<string>, socket: C): Promise<void> {
    // Connections that come while this call runs: those the event loop takes before the socket is
    // gone are told BUSY (above), and run in their own process.
    this.unlinking ??= this.io.soon(() => this.unlink());
    let args: A;
    try {
      args = this.io.enter(head, socket, this.serving);
      if (!this.serving && args.connector) this.io.serves((this.serving = args.connector));
    } catch (error) {
      // Nothing of the call has run: the host's process runs it itself.
      this.line(socket, { retry: (error as Error).message }, true);
      this.io.declined();
      return this.free();
    }
    const result = this.io.finish(args, await this.io.run(args, stdin));
    // The answer first, in this same turn: no timer of user code runs before it is out.
    this.line(socket, { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr }, true);
    this.io.answered();
    this.served++;
    // Whether this call is the worker's last is known now: its socket goes in this same turn, before
    // anything awaits. Else the host's next call, made as soon as this answer is read, could connect
    // to a worker about to leave and wait in its backlog until the exit drops it (a lost answer).
    const last = this.orphaned || this.served >= CALLS_PER_WORKER || !this.io.clean() || !this.serving;
    if (last) {
      this.io.shown(LEAVING);
      this.unlink();
    }
    await this.io.flush();
    if (last) return this.leaveAfter(socket);
    this.free();
  }

  /** Ready for the next call. */
  private free(): void {
    this.taker = undefined;
    this.current = "idle";
    if (this.orphaned) return this.exit();
    // Still reachable where it should be (the call never yielded): nothing to do.
    if (this.listeningAt === this.io.socketPath(this.serving)) {
      if (this.unlinking !== undefined) this.io.cancel(this.unlinking);
      this.unlinking = undefined;
    } else {
      this.unlink();
      try {
        this.listen();
      } catch {
        return this.exit(); // the daemon's folder is gone: so is the daemon
      }
    }
    this.io.shown(IDLE);
    // Idle: what runs now is the connector's own timers, with its versions of the built-ins.
    this.io.user();
  }

  /** Leaves once the answer is out of this process (what the socket's buffer holds, the peer still gets). */
  private leaveAfter(socket: C): void {
    this.current = "leaving";
    if (!socket.data.outbox.pending?.length) this.exit();
  }
}

function parsedOr<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
