import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { topLevelPermissionDialect } from "./top-level-permission.ts";

// Copilot CLI's capabilities (adapters/copilot-cli.ts).
const copilot = topLevelPermissionDialect("copilot-cli", {
  SessionStart: ["context"],
  UserPromptSubmit: ["context"],
  PreToolUse: ["allow", "deny", "ask", "modify"],
  PermissionRequest: ["allow", "deny"],
  Stop: ["deny"],
  SubagentStop: ["deny"],
  PostToolUseFailure: ["context"],
  SubagentStart: ["context"],
  Notification: ["context"],
});

test("preToolUse: every key at the top level, camelCase", () => {
  expect(answer(copilot, "PreToolUse", "preToolUse", { decision: "deny", reason: "no rm" })).toEqual({
    stdout: '{"permissionDecision":"deny","permissionDecisionReason":"no rm"}\n',
    exitCode: 0,
  });
  expect(answer(copilot, "PreToolUse", "preToolUse", { decision: "ask", reason: "sure?" })).toEqual(
    json({ permissionDecision: "ask", permissionDecisionReason: "sure?" }),
  );
  expect(answer(copilot, "PreToolUse", "preToolUse", { decision: "allow" })).toEqual(json({ permissionDecision: "allow" }));
  // modifiedArgs goes with an allow only: a modify approves, said; an allow that rewrites is the same reply, asked for.
  expect(answer(copilot, "PreToolUse", "preToolUse", { updatedInput: { command: "ls" } })).toEqual({
    ...json({ permissionDecision: "allow", modifiedArgs: { command: "ls" } }),
    lost: ["modify → a rewrite that also approves the call: the host's own permission prompt for it is skipped"],
  });
  expect(answer(copilot, "PreToolUse", "preToolUse", { decision: "allow", updatedInput: { command: "ls" } })).toEqual(
    json({ permissionDecision: "allow", modifiedArgs: { command: "ls" } }),
  );
});

test("permissionRequest answers a behaviour; an ask there is Copilot's own flow, reported", () => {
  expect(answer(copilot, "PermissionRequest", "permissionRequest", { decision: "deny" })).toEqual(
    json({ behavior: "deny", message: "Blocked by the guard hook" }),
  );
  expect(answer(copilot, "PermissionRequest", "permissionRequest", { decision: "allow" })).toEqual(json({ behavior: "allow" }));
  expect(answer(copilot, "PermissionRequest", "permissionRequest", { decision: "ask" })).toEqual({
    exitCode: 0,
    lost: ["ask → no opinion (the host's own permission flow)"],
  });
});

test("a stop is refused with decision block; feedback events take additionalContext", () => {
  expect(answer(copilot, "Stop", "agentStop", { decision: "deny", reason: "tests fail" })).toEqual(json({ decision: "block", reason: "tests fail" }));
  expect(answer(copilot, "SessionStart", "sessionStart", { additionalContext: "hi" })).toEqual(json({ additionalContext: "hi" }));
});

test("a subagent start cannot be blocked: the reason reaches the subagent as context", () => {
  expect(answer(copilot, "SubagentStart", "subagentStart", { decision: "deny", reason: "not now" })).toEqual({
    ...json({ additionalContext: "not now" }),
    lost: ["deny → context carrying the reason"],
  });
});
