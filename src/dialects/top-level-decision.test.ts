import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { topLevelDecisionDialect } from "./top-level-decision.ts";

// Devin CLI's capabilities (adapters/devin.ts).
const devin = topLevelDecisionDialect("devin", {
  UserPromptSubmit: ["deny"],
  PreToolUse: ["allow", "deny"],
  PermissionRequest: ["allow", "deny"],
  Stop: ["deny"],
});

test("a deny blocks; on a permission request it refuses the permission", () => {
  expect(answer(devin, "PreToolUse", "PreToolUse", { decision: "deny", reason: "no rm" })).toEqual({
    stdout: '{"decision":"block","reason":"no rm"}\n',
    exitCode: 0,
  });
  expect(answer(devin, "PermissionRequest", "PermissionRequest", { decision: "deny" })).toEqual(
    json({ decision: "deny", reason: "Blocked by the guard hook" }),
  );
});

test("an explicit allow is approve, without a reason", () => {
  expect(answer(devin, "PreToolUse", "PreToolUse", { decision: "allow", reason: "fine" })).toEqual(json({ decision: "approve" }));
});

test("a rewrite, an ask and context have no field here: silence, each loss reported", () => {
  expect(answer(devin, "PreToolUse", "PreToolUse", { updatedInput: { command: "ls" } })).toEqual({
    exitCode: 0,
    lost: ["modify → ignored (the original input is used)"],
  });
  expect(answer(devin, "PreToolUse", "PreToolUse", { decision: "ask", additionalContext: "x" })).toEqual({
    exitCode: 0,
    lost: ["ask → no opinion (the host's own permission flow)", "context → dropped (the host has no context channel here)"],
  });
});
