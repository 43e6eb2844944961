import { describe, expect, test } from "bun:test";
import { BUSY, type CallHead } from "../daemon/address.ts";
import { IDLE, LEAVING } from "../daemon/board.ts";
import { CALLS_PER_WORKER, OLD_LISTENER_MS, WorkerLoop, type Caller, type ListenerEvents } from "./worker-loop.ts";

/** A connection that takes `room` bytes a write (all when undefined), recording what it got. */
class FakeSocket {
  data = undefined as unknown as Caller;
  got = "";
  ended = false;
  constructor(public room?: number) {}
  write(bytes: Uint8Array): number {
    const n = this.room === undefined ? bytes.length : Math.min(this.room, bytes.length);
    this.got += new TextDecoder().decode(bytes.subarray(0, n));
    return n;
  }
  end(): void {
    this.ended = true;
  }
  /** The JSON lines it got. */
  lines(): unknown[] {
    return this.got
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }
}

interface FakeListener {
  path: string;
  events: ListenerEvents<FakeSocket>;
  stopped?: boolean;
}

type Args = { connector?: string };

/** A worker loop over fake sockets, a fake clock and a call runner the test answers. */
function harness(opts: { clean?: () => boolean; noListen?: () => boolean } = {}) {
  const log: string[] = [];
  const listeners: FakeListener[] = [];
  const later: { fn: () => void; ms: number }[] = [];
  const soon = new Map<number, () => void>();
  let handles = 0;
  let exits = 0;
  const replies: PromiseWithResolvers<{ exitCode: number; stdout: string }>[] = [];
  const stdins: Promise<string>[] = [];
  let flushing: PromiseWithResolvers<void> | undefined;
  const loop = new WorkerLoop<FakeSocket, Args, { exitCode: number; stdout: string }>({
    socketPath: (serving) => (serving ? `bound-${serving}` : "fresh"),
    listen: (path, events) => {
      if (opts.noListen?.()) throw new Error("gone");
      const listener: FakeListener = { path, events };
      listeners.push(listener);
      log.push(`listen ${path}`);
      return { stop: () => void ((listener.stopped = true), log.push(`stop ${path}`)) };
    },
    unlink: (path) => void log.push(`unlink ${path}`),
    exit: () => void (exits++, log.push("exit")),
    serves: (connector) => void log.push(`serves ${connector}`),
    shown: (state) => void log.push(state === IDLE ? "idle" : state === LEAVING ? "leaving" : `state ${state}`),
    took: (serving) => void log.push(`took ${serving ?? "-"}`),
    enter: (head) => {
      const word = head.argv[0];
      if (word === "decline") throw new Error("this worker serves another connector");
      log.push("enter");
      return { connector: word === "config" ? undefined : word };
    },
    declined: () => void log.push("declined"),
    run: (_args, stdin) => {
      stdins.push(stdin);
      const reply = Promise.withResolvers<{ exitCode: number; stdout: string }>();
      replies.push(reply);
      return reply.promise;
    },
    finish: (_args, reply) => ({ exitCode: reply.exitCode, stdout: reply.stdout, stderr: "" }),
    answered: () => void log.push("answered"),
    clean: opts.clean ?? (() => true),
    flush: () => {
      log.push("flush");
      flushing = Promise.withResolvers<void>();
      return flushing.promise;
    },
    framework: () => {},
    asFramework: (fn) => fn(),
    user: () => {},
    later: (fn, ms) => later.push({ fn, ms }),
    soon: (fn) => {
      soon.set(++handles, fn);
      return handles;
    },
    cancel: (handle) => void soon.delete(handle as number),
  });
  const h = {
    loop,
    log,
    listeners,
    replies,
    stdins,
    get exits() {
      return exits;
    },
    /** A client connects to the listener at `at` (the newest by default). */
    connect(at = listeners.length - 1, room?: number): FakeSocket {
      const socket = new FakeSocket(room);
      listeners[at]!.events.open(socket);
      return socket;
    },
    say(socket: FakeSocket, message: unknown, at = listeners.length - 1): void {
      listeners[at]!.events.data(socket, new TextEncoder().encode(`${JSON.stringify(message)}\n`));
    },
    close(socket: FakeSocket, at = listeners.length - 1): void {
      listeners[at]!.events.close(socket);
    },
    /** The event loop's next turn: what was due once the call yields. */
    yieldTurn(): void {
      const due = [...soon.values()];
      soon.clear();
      for (const fn of due) fn();
    },
    /** The fake clock reaches every timer. */
    elapse(): void {
      for (const { fn, ms } of later.splice(0)) {
        expect(ms).toBe(OLD_LISTENER_MS);
        fn();
      }
    },
    /** Lets the awaited reply and the flush settle. */
    async settle(): Promise<void> {
      for (let i = 0; i < 20; i++) {
        await Promise.resolve();
        flushing?.resolve();
      }
    },
    /** A whole call on `socket`: head, stdin, the runner's reply. */
    async call(socket: FakeSocket, connector = "c1", reply = { exitCode: 0, stdout: "ok" }): Promise<void> {
      h.say(socket, head(connector));
      h.say(socket, "{}");
      replies.at(-1)!.resolve(reply);
      await h.settle();
    },
  };
  return h;
}

