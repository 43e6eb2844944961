import { MAX_WORKERS, type WorkerMessage } from "./address.ts";
import { BUSY_CODE, IDLE, type Board } from "./board.ts";

/**
 * The daemon's hook workers (src/hook/worker.ts). Each is in one explicit state:
 *
 *   starting ──ready──▶ idle ◀──answered──▶ busy ──answered, leaving──▶ ending ──exit──▶ (gone)
 *                        │                   └──stuck (its caller gave up) / past any budget──▶ ending
 *                        └──evicted (room for another connector) / reaped (unused)──────────▶ ending
 *
 * `starting` and `ending` are the daemon's (it started the process; it killed it, or heard it
 * leave); idle and busy are the worker's own, shown on the board (src/daemon/board.ts) as it takes
 * and answers calls, so no call waits on a message to the daemon. A worker serves the first
 * connector it is called for and only that one. The pool starts with one worker and grows only
 * when a call finds no idle worker for its connector (`miss`): one worker per connector in use,
 * plus one per call that ran at the same time as another.
 */
export type WorkerState = "starting" | "idle" | "busy" | "ending";

export interface Worker {
  slot: number;
  pid: number;
  /** The connector it serves, once it has taken a call for one. */
  connector?: string;
  /** Its process runs and listens (heard `ready`), until the daemon ends it or hears it leave. */
  phase: "starting" | "running" | "ending";
  /** Killed by the daemon, or leaving: whether a fresh worker takes its slot once it is gone. */
  replace: boolean;
  startedAt: number;
  kill(): void;
}

/** What starting a worker in a slot gives back; `exited` settles when the process is gone. */
export interface Started {
  pid: number;
  kill(): void;
  exited: Promise<unknown>;
}

/** No budget is longer than 600 s (src/core/timeout.ts): a worker busy past this is stuck whatever its caller did. */
export const MAX_CALL_MS = 605_000;
/** An idle worker unused this long is ended, as long as another remains. */
export const REAP_MS = 120_000;
/** Workers that die before they are ready, in a row: the binary cannot run them. */
const MAX_FAILED_STARTS = 5;

export class Workers {
  private readonly slots: (Worker | undefined)[] = Array.from({ length: MAX_WORKERS }, () => undefined);
  private failedStarts = 0;
  /** Calls answered by workers that are gone. */
  private retiredCalls = 0;
  private retiredLast = Date.now();
  private closed = false;

  constructor(
    private readonly board: Board,
    /** Starts a worker in `slot`; what it says goes to `heard`. */
    private readonly start: (slot: number, heard: (message: WorkerMessage) => void) => Started,
    /** Told when a worker is gone, with the connector it served: its sockets go with it. */
    private readonly gone: (slot: number, connector: string | undefined) => void,
  ) {}

  /** The first worker. */
  open(): void {
    this.spawn(0);
  }

  /** The daemon leaves: every worker is killed, none replaced. */
  close(): void {
    this.closed = true;
    for (const worker of this.live()) worker.kill();
  }

  /** The binary cannot start workers: the daemon leaves. */
  get broken(): boolean {
    return this.failedStarts >= MAX_FAILED_STARTS;
  }

  live(): Worker[] {
    return this.slots.filter((w): w is Worker => w !== undefined);
  }

  /** A worker's state, as the daemon and the board say. */
  state(worker: Worker): WorkerState {
    if (worker.phase !== "running") return worker.phase;
    return this.board.state(worker.slot) === BUSY_CODE ? "busy" : this.board.state(worker.slot) === IDLE ? "idle" : "ending";
  }

  /** Calls answered, and when the last was taken. */
  get calls(): number {
    return this.live().reduce((sum, w) => sum + this.board.calls(w.slot), this.retiredCalls);
  }

  get lastCall(): number {
    return this.live().reduce((last, w) => Math.max(last, this.board.last(w.slot)), this.retiredLast);
  }

  heard(worker: Worker, message: WorkerMessage): void {
    if (this.slots[worker.slot] !== worker || worker.phase === "ending") return;
    if ("ready" in message) {
      worker.phase = "running";
      this.failedStarts = 0;
    } else if ("serving" in message) worker.connector = message.serving;
  }

  /**
   * A call found no idle worker for `connector`: one more worker for the calls that follow, while
   * there is room; at the limit, the least recently used idle worker of another connector makes way.
   */
  miss(connector: string | undefined): void {
    const live = this.live();
    if (live.some((w) => w.phase === "starting" || (this.state(w) === "idle" && w.connector === undefined))) return;
    const free = this.slots.indexOf(undefined);
    if (free >= 0) return this.spawn(free);
    const others = live.filter((w) => this.state(w) === "idle" && w.connector !== connector).sort((a, b) => this.board.last(a.slot) - this.board.last(b.slot));
    if (others[0]) this.end(others[0], true);
  }

  /**
   * The caller of the worker in `slot` gave up on it at `at` (epoch ms), past the call's budget: a
   * worker still busy with a call it took before then is stuck in that call, and is replaced.
   */
  stuck(slot: number, at: number): void {
    const worker = this.slots[slot];
    if (worker && this.state(worker) === "busy" && this.board.since(slot) <= at) this.end(worker, true);
  }

  /** Once a second: a worker busy past any budget is stuck; an idle one long unused goes if another remains. */
  tick(now = Date.now()): void {
    for (const worker of this.live()) {
      const state = this.state(worker);
      if (state === "busy" && now - this.board.since(worker.slot) > MAX_CALL_MS) this.end(worker, true);
      else if (
        state === "idle" &&
        now - Math.max(this.board.last(worker.slot), worker.startedAt) > REAP_MS &&
        this.live().filter((w) => w.phase !== "ending").length > 1
      )
        this.end(worker, false);
    }
  }

  /** A call is being answered: the daemon does not leave for idleness meanwhile (a stuck worker does not count: it is ending). */
  answering(): boolean {
    return this.live().some((w) => this.state(w) === "busy");
  }

  ready(): number {
    return this.live().filter((w) => this.state(w) === "idle").length;
  }

  describe(): { slot: number; state: WorkerState; connector?: string; pid: number }[] {
    return this.live().map((w) => ({ slot: w.slot, state: this.state(w), ...(w.connector ? { connector: w.connector } : {}), pid: w.pid }));
  }

  private end(worker: Worker, replace: boolean): void {
    worker.phase = "ending";
    worker.replace = replace;
    worker.kill();
  }

  private spawn(slot: number): void {
    if (this.closed || this.broken) return;
    this.board.reset(slot);
    const worker: Worker = { slot, pid: 0, phase: "starting", replace: true, startedAt: Date.now(), kill: () => {} };
    let started: Started;
    try {
      started = this.start(slot, (message) => this.heard(worker, message));
    } catch {
      this.failedStarts++;
      return;
    }
    worker.pid = started.pid;
    worker.kill = started.kill;
    this.slots[slot] = worker;
    void started.exited.then(() => this.ended(worker));
  }

  private ended(worker: Worker): void {
    if (worker.phase === "starting") this.failedStarts++;
    if (this.slots[worker.slot] !== worker) return;
    this.slots[worker.slot] = undefined;
    this.retiredCalls += this.board.calls(worker.slot);
    this.retiredLast = Math.max(this.retiredLast, this.board.last(worker.slot));
    this.gone(worker.slot, worker.connector);
    if (worker.replace || this.live().length === 0) this.spawn(worker.slot);
  }
}
