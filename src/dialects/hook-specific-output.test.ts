import { describe, expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { CLAUDE_CODE_CAPABILITIES, hookSpecificOutputDialect } from "./hook-specific-output.ts";

const claude = hookSpecificOutputDialect("claude-code", CLAUDE_CODE_CAPABILITIES, { rewrite: { alone: "neutral", withAsk: true } });
/** A host that takes a new input only with an allow (the dialect's default, as Codex). */
const allowOnly = hookSpecificOutputDialect("codebuddy", CLAUDE_CODE_CAPABILITIES);
const APPROVES = "modify → a rewrite that also approves the call: the host's own permission prompt for it is skipped";
const ASK_DROPS = "ask → the host asks about the original call: a rewrite given with the ask is dropped";
const bash = { tool_name: "Bash", tool_input: { command: "rm -rf /", description: "clean" } };

describe("Claude Code", () => {
  test("no opinion, and an allow where an allow changes nothing: no output, exit 0", () => {
    expect(answer(claude, "PreToolUse", "PreToolUse", {})).toEqual({ exitCode: 0 });
    expect(answer(claude, "SessionStart", "SessionStart", { decision: "allow" })).toEqual({ exitCode: 0 });
  });

  test("a tool deny is a permission decision with its reason, the blank reason replaced", () => {
    expect(answer(claude, "PreToolUse", "PreToolUse", { decision: "deny", reason: "no rm" }, bash)).toEqual({
      stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}\n',
      exitCode: 0,
    });
    expect(answer(claude, "PreToolUse", "PreToolUse", { decision: "deny", reason: "  " }, bash)).toEqual(
      json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "Blocked by the guard hook" } }),
    );
  });

  test("allow and ask carry their reason only when given", () => {
    expect(answer(claude, "PreToolUse", "PreToolUse", { decision: "allow" })).toEqual(
      json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }),
    );
    expect(answer(claude, "PreToolUse", "PreToolUse", { decision: "ask", reason: "sure?" })).toEqual(
      json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "sure?" } }),
    );
  });

  test("a modify is the new input alone; an allow or an ask carrying one says so beside it", () => {
    const out = (decision?: string) =>
      json({ hookSpecificOutput: { hookEventName: "PreToolUse", ...(decision ? { permissionDecision: decision } : {}), updatedInput: { command: "ls" } } });
    expect(answer(claude, "PreToolUse", "PreToolUse", { decision: "modify", updatedInput: { command: "ls" } }, bash)).toEqual(out());
    expect(answer(claude, "PreToolUse", "PreToolUse", { updatedInput: { command: "ls" } }, bash)).toEqual(out());
    expect(answer(claude, "PreToolUse", "PreToolUse", { decision: "allow", updatedInput: { command: "ls" } }, bash)).toEqual(out("allow"));
    expect(answer(claude, "PreToolUse", "PreToolUse", { decision: "ask", updatedInput: { command: "ls" } }, bash)).toEqual(out("ask"));
  });

  test("where a new input goes only with an allow: a modify approves and an ask drops the rewrite, both said", () => {
    const allowed = json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls" } } });
    expect(answer(allowOnly, "PreToolUse", "PreToolUse", { decision: "modify", updatedInput: { command: "ls" } }, bash)).toEqual({
      ...allowed,
      lost: [APPROVES],
    });
    expect(answer(allowOnly, "PreToolUse", "PreToolUse", { decision: "allow", updatedInput: { command: "ls" } }, bash)).toEqual(allowed);
    expect(answer(allowOnly, "PreToolUse", "PreToolUse", { decision: "ask", updatedInput: { command: "ls" } }, bash)).toEqual({
      ...json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } }),
      lost: [ASK_DROPS],
    });
  });

  test("a prompt deny is a top-level block; context sits in hookSpecificOutput beside it", () => {
    expect(answer(claude, "UserPromptSubmit", "UserPromptSubmit", { decision: "deny", reason: "secret", additionalContext: "see policy" })).toEqual(
      json({ decision: "block", reason: "secret", hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "see policy" } }),
    );
  });

  test("PermissionRequest answers with a behaviour", () => {
    expect(answer(claude, "PermissionRequest", "PermissionRequest", { decision: "allow" })).toEqual(
      json({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } } }),
    );
    expect(answer(claude, "PermissionRequest", "PermissionRequest", { decision: "deny" })).toEqual(
      json({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "Blocked by the guard hook" } } }),
    );
    expect(answer(claude, "PermissionRequest", "PermissionRequest", { updatedInput: { command: "ls" } })).toEqual(
      json({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: { command: "ls" } } } }),
    );
  });

  test("a new tool output becomes context (MCP tools only take it natively), and the loss is reported", () => {
    expect(answer(claude, "PostToolUse", "PostToolUse", { updatedOutput: "[redacted]" })).toEqual({
      ...json({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "The tool output was replaced by a hook:\n[redacted]" } }),
      lost: ["updatedOutput → context carrying the new output"],
    });
  });

  test("a deny where Claude cannot block becomes context carrying the reason", () => {
    expect(answer(claude, "SessionStart", "SessionStart", { decision: "deny", reason: "not here" })).toEqual({
      ...json({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "not here" } }),
      lost: ["deny → context carrying the reason (the host cannot block here)"],
    });
  });
});