const head = (connector: string): CallHead => ({ v: 2, argv: [connector], cwd: "/", env: {}, startedAt: 0 });

describe("WorkerLoop", () => {
  test("starts idle at the fresh socket", () => {
    const h = harness();
    h.loop.start();
    expect(h.log).toEqual(["listen fresh", "idle"]);
    expect(h.loop.state).toBe("idle");
  });

  test("a call connecting while another is in hand is told BUSY, the one in hand untouched", async () => {
    const h = harness();
    h.loop.start();
    const first = h.connect();
    h.say(first, head("c1"));
    const second = h.connect();
    expect(second.lines()).toEqual([{ retry: BUSY }]);
    expect(second.ended).toBe(true);
    expect(h.loop.caller).toBe(first);
    expect(h.loop.state).toBe("answering");
    h.say(first, "payload");
    expect(await h.stdins[0]).toBe("payload");
    h.replies[0]!.resolve({ exitCode: 2, stdout: "out" });
    await h.settle();
    expect(first.lines()).toEqual([{ exitCode: 2, stdout: "out", stderr: "" }]);
  });

  test("the first call binds the worker to its connector; a call that connected to the fresh socket just before is still taken", async () => {
    const h = harness();
    h.loop.start();
    const first = h.connect();
    h.say(first, head("c1"));
    h.yieldTurn(); // the call yielded: its socket goes
    expect(h.log).toEqual(["listen fresh", "idle", "took -", "enter", "serves c1", "unlink fresh"]);
    // Connected before the unlink: waits in the fresh listener's backlog, taken once the call is answered.
    h.say(first, "{}");
    h.replies[0]!.resolve({ exitCode: 0, stdout: "" });
    await h.settle();
    expect(h.log.slice(6)).toEqual(["answered", "flush", "listen bound-c1", "idle"]);
    expect(h.listeners[0]!.stopped).toBeUndefined();
    const early = h.connect(0);
    expect(early.lines()).toEqual([]);
    expect(h.loop.caller).toBe(early);
    expect(h.log.at(-1)).toBe("took c1");
    // The old listener stops OLD_LISTENER_MS later, keeping the connections it took.
    h.elapse();
    expect(h.listeners[0]!.stopped).toBe(true);
    h.say(early, head("c1"), 0);
    h.say(early, "{}", 0);
    h.replies[1]!.resolve({ exitCode: 0, stdout: "second" });
    await h.settle();
    expect(early.lines()).toEqual([{ exitCode: 0, stdout: "second", stderr: "" }]);
    expect(h.exits).toBe(0);
  });

  test("a call answered before it yields keeps the worker listening where it was", async () => {
    const h = harness();
    h.loop.start();
    const first = h.connect();
    h.say(first, head("c1"));
    h.yieldTurn();
    h.say(first, "{}");
    h.replies[0]!.resolve({ exitCode: 0, stdout: "" });
    await h.settle();
    const before = h.log.length;
    const second = h.connect();
    await h.call(second); // no turn between the head and the answer: the removal never ran
    expect(second.lines()).toEqual([{ exitCode: 0, stdout: "ok", stderr: "" }]);
    expect(h.log.slice(before)).toEqual(["took c1", "enter", "answered", "flush", "idle"]);
    expect(h.listeners).toHaveLength(2);
  });

  test("a last call (left something behind) unlinks before anything awaits, and leaves once its answer is out", async () => {
    const h = harness({ clean: () => false });
    h.loop.start();
    const socket = h.connect();
    h.say(socket, head("c1"));
    h.say(socket, "{}");
    h.replies[0]!.resolve({ exitCode: 0, stdout: "" });
    await Promise.resolve();
    await Promise.resolve();
    // The answer is out, the socket gone and LEAVING shown, all before the flush settles.
    expect(h.log.slice(h.log.indexOf("answered"))).toEqual(["answered", "leaving", "unlink fresh", "flush"]);
    expect(socket.lines()).toHaveLength(1);
    expect(h.exits).toBe(0);
    await h.settle();
    expect(h.exits).toBe(1);
    expect(h.loop.state).toBe("gone");
  });

  test("a last call whose answer is still buffered leaves when its caller closes", async () => {
    const h = harness({ clean: () => false });
    h.loop.start();
    const socket = h.connect(undefined, 0);
    await h.call(socket);
    expect(h.loop.state).toBe("leaving");
    expect(h.exits).toBe(0);
    h.close(socket);
    expect(h.exits).toBe(1);
  });

  test("a call with no connector (a --config call) is the worker's last", async () => {
    const h = harness();
    h.loop.start();
    await h.call(h.connect(), "config");
    expect(h.log).toContain("leaving");
    expect(h.exits).toBe(1);
  });

  test(`the ${CALLS_PER_WORKER}th call is the worker's last`, async () => {
    const h = harness();
    h.loop.start();
    for (let i = 1; i < CALLS_PER_WORKER; i++) await h.call(h.connect());
    expect(h.exits).toBe(0);
    expect(h.log).not.toContain("leaving");
    await h.call(h.connect());
    expect(h.log).toContain("leaving");
    expect(h.exits).toBe(1);
  });

  test("orphaned: idle, it leaves at once; with a call in hand, after answering it (unlinking first)", async () => {
    const idle = harness();
    idle.loop.start();
    idle.loop.orphan();
    expect(idle.exits).toBe(1);

    const h = harness();
    h.loop.start();
    const socket = h.connect();
    h.say(socket, head("c1"));
    h.loop.orphan();
    expect(h.exits).toBe(0);
    h.say(socket, "{}");
    h.replies[0]!.resolve({ exitCode: 0, stdout: "last" });
    await h.settle();
    expect(socket.lines()).toEqual([{ exitCode: 0, stdout: "last", stderr: "" }]);
    expect(h.log.slice(h.log.indexOf("answered"))).toEqual(["answered", "leaving", "unlink fresh", "flush", "exit"]);
  });

  test("a client gone after its head, before stdin, makes the worker leave", () => {
    const h = harness();
    h.loop.start();
    const socket = h.connect();
    h.say(socket, head("c1"));
    h.close(socket);
    expect(h.exits).toBe(1);
  });

  test("a client gone before its head leaves the worker idle, listening where it was", () => {
    const h = harness();
    h.loop.start();
    const socket = h.connect();
    h.close(socket);
    expect(h.exits).toBe(0);
    expect(h.loop.state).toBe("idle");
    expect(h.loop.caller).toBeUndefined();
    expect(h.log).toEqual(["listen fresh", "idle", "took -", "idle"]);
    // Idle again: the next connection is taken.
    h.connect();
    expect(h.loop.state).toBe("taken");
  });

  test("a head it does not understand is declined; the worker stays idle", () => {
    const h = harness();
    h.loop.start();
    const socket = h.connect();
    h.say(socket, { v: 1 });
    expect(socket.lines()).toEqual([{ retry: "a request this worker does not understand" }]);
    expect(h.loop.state).toBe("idle");
  });

  test("a call entering fails to run (another connector) is declined with why, nothing of it run", async () => {
    const h = harness();
    h.loop.start();
    const socket = h.connect();
    h.say(socket, head("decline"));
    expect(socket.lines()).toEqual([{ retry: "this worker serves another connector" }]);
    expect(h.log.slice(-3)).toEqual(["took -", "declined", "idle"]);
    expect(h.replies).toHaveLength(0);
    expect(h.exits).toBe(0);
  });

  test("the daemon's folder gone when it would listen again: the worker leaves", async () => {
    let gone = false;
    const h = harness({ noListen: () => gone });
    h.loop.start();
    const socket = h.connect();
    h.say(socket, head("c1"));
    gone = true;
    h.say(socket, "{}");
    h.replies[0]!.resolve({ exitCode: 0, stdout: "" });
    await h.settle();
    expect(socket.lines()).toHaveLength(1);
    expect(h.exits).toBe(1);
  });
});
