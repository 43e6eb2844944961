import { expect, test } from "bun:test";
import { mergeAnswers, severalDefinitions } from "./several.ts";

test("one answer, or none, is passed on as it is", () => {
  expect(mergeAnswers([undefined, { decision: "deny", reason: "r" }, undefined])).toEqual({ decision: "deny", reason: "r" });
  expect(mergeAnswers([undefined, undefined])).toBeUndefined();
});

test("ask over modify over allow; the first reason of the winner; contexts in order", () => {
  expect(
    mergeAnswers([
      { decision: "allow", additionalContext: "1" },
      { decision: "modify", updatedInput: { a: 1 } },
      { decision: "ask", reason: "first" },
      { decision: "ask", reason: "second", additionalContext: "2" },
    ]),
  ).toEqual({ decision: "ask", reason: "first", additionalContext: "1\n\n2" });
});

test("contexts alone are a context; a rewrite without a decision is a modify, composed with the others", () => {
  expect(mergeAnswers([{ additionalContext: "a" }, { additionalContext: "b" }])).toEqual({ decision: "context", additionalContext: "a\n\nb" });
  expect(mergeAnswers([{ updatedTool: { command: "x" } }, { decision: "modify", updatedInput: { c: 1 }, updatedTool: { cwd: "/" } }])).toEqual({
    updatedTool: { command: "x", cwd: "/" },
    updatedInput: { c: 1 },
  });
});

test("an answer that is not an object is passed on, to be reported as the invalid answer it is", () => {
  expect(mergeAnswers([{ decision: "deny", reason: "r" }, "deny" as never])).toBe("deny" as never);
});

test("the definitions: the union of their matchers, the strictest onFailure, each matcher applied to its own", async () => {
  const seen: string[] = [];
  const one = severalDefinitions("PreToolUse", [
    { matcher: "Bash|Edit", handler: () => void seen.push("a") },
    { matcher: "@write", onFailure: "deny", handler: () => void seen.push("b") },
    { matcher: "Edit", onFailure: "allow", handler: () => void seen.push("c") },
  ]);
  expect([one.matcher, one.onFailure]).toEqual(["Bash|Edit|@write", "deny"]);
  await one.handler({ toolName: "Write", tool: { kind: "write" } } as never);
  await one.handler({ toolName: "Edit", tool: { kind: "edit" } } as never);
  expect(seen).toEqual(["b", "a", "c"]);
});

test("halt wins over every decision, with the first halt's reason; messages joined in order; suppressOutput if any asks", () => {
  expect(
    mergeAnswers([
      { decision: "deny", reason: "no", systemMessage: "one" },
      { continue: false, stopReason: "first" },
      { halt: { reason: "second" }, systemMessage: "two", suppressOutput: true },
    ]),
  ).toEqual({ decision: "deny", reason: "no", halt: { reason: "first" }, systemMessage: "one\ntwo", suppressOutput: true });
  expect(mergeAnswers([{ systemMessage: "a" }, { additionalContext: "c" }])).toEqual({ decision: "context", additionalContext: "c", systemMessage: "a" });
});
