import type { Adapter } from "../adapter.ts";
import type { Reply } from "../dialects/dialect.ts";
import { DEFAULT_BUDGET_MS } from "../core/timeout.ts";

/**
 * What a call knows of its definition's `onFailure` (the hook command's --fail-closed, the
 * snapshot's header, the loaded config: any of them makes it closed, none can open it again), and
 * what a deny in the host's shape needs. `standing`: the fail-closed deny offered as the reply
 * while no other is made, so that a call held by native code past its deadline still denies.
 */
export interface CallFailure {
  closed: boolean;
  adapter: Adapter | undefined;
  payload: unknown;
  standing: Reply | undefined;
  /** The connector's id as its config gave it, where only the config (`--config`) knew it. */
  connector: string | undefined;
}

/**
 * Who hears of the call in hand. They belong to the process, not to a call: what they drive lives
 * as long as the process does (the native backstop of a process of its own, run.ts; a daemon's
 * worker's line to its client and its slot on the board, worker.ts), and each call in turn tells them.
 */
export interface CallListeners {
  /** The call's deadline moved (the backstop follows it; a worker tells its client). */
  deadline?: (deadline: number) => void;
  /** The reply is made, before the microtasks the handler left run (decide.ts). */
  provisional?: (reply: Reply) => void;
}

/**
 * One hook call's own state, whole: a new call is a new object (HookCalls.begin), so nothing a
 * call set (its budget, its failure policy, its standing deny, what it decided) can reach the next
 * one a daemon's worker answers, and a call no longer in hand tells the listeners nothing.
 */
export class HookCall {
  /** A host's fixed limit on its hooks (Mux), once the adapter is known: it bounds every budget of the call. */
  limit: number | undefined = undefined;
  /** What the call decided, for the AGENT_CONNECTOR_DEBUG trace line. */
  decided = "no opinion";
  /** Whether the connector was loaded from its source: the module loader keeps it, so a worker must not serve another call. */
  loadedSource = false;
  readonly failure: CallFailure = { closed: false, adapter: undefined, payload: undefined, standing: undefined, connector: undefined };
  private at: number;

  /** `start`: when the call began (performance.now()), 0 in a process of its own, later in a daemon's worker. */
  constructor(
    readonly start: number,
    private readonly calls: HookCalls,
  ) {
    this.at = start + DEFAULT_BUDGET_MS;
  }

  /** The deadline of a call whose connector sets no timeout (performance.now() time): the budget until the connector's own is known. */
  get defaultDeadline(): number {
    return this.start + DEFAULT_BUDGET_MS;
  }

  get deadline(): number {
    return this.at;
  }

  set deadline(value: number) {
    if (value === this.at) return;
    this.at = value;
    if (this.calls.call === this) this.calls.listeners.deadline?.(value);
  }

  /** The reply as soon as it is made (or the fail-closed deny standing for it), told to the listener. */
  offer(reply: Reply): void {
    if (this.calls.call === this) this.calls.listeners.provisional?.(reply);
  }

  /** Whether the process may answer another call after this one: nothing failed and no source module was loaded. */
  get leftNothing(): boolean {
    return this.decided !== "fail-open" && this.decided !== "fail-closed" && !this.loadedSource;
  }
}

/**
 * The calls one process answers, one at a time (a process of its own answers one; a daemon's
 * worker, many): the call in hand, and who hears of it.
 */
export class HookCalls {
  readonly listeners: CallListeners = {};
  /** Until a worker begins one, the call of a process of its own: begun when the process was. */
  call: HookCall = new HookCall(0, this);

  /** A new call, begun at `start` (performance.now()): what the last one set is gone with it. */
  begin(start: number): HookCall {
    const before = this.call.deadline;
    const call = (this.call = new HookCall(start, this));
    if (call.deadline !== before) this.listeners.deadline?.(call.deadline);
    return call;
  }
}
