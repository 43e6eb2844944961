import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { geminiDialect } from "./gemini.ts";

// Gemini CLI's capabilities (adapters/gemini-cli.ts).
const gemini = geminiDialect("gemini-cli", {
  SessionStart: ["context"],
  UserPromptSubmit: ["deny", "context"],
  PreToolUse: ["deny", "modify"],
  PostToolUse: ["deny", "context", "updatedOutput"],
  Stop: ["deny"],
});

test("a deny is a top-level decision on every event (the Claude-shaped one is ignored there)", () => {
  expect(answer(gemini, "PreToolUse", "BeforeTool", { decision: "deny", reason: "no rm" })).toEqual({
    stdout: '{"decision":"deny","reason":"no rm"}\n',
    exitCode: 0,
  });
  expect(answer(gemini, "Stop", "AfterAgent", { decision: "deny" })).toEqual(json({ decision: "deny", reason: "Blocked by the guard hook" }));
});

test("a modify is the new tool_input under hookSpecificOutput, with no decision", () => {
  expect(answer(gemini, "PreToolUse", "BeforeTool", { decision: "modify", updatedInput: { command: "ls" } })).toEqual(
    json({ hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { command: "ls" } } }),
  );
});

test("AfterTool: a new output is tool_output, context beside it", () => {
  expect(answer(gemini, "PostToolUse", "AfterTool", { updatedOutput: "[redacted]", additionalContext: "note" })).toEqual(
    json({ hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: "note", tool_output: "[redacted]" } }),
  );
});

test("a prompt deny and its context go together", () => {
  expect(answer(gemini, "UserPromptSubmit", "BeforeAgent", { decision: "deny", reason: "secret", additionalContext: "why" })).toEqual(
    json({ decision: "deny", reason: "secret", hookSpecificOutput: { hookEventName: "BeforeAgent", additionalContext: "why" } }),
  );
});

test("an allow skips no prompt there: no opinion; an ask is reported lost", () => {
  expect(answer(gemini, "PreToolUse", "BeforeTool", { decision: "allow" })).toEqual({ exitCode: 0 });
  expect(answer(gemini, "PreToolUse", "BeforeTool", { decision: "ask" })).toEqual({ exitCode: 0, lost: ["ask → no opinion (the host's own permission flow)"] });
});
