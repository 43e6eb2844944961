import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { crushDialect } from "./crush.ts";

// Crush's capabilities (adapters/crush.ts).
const crush = crushDialect("crush", { PreToolUse: ["allow", "deny", "modify", "context"] });
const raw = { tool_name: "bash", tool_input: { command: "rm -rf /", timeout: 30 } };

test("a deny is decision deny with the reason", () => {
  expect(answer(crush, "PreToolUse", "PreToolUse", { decision: "deny", reason: "no rm" }, raw)).toEqual({
    stdout: '{"decision":"deny","reason":"no rm"}\n',
    exitCode: 0,
  });
});

test("an explicit allow pre-approves; no opinion writes nothing", () => {
  expect(answer(crush, "PreToolUse", "PreToolUse", { decision: "allow" }, raw)).toEqual(json({ decision: "allow" }));
  expect(answer(crush, "PreToolUse", "PreToolUse", {}, raw)).toEqual({ exitCode: 0 });
});

test("a rewrite is a merge patch with no decision: keys the replacement drops are sent as null", () => {
  expect(answer(crush, "PreToolUse", "PreToolUse", { updatedInput: { command: "ls" }, additionalContext: "note" }, raw)).toEqual(
    json({ updated_input: { timeout: null, command: "ls" }, context: "note" }),
  );
});
