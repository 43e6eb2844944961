import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { flatPermissionDialect } from "./flat-permission.ts";

// Cursor's capabilities (adapters/cursor.ts).
const cursor = flatPermissionDialect("cursor", {
  SessionStart: ["context"],
  UserPromptSubmit: ["deny"],
  PreToolUse: ["allow", "deny", "modify"],
  PostToolUse: ["context"],
  Stop: ["deny"],
  SubagentStart: ["deny"],
  SubagentStop: ["deny"],
});

test("a tool deny tells both the user and the model why", () => {
  expect(answer(cursor, "PreToolUse", "preToolUse", { decision: "deny", reason: "no rm" })).toEqual({
    stdout: '{"permission":"deny","user_message":"no rm","agent_message":"no rm"}\n',
    exitCode: 0,
  });
});

test("allow is a permission; a modify is an allow with the replacement input, said", () => {
  expect(answer(cursor, "PreToolUse", "preToolUse", { decision: "allow" })).toEqual(json({ permission: "allow" }));
  expect(answer(cursor, "PreToolUse", "preToolUse", { updatedInput: { command: "ls" } })).toEqual({
    ...json({ permission: "allow", updated_input: { command: "ls" } }),
    lost: ["modify → a rewrite that also approves the call: the host's own permission prompt for it is skipped"],
  });
  expect(answer(cursor, "PreToolUse", "preToolUse", { decision: "allow", updatedInput: { command: "ls" } })).toEqual(
    json({ permission: "allow", updated_input: { command: "ls" } }),
  );
});

test("each gate blocks in its own words: prompt continue:false, subagent permission, stop a follow-up", () => {
  expect(answer(cursor, "UserPromptSubmit", "beforeSubmitPrompt", { decision: "deny", reason: "secret" })).toEqual(
    json({ continue: false, user_message: "secret" }),
  );
  expect(answer(cursor, "SubagentStart", "subagentStart", { decision: "deny" })).toEqual(
    json({ permission: "deny", user_message: "Blocked by the guard hook" }),
  );
  expect(answer(cursor, "Stop", "stop", { decision: "deny", reason: "tests fail" })).toEqual(json({ followup_message: "tests fail" }));
});

test("context rides in additional_context; an ask is not enforced, so it is no opinion and reported", () => {
  expect(answer(cursor, "SessionStart", "sessionStart", { additionalContext: "hi" })).toEqual(json({ additional_context: "hi" }));
  expect(answer(cursor, "PreToolUse", "preToolUse", { decision: "ask" })).toEqual({ exitCode: 0, lost: ["ask → no opinion (the host's own permission flow)"] });
});

test("a prompt gate without context drops the context, and says so", () => {
  expect(answer(cursor, "UserPromptSubmit", "beforeSubmitPrompt", { additionalContext: "hi" })).toEqual({
    exitCode: 0,
    lost: ["context → dropped (the host has no context channel here)"],
  });
});
