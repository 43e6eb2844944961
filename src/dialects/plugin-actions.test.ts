import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { pluginActionsDialect } from "./plugin-actions.ts";

// OpenCode's capabilities (src/families/opencode.ts).
const opencode = pluginActionsDialect("opencode", {
  SessionStart: ["context"],
  UserPromptSubmit: ["context"],
  PreToolUse: ["deny", "modify", "context"],
  PostToolUse: ["context", "updatedOutput"],
  PreCompact: ["context"],
});

test("one JSON object of actions: deny, args, output, context", () => {
  expect(answer(opencode, "PreToolUse", "tool.execute.before", { decision: "deny", reason: "no rm" })).toEqual({ stdout: '{"deny":"no rm"}\n', exitCode: 0 });
  expect(answer(opencode, "PreToolUse", "tool.execute.before", { updatedInput: { command: "ls" }, additionalContext: "note" })).toEqual(
    json({ args: { command: "ls" }, context: "note" }),
  );
  expect(answer(opencode, "PostToolUse", "tool.execute.after", { updatedOutput: "[redacted]" })).toEqual(json({ output: "[redacted]" }));
});

test("after the tool ran a deny is context, appended to the output", () => {
  expect(answer(opencode, "PostToolUse", "tool.execute.after", { decision: "deny", reason: "leaked a key" })).toEqual({
    ...json({ context: "leaked a key" }),
    lost: ["deny → context carrying the reason (the host cannot block here)"],
  });
});

test("no opinion and an allow are no action at all", () => {
  expect(answer(opencode, "PreToolUse", "tool.execute.before", { decision: "allow" })).toEqual({ exitCode: 0 });
});
