import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { kimiDialect } from "./kimi.ts";

// Kimi Code's capabilities (adapters/kimi-code.ts); Kimi CLI's lack the prompt context.
const kimiCode = kimiDialect("kimi-code", { PreToolUse: ["deny"], UserPromptSubmit: ["deny", "context"], Stop: ["deny"] });
const kimi = kimiDialect("kimi", { PreToolUse: ["deny"], UserPromptSubmit: ["deny"], Stop: ["deny"] });

test("a deny is the permission decision on every event, and carries no message", () => {
  expect(answer(kimiCode, "UserPromptSubmit", "UserPromptSubmit", { decision: "deny", reason: "secret", additionalContext: "why" })).toEqual({
    stdout: '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","permissionDecision":"deny","permissionDecisionReason":"secret"}}\n',
    exitCode: 0,
  });
  expect(answer(kimi, "Stop", "Stop", { decision: "deny" })).toEqual(
    json({ hookSpecificOutput: { hookEventName: "Stop", permissionDecision: "deny", permissionDecisionReason: "Blocked by the guard hook" } }),
  );
});

test("Kimi Code takes prompt context as message; Kimi CLI drops it and says so", () => {
  expect(answer(kimiCode, "UserPromptSubmit", "UserPromptSubmit", { additionalContext: "note" })).toEqual(json({ message: "note" }));
  expect(answer(kimi, "UserPromptSubmit", "UserPromptSubmit", { additionalContext: "note" })).toEqual({
    exitCode: 0,
    lost: ["context → dropped (the host has no context channel here)"],
  });
});
