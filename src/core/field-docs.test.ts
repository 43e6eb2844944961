import { expect, test } from "bun:test";
import { fieldCell, rowFields } from "./field-docs.ts";

test("a field's cell: its optionality and closed type from src/events.ts, and words only on the events given them", () => {
  expect(fieldCell("trigger", "PreCompact")).toBe('`trigger?: "auto" \\| "manual"`');
  expect(fieldCell("toolUseId", "PreToolUse")).toBe("`toolUseId?` (the host's id of the call, the same on its Post events)");
  expect(fieldCell("toolUseId", "PostToolUse")).toBe("`toolUseId?`");
  expect(fieldCell("error", "PostToolUseFailure")).toBe("`error`");
});

test("a row lists the subagent's fields on subagent events and the computed tool after its input", () => {
  expect(rowFields("SubagentStart")).toEqual(["agentId", "agentType"]);
  expect(rowFields("PreToolUse")).toEqual(["toolName", "toolInput", "tool", "toolUseId"]);
  expect(rowFields("UserPromptSubmit")).toEqual(["prompt"]);
});
