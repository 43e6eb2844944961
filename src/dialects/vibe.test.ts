import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { vibeDialect } from "./vibe.ts";

// Mistral Vibe's capabilities (adapters/mistral-vibe.ts).
const vibe = vibeDialect("mistral-vibe", {
  PreToolUse: ["deny", "modify"],
  PostToolUse: ["deny", "context", "updatedOutput"],
  PostToolUseFailure: ["context"],
  Stop: ["deny"],
});

test("a deny is decision deny with the reason, exit 0 (any other exit is a hook failure there)", () => {
  expect(answer(vibe, "PreToolUse", "pre_tool", { decision: "deny", reason: "no rm" })).toEqual({
    stdout: '{"decision":"deny","reason":"no rm"}\n',
    exitCode: 0,
  });
});

test("a rewrite replaces the whole input under hook_specific_output", () => {
  expect(answer(vibe, "PreToolUse", "pre_tool", { updatedInput: { command: "ls" } })).toEqual(
    json({ hook_specific_output: { tool_input: { command: "ls" } } }),
  );
});

test("a new output is a deny whose reason is the output (a deny replaces the result there)", () => {
  expect(answer(vibe, "PostToolUse", "post_tool", { updatedOutput: "[redacted]", additionalContext: "note" })).toEqual(
    json({ decision: "deny", reason: "[redacted]", hook_specific_output: { additional_context: "note" } }),
  );
});
