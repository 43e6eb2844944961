/**
 * halt, systemMessage and suppressOutput (issue 47, point 3), through the compiled binary: each in
 * the host's own words where it honours it (Claude Code, Codex, Gemini CLI: the universal
 * `continue: false` + `stopReason`, `systemMessage`, `suppressOutput`; Cursor: `continue: false` +
 * `user_message` on beforeSubmitPrompt), left out where it does not (Copilot CLI, Codex's PreToolUse),
 * and then declared: install and explain list the degradation, the ledger records the halt.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, stdoutJson, writeConfig, writeScriptedConfig, type Sandbox } from "./support/harness.ts";

const EVERYTHING = { halt: { reason: "R" }, systemMessage: "M", suppressOutput: true };

describe("halt, systemMessage, suppressOutput: exact stdout per host", () => {
  let box: Sandbox;
  let config: string;
  beforeAll(() => {
    box = sandbox();
    config = writeScriptedConfig(box);
  });
  const hook = (host: string, event: string, fixture: string, response: unknown) => {
    const result = box.hook(host, event, fixturePayload(host, fixture, box), { config, env: { AC_TEST_RESPONSE: JSON.stringify(response) } });
    expect([result.exitCode, result.stderr]).toEqual([0, ""]);
    return result.stdout;
  };
  const line = (body: unknown) => `${JSON.stringify(body)}\n`;

  test("Claude Code: every field, on every event; a halt goes beside a decision", () => {
    expect(hook("claude-code", "PostToolUse", "PostToolUse", EVERYTHING)).toBe(
      line({ continue: false, stopReason: "R", systemMessage: "M", suppressOutput: true }),
    );
    expect(hook("claude-code", "PreToolUse", "PreToolUse", { decision: "deny", reason: "no", halt: { reason: "R" } })).toBe(
      line({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
        continue: false,
        stopReason: "R",
      }),
    );
    // Claude Code's own words are taken as input too; a halt with no reason still says whose.
    expect(hook("claude-code", "Stop", "Stop", { continue: false, stopReason: "done" })).toBe(line({ continue: false, stopReason: "done" }));
    expect(hook("claude-code", "SessionStart", "SessionStart", { halt: {} })).toBe(line({ continue: false, stopReason: "Stopped by the test hook" }));
  });

  test("Codex: halt where continue: false ends the turn, systemMessage everywhere, suppressOutput never (it refuses it)", () => {
    expect(hook("codex", "UserPromptSubmit", "UserPromptSubmit", EVERYTHING)).toBe(line({ continue: false, stopReason: "R", systemMessage: "M" }));
    // On PostToolUse its continue: false only replaces the tool's result: no halt there.
    expect(hook("codex", "PostToolUse", "PostToolUse", EVERYTHING)).toBe(line({ systemMessage: "M" }));
    expect(hook("codex", "PreToolUse", "PreToolUse", EVERYTHING)).toBe(line({ systemMessage: "M" }));
    expect(hook("codex", "PreToolUse", "PreToolUse", { halt: { reason: "R" } })).toBe("");
  });

  test("Gemini CLI: halt on its tool and agent events, systemMessage everywhere", () => {
    expect(hook("gemini-cli", "PostToolUse", "AfterTool", EVERYTHING)).toBe(line({ continue: false, stopReason: "R", systemMessage: "M" }));
    expect(hook("gemini-cli", "SessionStart", "SessionStart", EVERYTHING)).toBe(line({ systemMessage: "M" }));
  });

  test("Cursor: a halt is beforeSubmitPrompt's continue: false, with the reason for the user", () => {
    expect(hook("cursor", "UserPromptSubmit", "beforeSubmitPrompt", EVERYTHING)).toBe(line({ continue: false, user_message: "R" }));
    expect(hook("cursor", "PreToolUse", "preToolUse", EVERYTHING)).toBe("");
  });

  test("Copilot CLI honours none: the decision alone is sent", () => {
    expect(hook("copilot-cli", "PreToolUse", "preToolUse", EVERYTHING)).toBe("");
    expect(hook("copilot-cli", "PreToolUse", "preToolUse", { ...EVERYTHING, decision: "deny", reason: "no" })).toBe(
      line({ permissionDecision: "deny", permissionDecisionReason: "no" }),
    );
  });

  test("a halt that is not { reason } is the handler's failure: open by default", () => {
    const result = box.hook("claude-code", "PostToolUse", fixturePayload("claude-code", "PostToolUse", box), {
      config,
      env: { AC_TEST_RESPONSE: JSON.stringify({ halt: "stop" }) },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("handler returned an invalid response: halt:");
    expect(result.stderr).toContain("allowed (fail-open)");
  });
});

test("a bad halt fails closed where the connector says so", () => {
  const box = sandbox();
  const config = writeConfig(box, `{ id: "closed", onFailure: "deny", hooks: { PreToolUse: { handler: () => ({ halt: { why: "x" } }) as any } } }`);
  const result = box.hook("claude-code", "PreToolUse", fixturePayload("claude-code", "PreToolUse", box), { config });
  expect(result.exitCode).toBe(0);
  expect(stdoutJson(result)).toMatchObject({
    hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: expect.stringContaining("closed failed closed") },
  });
});

describe("declared where a host cannot honour them", () => {
  const HALTING = `{ id: "halting", hooks: { PreToolUse: { response: { halt: { reason: "enough" }, systemMessage: "bye" } } } }`;

  test("install --json lists each as a degradation, certain for a fixed response", () => {
    const box = sandbox();
    const file = box.write(join(box.project, "agent-connector.config.json"), HALTING.replace(/(\w+):/g, '"$1":'));
    const result = box.cli(["install", "--config", file, "--platform", "copilot-cli,claude-code", "--json"]);
    expect(result.exitCode).toBe(0);
    const hosts = JSON.parse(result.stdout).results as { platform: string; degradations: unknown[] }[];
    const of = (id: string) => hosts.find((h) => h.platform === id)!.degradations;
    expect(of("copilot-cli")).toEqual([
      { event: "PreToolUse", from: "halt", to: "ignored: the run goes on (the halt is recorded in the ledger)", certain: true },
      { event: "PreToolUse", from: "systemMessage", to: "dropped (the host shows the user no message from a hook here)", certain: true },
    ]);
    expect(of("claude-code")).toEqual([]);
  });

  test("explain names host, event and what each becomes", () => {
    const box = sandbox();
    const file = box.write(join(box.project, "agent-connector.config.json"), HALTING.replace(/(\w+):/g, '"$1":'));
    const result = box.cli(["explain", "--config", file, "--platform", "codex"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("PreToolUse  halt → ignored: the run goes on (the halt is recorded in the ledger)");
    expect(result.stdout).not.toContain("systemMessage →");
  });

  test("the ledger records the halt, and what the host enforced", () => {
    const box = sandbox();
    const config = writeScriptedConfig(box);
    const env = { AC_TEST_RESPONSE: JSON.stringify({ halt: { reason: "R" } }) };
    box.hook("copilot-cli", "PreToolUse", fixturePayload("copilot-cli", "preToolUse", box), { config, env });
    box.hook("claude-code", "PreToolUse", fixturePayload("claude-code", "PreToolUse", box), { config, env });
    const records = box
      .read(join(box.home, ".agent-connector", "audit", "decisions.jsonl"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(records.map((r) => [r.host, r.answer, r.enforced, r.effect])).toEqual([
      ["copilot-cli", "halt", "no opinion", "ignored: the run goes on (the halt is recorded in the ledger)"],
      ["claude-code", "halt", "halt", "as answered"],
    ]);
  });
});

test("for handlers: install --json and explain sum up, per host, where each is honoured", () => {
  const box = sandbox();
  const file = writeConfig(box, `{ id: "h", hooks: { PostToolUse: { handler: () => undefined }, Stop: { handler: () => undefined } } }`);
  const install = box.cli(["install", "--config", file, "--platform", "codex", "--json", "--dry-run"]);
  expect(install.exitCode).toBe(0);
  expect(JSON.parse(install.stdout).results[0].extras).toEqual([
    { field: "halt", honouredOn: ["Stop"], elsewhere: "ignored: the run goes on (the halt is recorded in the ledger)" },
    { field: "suppressOutput", honouredOn: [], elsewhere: "ignored (the host shows the hook's output as usual)" },
  ]);
  const explain = box.cli(["explain", "--config", file, "--platform", "codex,claude-code,copilot-cli"]);
  const section = explain.stdout.slice(explain.stdout.indexOf("\nhalt, systemMessage, suppressOutput (if your handlers return them"));
  const rows = section.split("\n").map((line) => line.trim().split(/\s{2,}/));
  expect(rows.filter((r) => r.length === 4)).toEqual([
    ["host", "halt", "systemMessage", "suppressOutput"],
    ["codex", "on Stop", "yes", "no"],
    ["copilot-cli", "no", "no", "no"],
  ]);
});

test("simulate shows what the host gets and lists what it cannot take", () => {
  const box = sandbox();
  writeConfig(box, `{ id: "s", hooks: { Stop: { handler: () => ({ halt: { reason: "enough" }, systemMessage: "bye" }) } } }`);
  const cursor = box.cli(["simulate", "cursor", "Stop", "--payload", "-"], { stdin: JSON.stringify({ conversation_id: "c", loop_count: 0 }) });
  expect(cursor.stdout).toContain(
    "degradations on Cursor:\n  Stop: halt → ignored: the run goes on (the halt is recorded in the ledger)\n  Stop: systemMessage → dropped (the host shows the user no message from a hook here)\n",
  );
  expect(cursor.stdout).toEndWith("Cursor gets: exit 0\nstdout: (empty)\n");
  const claude = box.cli(["simulate", "claude-code", "Stop", "--payload", "-"], { stdin: JSON.stringify({ session_id: "s", stop_hook_active: false }) });
  expect(claude.stdout).toEndWith(`Claude Code gets: exit 0\nstdout: ${JSON.stringify({ continue: false, stopReason: "enough", systemMessage: "bye" })}\n`);
});
