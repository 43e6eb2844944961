import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { decisionReasonDialect } from "./decision-reason.ts";

// OpenHands' capabilities (adapters/openhands.ts) and Antigravity's (src/families/antigravity.ts).
const openhands = decisionReasonDialect("openhands", { UserPromptSubmit: ["deny", "context"], PreToolUse: ["deny"], Stop: ["deny"] });
const antigravity = decisionReasonDialect("antigravity", { PreToolUse: ["deny", "ask"] });

test("a deny is decision deny with its reason, on every event that can block", () => {
  expect(answer(openhands, "PreToolUse", "PreToolUse", { decision: "deny", reason: "no rm" })).toEqual({
    stdout: '{"decision":"deny","reason":"no rm"}\n',
    exitCode: 0,
  });
  expect(answer(openhands, "Stop", "Stop", { decision: "deny" })).toEqual(json({ decision: "deny", reason: "Blocked by the guard hook" }));
});

test("context sits beside the decision", () => {
  expect(answer(openhands, "UserPromptSubmit", "UserPromptSubmit", { decision: "deny", reason: "secret", additionalContext: "why" })).toEqual(
    json({ decision: "deny", reason: "secret", additionalContext: "why" }),
  );
});

test("an ask is written where the host takes it, with its reason only when given", () => {
  expect(answer(antigravity, "PreToolUse", "PreToolUse", { decision: "ask", reason: "sure?" })).toEqual(json({ decision: "ask", reason: "sure?" }));
  expect(answer(antigravity, "PreToolUse", "PreToolUse", { decision: "ask" })).toEqual(json({ decision: "ask" }));
  expect(answer(openhands, "PreToolUse", "PreToolUse", { decision: "ask" })).toEqual({
    exitCode: 0,
    lost: ["ask → no opinion (the host's own permission flow)"],
  });
});
