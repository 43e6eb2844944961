import { expect, test } from "bun:test";
import type { HookResponse } from "../events.ts";
import { parseHandlerResult } from "./response.ts";

test("nothing returned is no opinion", () => {
  expect(parseHandlerResult(undefined)).toEqual({ ok: true, response: undefined });
  expect(parseHandlerResult(null)).toEqual({ ok: true, response: undefined });
});

test("a valid response is kept as written", () => {
  const response: HookResponse = { decision: "modify", updatedInput: { command: "ls" }, updatedTool: { command: "ls", filePaths: ["a"] }, reason: "safer" };
  expect(parseHandlerResult(response)).toEqual({ ok: true, response });
});

test("a bad decision is an error that names the field, the value it got and what was meant", () => {
  expect(parseHandlerResult({ decision: "block" })).toEqual({
    ok: false,
    problem:
      'handler returned an invalid response: decision: "block" is not a decision; did you mean "deny"? (decisions: "allow", "deny", "modify", "context", "ask")',
  });
});

test("an unknown key, or an unknown updatedTool field, is named", () => {
  expect(parseHandlerResult({ decison: "deny" })).toEqual({
    ok: false,
    problem: 'handler returned an invalid response: decison: Invalid key: Expected never but received "decison"',
  });
  expect(parseHandlerResult({ updatedTool: { path: "a" } })).toEqual({
    ok: false,
    problem: 'handler returned an invalid response: updatedTool.path: unknown field "path": updatedTool takes command, cwd, filePaths, content, url, query',
  });
});

test("a value that is not an object is an error at the root", () => {
  expect(parseHandlerResult("deny")).toEqual({
    ok: false,
    problem: 'handler returned an invalid response: (root): Invalid type: Expected Object but received "deny"',
  });
});

test("a deliberate deny survives a sloppy field: kept with its reason, the problem still reported", () => {
  expect(parseHandlerResult({ decision: "deny", reason: "no rm", extra: 1 })).toEqual({
    ok: false,
    problem: 'handler returned an invalid response: extra: Invalid key: Expected never but received "extra"',
    response: { decision: "deny", reason: "no rm" },
  });
  // A reason that is not text is left out, the deny is not.
  expect(parseHandlerResult({ decision: "deny", reason: 5 })).toMatchObject({ ok: false, response: { decision: "deny", reason: undefined } });
});

test("continue: false + stopReason reads as a halt; a halt that is not { reason } is an invalid answer", () => {
  expect(parseHandlerResult({ continue: false, stopReason: "done" })).toEqual({ ok: true, response: { halt: { reason: "done" } } });
  expect(parseHandlerResult({ continue: true, systemMessage: "hi" })).toEqual({ ok: true, response: { systemMessage: "hi" } });
  const bad = parseHandlerResult({ halt: "stop" });
  expect(bad.ok).toBe(false);
  expect(parseHandlerResult({ stopReason: "x" }).ok).toBe(false);
});
