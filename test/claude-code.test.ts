import { beforeAll, describe, expect, test } from "bun:test";
import { fixturePayload, sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { block, everyDecision, seenEvent, specific, type Expected } from "./support/decisions.ts";

/** Every decision on every Claude Code event, through the compiled binary, with exact stdout. */

/** Expected stdout per event and response; anything not listed prints nothing. */
const EXPECTED: Expected = {
  SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
  SessionEnd: {},
  UserPromptSubmit: { deny: block, context: specific("UserPromptSubmit", { additionalContext: "C" }) },
  PreToolUse: {
    allow: specific("PreToolUse", { permissionDecision: "allow" }),
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
    ask: specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "R" }),
    modify: specific("PreToolUse", { permissionDecision: "allow", updatedInput: { command: "echo safe" } }),
    context: specific("PreToolUse", { additionalContext: "C" }),
  },
  PostToolUse: {
    deny: block,
    context: specific("PostToolUse", { additionalContext: "C" }),
    updatedOutput: specific("PostToolUse", { additionalContext: "The tool output was replaced by a hook:\nO" }),
  },
  PreCompact: {},
  PostCompact: {},
  Stop: { deny: block },
  Notification: { deny: specific("Notification", { additionalContext: "R" }), context: specific("Notification", { additionalContext: "C" }) },
  PermissionRequest: {
    allow: specific("PermissionRequest", { decision: { behavior: "allow" } }),
    deny: specific("PermissionRequest", { decision: { behavior: "deny", message: "R" } }),
    modify: specific("PermissionRequest", { decision: { behavior: "allow", updatedInput: { command: "echo safe" } } }),
  },
  PostToolUseFailure: { deny: specific("PostToolUseFailure", { additionalContext: "R" }), context: specific("PostToolUseFailure", { additionalContext: "C" }) },
  SubagentStart: { deny: specific("SubagentStart", { additionalContext: "R" }), context: specific("SubagentStart", { additionalContext: "C" }) },
  SubagentStop: { deny: block },
};

const CAPTURED = ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"];

let box: Sandbox;
let config: string;
const payload = (event: string, at: Sandbox = box) => (CAPTURED.includes(event) ? fixturePayload("claude-code", event, at) : fixturePayload("claude-code", event, at));

beforeAll(() => {
  box = sandbox();
  config = writeScriptedConfig(box);
});

everyDecision("claude-code: every decision on every event", "claude-code", EXPECTED, (event, box) => payload(event, box));

describe("claude-code: the normalized event the handler sees", () => {
  const seen = (event: string, raw: Record<string, unknown>, env: Record<string, string> = {}) => seenEvent(box, config, "claude-code", event, raw, env);

  test("PreToolUse from the real payload", () => {
    expect(seen("PreToolUse", payload("PreToolUse"), { CLAUDE_PROJECT_DIR: "/the/project" })).toEqual({
      hostPlatform: "claude-code",
      connectorId: "test",
      sessionId: "3c85a3ab-2621-4a6c-874c-31f2ff177457",
      projectDir: "/the/project",
      toolName: "Bash",
      toolInput: { command: "echo hi | tee tool-ran.marker", description: "Print hi" },
    });
  });

  test("PostToolUse turns the Bash tool_response object into text", () => {
    const event = seen("PostToolUse", payload("PostToolUse"));
    expect(event.toolOutput).toBe("hi");
    expect(event.projectDir).toBe(box.project);
  });

  test("Stop, SessionStart, SessionEnd, UserPromptSubmit", () => {
    expect(seen("Stop", payload("Stop")).stopHookActive).toBe(false);
    expect(seen("SessionStart", payload("SessionStart")).source).toBe("startup");
    expect(seen("SessionEnd", payload("SessionEnd")).reason).toBe("other");
    expect(seen("UserPromptSubmit", payload("UserPromptSubmit")).prompt).toBe("Run echo hi using the Bash tool.");
  });

  test("PostToolUseFailure, SubagentStop, PermissionRequest, PreCompact", () => {
    expect(seen("PostToolUseFailure", payload("PostToolUseFailure"))).toMatchObject({ error: "Exit code 1", isInterrupt: false, toolUseId: "toolu_02" });
    expect(seen("SubagentStop", payload("SubagentStop"))).toMatchObject({ agentId: "agent-7", agentType: "Explore", lastAssistantMessage: "Found 3 files.", stopHookActive: false });
    expect(seen("PermissionRequest", payload("PermissionRequest")).permissionSuggestions).toHaveLength(1);
    expect(seen("PreCompact", payload("PreCompact")).trigger).toBe("manual");
  });

  test("a payload without session_id gives sessionId \"\"", () => {
    expect(seen("Notification", { hook_event_name: "Notification", message: "hi" }).sessionId).toBe("");
  });
});

describe("claude-code: matcher (whole-name regex, tool name / agent type)", () => {
  let matched: Sandbox;
  let matchedConfig: string;
  beforeAll(() => {
    matched = sandbox();
    matchedConfig = writeScriptedConfig(matched, { matchers: { PreToolUse: "Bash|Write", SubagentStop: "Exp.*", PostToolUse: "Ba" } });
  });
  const deny = { AC_TEST_RESPONSE: JSON.stringify({ decision: "deny", reason: "R" }) };
  const run = (event: string, raw: Record<string, unknown>) => matched.hook("claude-code", event, raw, { config: matchedConfig, env: deny }).stdout;

  test("a listed tool matches", () => {
    expect(run("PreToolUse", payload("PreToolUse"))).toContain('"permissionDecision":"deny"');
  });
  test("another tool does not: no output", () => {
    expect(run("PreToolUse", { ...payload("PreToolUse"), tool_name: "Read" })).toBe("");
  });
  test("a prefix is not a match (the whole name must match)", () => {
    expect(run("PostToolUse", payload("PostToolUse"))).toBe("");
  });
  test("subagent events match the agent type", () => {
    expect(run("SubagentStop", payload("SubagentStop"))).toBe(`${JSON.stringify(block)}\n`);
    expect(run("SubagentStop", { ...payload("SubagentStop"), agent_type: "Plan" })).toBe("");
  });
});
