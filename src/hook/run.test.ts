/**
 * A daemon's worker answers many calls in one process (worker.ts): each begins with beginCall, and
 * nothing the one before set may reach it. These drive run.ts as a worker does, two calls in turn.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Reply } from "../dialects/dialect.ts";
import { flushLogs } from "./io.ts";
import { beginCall, callLeftNothing, clock, defaultDeadline, failOpenReply, hookReply, onDeadline, onProvisional, standingReply } from "./run.ts";

const FIXTURES = join(import.meta.dir, "..", "..", "test", "fixtures");
const fixture = (host: string, event: string): string => readFileSync(join(FIXTURES, host, `${event}.json`), "utf8");

const box = mkdtempSync(join(tmpdir(), "agent-connector-run-"));
const home = join(box, "home");
const savedHome = process.env.AGENT_CONNECTOR_HOME;
const env = (extra: Record<string, string> = {}): Record<string, string | undefined> => ({ ...process.env, AGENT_CONNECTOR_HOME: home, ...extra });

/** A JSON connector that denies every tool call and gives itself 60 s. */
const config = join(box, "deny-all.json");
writeFileSync(config, JSON.stringify({ id: "first", timeout: 60, hooks: { PreToolUse: { response: { decision: "deny", reason: "no tools" } } } }));

/** What the process-wide listeners heard (a worker's client and board, a backstop). */
const heard = { deadlines: [] as number[], provisional: [] as Reply[] };
onDeadline((deadline) => heard.deadlines.push(deadline));
onProvisional((reply) => heard.provisional.push(reply));
const forget = () => {
  heard.deadlines.length = 0;
  heard.provisional.length = 0;
};

beforeAll(() => {
  // hook.log's path in what a call prints comes from the process's environment.
  process.env.AGENT_CONNECTOR_HOME = home;
});
afterAll(async () => {
  await flushLogs();
  if (savedHome === undefined) delete process.env.AGENT_CONNECTOR_HOME;
  else process.env.AGENT_CONNECTOR_HOME = savedHome;
  rmSync(box, { recursive: true, force: true });
});

describe("a second call in the same process starts clean", () => {
  test("a fail-closed deny of call 1 neither stands in call 2 nor makes its failure closed", async () => {
    beginCall(0);
    forget();
    const first = await hookReply(
      { platform: "claude-code", event: "PreToolUse", connector: "absent", failClosed: true },
      fixture("claude-code", "PreToolUse"),
      env(),
    );
    expect(first.denyReason).toBe('absent failed closed: connector "absent" is not installed (no registry entry)');
    // The deny stood from the start (told as provisional), and still stands: no real reply was made.
    expect(heard.provisional.map((reply) => reply.denyReason)).toEqual(["absent failed closed: user code blocked the process past its time budget"]);
    expect(standingReply()?.denyReason).toBe("absent failed closed: user code blocked the process past its time budget");
    expect(callLeftNothing()).toBe(false);

    beginCall(0);
    forget();
    expect(standingReply()).toBeUndefined();
    expect(callLeftNothing()).toBe(true);
    // Not fail-closed, no adapter, payload or connector known yet: the plain fail-open of a call that knows nothing.
    const second = failOpenReply({ platform: "claude-code", event: "PreToolUse", connector: "other" }, "boom");
    expect(second).toEqual({
      exitCode: 0,
      stderr: `agent-connector: claude-code PreToolUse (other): boom; allowed (fail-open), see ${join(home, "logs", "hook.log")}\n`,
    });
    expect(heard.provisional).toEqual([]);
  });

  test("what call 1 learnt for its deny (the host, the connector its config named) is not call 2's", async () => {
    beginCall(0);
    const first = await hookReply({ platform: "claude-code", event: "PreToolUse", config }, fixture("claude-code", "PreToolUse"), env());
    expect(JSON.parse(first.stdout ?? "{}").hookSpecificOutput?.permissionDecision).toBe("deny");
    // Loaded from its source: the module loader keeps it, so that process answers no more calls.
    expect(callLeftNothing()).toBe(false);
    const adapterKnown = failOpenReply({ platform: "claude-code", event: "PreToolUse", failClosed: true }, "x");
    // Call 1 knew the host, its payload and the connector's id: its deny is the host's, naming "first".
    expect(adapterKnown.denyReason).toBe("first failed closed: x");
    expect(adapterKnown.stdout).toContain("permissionDecision");

    const second = beginCall(0);
    expect(callLeftNothing()).toBe(true);
    // What the payload is for (a reply that echoes it) no deny shows: the state itself says it is gone.
    expect(second.failure).toEqual({ closed: false, adapter: undefined, payload: undefined, standing: undefined, connector: undefined });
    // Call 2 knows none of those yet: the exit-2 deny that needs none, naming no connector.
    expect(failOpenReply({ platform: "claude-code", event: "PreToolUse", failClosed: true }, "x")).toEqual({
      exitCode: 2,
      stderr: "agent-connector failed closed: x\n",
      denyReason: "agent-connector failed closed: x",
    });
  });

  test("the deadline and the host's time limit of call 1 do not bound call 2", async () => {
    const first = beginCall(0);
    const mux = env(Object.fromEntries(Object.entries(JSON.parse(fixture("mux", "PreToolUse"))).map(([key, value]) => [key, String(value)])));
    const muxed = await hookReply({ platform: "mux", event: "PreToolUse", config }, "", mux);
    expect(muxed).toMatchObject({ exitCode: 2, stderr: "no tools\n" });
    // Mux kills a hook at 10 s: the connector's 60 s are cut to 9 s.
    expect(clock.deadline).toBe(first.start + 9_000);

    forget();
    const second = beginCall(1_000);
    // Begun a second ago by the host's process: the default budget counts from then, and the listener hears of it.
    expect(clock.deadline).toBe(second.start + 29_000);
    expect(defaultDeadline()).toBe(second.start + 29_000);
    expect(heard.deadlines).toEqual([second.start + 29_000]);
    // Claude Code has no such limit: the connector's own 60 s (less the margin to answer in) hold.
    await hookReply({ platform: "claude-code", event: "PreToolUse", config }, fixture("claude-code", "PreToolUse"), env());
    expect(clock.deadline).toBe(second.start + 59_000);
  });

  test("a call no longer in hand moves no deadline and offers no reply", () => {
    const first = beginCall(0);
    const second = beginCall(0);
    forget();
    first.deadline = first.start + 1;
    first.offer({ exitCode: 2, stderr: "stale\n" });
    expect(clock.deadline).toBe(second.defaultDeadline);
    expect(heard).toEqual({ deadlines: [], provisional: [] });
    second.deadline = second.start + 5;
    expect(clock.deadline).toBe(second.start + 5);
    expect(heard.deadlines).toEqual([second.start + 5]);
  });
});
