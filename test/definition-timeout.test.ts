/**
 * A definition's own `timeout` (issue 47, point 1), through the compiled binary: it can only
 * shorten the connector's budget; a definition that has not answered by then has failed, alone:
 * its own `onFailure` answers for it (nothing when open, a deny when closed) and the other
 * definitions of the event still answer. The slow handler waits a minute, its timeout is 2 s and
 * the connector's 30 s: the call answers well within the connector's budget, however loaded the machine.
 */
import { describe, expect, test } from "bun:test";
import { fixturePayload, sandbox, stdoutJson, writeConfig } from "./support/harness.ts";
import { BOTH_WAYS, daemonReady } from "./reliability/support.ts";
import { loadFor, stopDaemon } from "./support/both-ways.ts";

const SLOW = "async () => { await new Promise((done) => setTimeout(done, 60_000)); return { decision: 'allow' as const }; }";

const CONFIG = `{
  id: "timed",
  hooks: {
    PreToolUse: [
      { timeout: 2, handler: ${SLOW} },
      { handler: () => ({ additionalContext: "second answered" }) },
    ],
    Stop: [
      { timeout: 2, onFailure: "deny", handler: ${SLOW} },
      { handler: () => ({ additionalContext: "ignored on Stop" }) },
    ],
    SessionStart: { timeout: 2, onFailure: "deny", handler: ${SLOW} },
  },
}`;

for (const [way, wayEnv] of BOTH_WAYS) {
  describe(`a definition past its own timeout fails alone (${way})`, () => {
    const daemon = way === "daemon";
    const call = (event: string) => {
      const box = sandbox();
      const load = loadFor(box, writeConfig(box, CONFIG), "timed", daemon);
      if (daemon) daemonReady(box);
      try {
        return box.hook("claude-code", event, fixturePayload("claude-code", event, box), { ...load, env: daemon ? wayEnv : {} });
      } finally {
        stopDaemon(box, daemon);
      }
    };

    test("open (the default): it gives no answer, the next definition's is the event's", () => {
      const result = call("PreToolUse");
      expect([result.exitCode, result.stderr]).toEqual([0, ""]);
      expect(stdoutJson(result)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "second answered" } });
    });

    test("closed: its onFailure denies, in the host's words, and names the definition", () => {
      const result = call("Stop");
      expect(result.exitCode).toBe(0);
      expect(stdoutJson(result)).toEqual({ decision: "block", reason: "timed failed closed: definition 1 did not answer within its timeout (2s)" });
    });

    test("one definition with its own timeout: the same", () => {
      const result = call("SessionStart");
      expect(result.exitCode).toBe(0);
      expect(stdoutJson(result)).toEqual({
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "timed failed closed: definition 1 did not answer within its timeout (2s)" },
      });
    });
  });
}

test("a definition's timeout is checked like the connector's", () => {
  const box = sandbox();
  const file = writeConfig(box, `{ id: "t", hooks: { Stop: [{ timeout: 1, handler: () => undefined }] } }`);
  const result = box.cli(["install", "--config", file, "--platform", "claude-code"]);
  expect(result.exitCode).toBe(3);
  expect(result.stderr).toContain("hooks.Stop.0.timeout");
});

/**
 * A host's own fixed limit for an event (Codex: SessionEnd and Interrupt get 3 s, whatever the
 * hook's timeout says) cuts the call's budget to fit: the handler that waits a minute fails open
 * after 2 s, said and recorded, where the connector's 30 s would have let Codex kill it unrecorded.
 */
for (const [way, wayEnv] of BOTH_WAYS) {
  test(`Codex's 3 s for SessionEnd and Interrupt bound the budget, not the connector's 30 s (${way})`, () => {
    const daemon = way === "daemon";
    const box = sandbox();
    const config = writeConfig(
      box,
      `{ id: "ends", timeout: 30, hooks: { SessionEnd: { handler: ${SLOW} } }, platforms: { codex: { nativeHooks: { Interrupt: { handler: ${SLOW} } } } } }`,
    );
    const installed = box.cli(["install", "--config", config, "--platform", "codex"]);
    expect(installed.exitCode).toBe(0);
    if (daemon) daemonReady(box);
    try {
      const env = daemon ? wayEnv : {};
      const ended = box.hook("codex", "SessionEnd", fixturePayload("codex", "SessionEnd", box), { connector: "ends", env });
      const interrupted = box.hook(
        "codex",
        "Interrupt",
        { session_id: "s", cwd: box.project, hook_event_name: "Interrupt" },
        { connector: "ends", native: true, env },
      );
      for (const [result, where] of [
        [ended, "codex SessionEnd (ends)"],
        [interrupted, "codex Interrupt (ends)"],
      ] as const)
        expect([result.exitCode, result.stdout, result.stderr]).toEqual([
          0,
          "",
          `agent-connector: ${where}: did not answer within its time budget; allowed (fail-open), see ${box.env.AGENT_CONNECTOR_HOME}/logs/hook.log\n`,
        ]);
      const records = box
        .cli(["logs", "--json", "--lines", "0"])
        .stdout.split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { event: string; outcome: string; latencyMs: number });
      expect(records.map((r) => [r.event, r.outcome])).toEqual([
        ["SessionEnd", "fail-open: timeout"],
        ["Interrupt", "fail-open: timeout"],
      ]);
      // About 2 s each: far below the connector's 29 s budget, however loaded the machine.
      for (const record of records) expect(record.latencyMs).toBeLessThan(20_000);
    } finally {
      stopDaemon(box, daemon);
    }
  });
}