describe("hosts that copy the dialect with a twist", () => {
  test("VS Code: the Stop block is nested in hookSpecificOutput, SubagentStop's stays top-level", () => {
    const vscode = hookSpecificOutputDialect("vscode-copilot", { Stop: ["deny"], SubagentStop: ["deny"] }, { nestedBlock: ["Stop"] });
    expect(answer(vscode, "Stop", "Stop", { decision: "deny", reason: "tests fail" })).toEqual(
      json({ hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: "tests fail" } }),
    );
    expect(answer(vscode, "SubagentStop", "SubagentStop", { decision: "deny", reason: "again" })).toEqual(json({ decision: "block", reason: "again" }));
  });

  test("Droid: a prompt block is continue:false with a stopReason", () => {
    const droid = hookSpecificOutputDialect("droid", { UserPromptSubmit: ["deny", "context"] }, { stopBlock: ["UserPromptSubmit"] });
    expect(answer(droid, "UserPromptSubmit", "UserPromptSubmit", { decision: "deny", reason: "secret" })).toEqual(
      json({ continue: false, stopReason: "secret" }),
    );
  });

  test("Droid: a modify that drops or spoils a required field keeps the host's own value", () => {
    const valid = { riskLevel: (v: unknown) => v === "low" || v === "high", riskLevelReason: (v: unknown) => typeof v === "string" && v.trim() !== "" };
    const droid = hookSpecificOutputDialect("droid", { PreToolUse: ["allow", "deny", "modify"] }, { requiredInput: { Execute: valid } });
    const raw = { tool_name: "Execute", tool_input: { command: "rm -rf /", riskLevel: "high", riskLevelReason: "deletes" } };
    expect(answer(droid, "PreToolUse", "PreToolUse", { decision: "allow", updatedInput: { command: "ls", riskLevel: "medium" } }, raw)).toEqual(
      json({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput: { command: "ls", riskLevel: "high", riskLevelReason: "deletes" },
        },
      }),
    );
    // Another tool's input is passed as written (a modify there approves: said).
    expect(answer(droid, "PreToolUse", "PreToolUse", { updatedInput: { file_path: "a" } }, { tool_name: "Read", tool_input: { file_path: "b" } })).toEqual({
      ...json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { file_path: "a" } } }),
      lost: [APPROVES],
    });
  });

  test("Codex: a bare allow or ask is never sent (Codex rejects both); the lost ask is reported", () => {
    const codex = hookSpecificOutputDialect("codex", { PreToolUse: ["deny", "modify", "context"] });
    expect(answer(codex, "PreToolUse", "PreToolUse", { decision: "allow" })).toEqual({ exitCode: 0 });
    expect(answer(codex, "PreToolUse", "PreToolUse", { decision: "ask", reason: "sure?" })).toEqual({
      exitCode: 0,
      lost: ["ask → no opinion (the host's own permission flow)"],
    });
  });

  test("the host's own event name is written, not ours", () => {
    const qwen = hookSpecificOutputDialect("qwen-code", { SessionStart: ["context"] });
    expect(answer(qwen, "SessionStart", "session_start", { additionalContext: "hi" })).toEqual(
      json({ hookSpecificOutput: { hookEventName: "session_start", additionalContext: "hi" } }),
    );
  });
});
