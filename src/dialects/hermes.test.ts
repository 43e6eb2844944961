import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { hermesDialect } from "./hermes.ts";

// Hermes' capabilities (adapters/hermes.ts).
const hermes = hermesDialect("hermes", { PreToolUse: ["deny", "ask", "modify"], UserPromptSubmit: ["context"] });
const raw = { tool_name: "terminal", tool_input: { command: "rm -rf /", background: false } };

test("a deny is a block with the reason", () => {
  expect(answer(hermes, "PreToolUse", "pre_tool_call", { decision: "deny", reason: "no rm" }, raw)).toEqual({
    stdout: '{"decision":"block","reason":"no rm"}\n',
    exitCode: 0,
  });
});

test("an ask goes through Hermes' own approval, with a message even when no reason was given", () => {
  expect(answer(hermes, "PreToolUse", "pre_tool_call", { decision: "ask", reason: "sure?" }, raw)).toEqual(json({ action: "approve", message: "sure?" }));
  expect(answer(hermes, "PreToolUse", "pre_tool_call", { decision: "ask" }, raw)).toEqual(json({ action: "approve", message: "guard asks for your approval" }));
});

test("a rewrite is a merge patch: keys the replacement drops are sent as null", () => {
  expect(answer(hermes, "PreToolUse", "pre_tool_call", { updatedInput: { command: "ls" } }, raw)).toEqual(
    json({ action: "modify", args: { background: null, command: "ls" } }),
  );
});

test("context is added to the prompt; on a tool call it is dropped and reported", () => {
  expect(answer(hermes, "UserPromptSubmit", "pre_llm_call", { additionalContext: "note" })).toEqual(json({ context: "note" }));
  expect(answer(hermes, "PreToolUse", "pre_tool_call", { additionalContext: "note" }, raw)).toEqual({
    exitCode: 0,
    lost: ["context → dropped (the host has no context channel here)"],
  });
});
