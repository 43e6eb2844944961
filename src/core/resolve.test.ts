import { expect, test } from "bun:test";
import type { Capabilities } from "../dialects/dialect.ts";
import { degradationsFor, extrasSummary, resolveResponse, responseCapabilities, type Degradation } from "./resolve.ts";

// A host shaped like Codex (adapters/codex.ts): no allow or ask on tools, no context on Stop.
const CAPS: Capabilities = {
  SessionStart: ["context"],
  UserPromptSubmit: ["deny", "context"],
  PreToolUse: ["deny", "modify", "context"],
  PostToolUse: ["deny", "context"],
  Stop: ["deny"],
  SubagentStart: ["context"],
};

const resolve = (event: Parameters<typeof resolveResponse>[0], response: Parameters<typeof resolveResponse>[1]) => {
  const lost: Degradation[] = [];
  return { out: resolveResponse(event, response, CAPS, lost), lost: lost.map((d) => `${d.event} ${d.from} → ${d.to}`) };
};

test("what the host honours passes through unchanged", () => {
  expect(resolve("PreToolUse", { decision: "deny", reason: "no", additionalContext: "c" })).toEqual({
    out: { decision: "deny", reason: "no", additionalContext: "c" },
    lost: [],
  });
  expect(resolve("PreToolUse", { updatedInput: { command: "ls" }, reason: "safer" })).toEqual({
    out: { decision: "modify", updatedInput: { command: "ls" }, reason: "safer" },
    lost: [],
  });
  expect(resolve("PreToolUse", undefined)).toEqual({ out: {}, lost: [] });
});

test("a deny that cannot block becomes context: the reason first, then the handler's context", () => {
  expect(resolve("SessionStart", { decision: "deny", reason: "not here", additionalContext: "see docs" })).toEqual({
    out: { additionalContext: "not here\n\nsee docs" },
    lost: ["SessionStart deny → context carrying the reason (the host cannot block here)"],
  });
  // On events that only feed back, that is what a deny means: no "cannot block" remark.
  expect(resolve("SubagentStart", { decision: "deny", reason: "x" }).lost).toEqual(["SubagentStart deny → context carrying the reason"]);
});

test("a new output the host cannot take becomes context after the handler's own", () => {
  expect(resolve("PostToolUse", { updatedOutput: "[redacted]", additionalContext: "note" })).toEqual({
    out: { additionalContext: "note\n\nThe tool output was replaced by a hook:\n[redacted]" },
    lost: ["PostToolUse updatedOutput → context carrying the new output"],
  });
});

test("with no context channel either, the reason is lost too, and both losses are reported", () => {
  expect(resolve("Stop", { decision: "ask" })).toEqual({ out: {}, lost: [] });
  expect(resolve("SessionEnd", { decision: "deny", reason: "r" })).toEqual({
    out: {},
    lost: ["SessionEnd deny → ignored (the host cannot block here)", "SessionEnd context → dropped (the host has no context channel here)"],
  });
});

test("an allow with no effect is silently no opinion; ask is the host's own flow, reported", () => {
  expect(resolve("PreToolUse", { decision: "allow", reason: "fine" })).toEqual({ out: {}, lost: [] });
  expect(resolve("PreToolUse", { decision: "ask", reason: "sure?" })).toEqual({
    out: {},
    lost: ["PreToolUse ask → no opinion (the host's own permission flow)"],
  });
});

test("an allow carrying a new input is a modify; a new output means nothing before the tool ran", () => {
  expect(resolve("PreToolUse", { decision: "allow", updatedInput: { command: "ls" } }).out).toEqual({ decision: "modify", updatedInput: { command: "ls" } });
  expect(resolve("PreToolUse", { updatedOutput: "x" })).toEqual({ out: {}, lost: [] });
});

test("the degradations of an event, in words, for install reports", () => {
  expect(degradationsFor("PreToolUse", CAPS)).toEqual([{ event: "PreToolUse", from: "ask", to: "no opinion (the host's own permission flow)" }]);
  expect(degradationsFor("PostToolUse", CAPS)).toEqual([{ event: "PostToolUse", from: "updatedOutput", to: "context carrying the new output" }]);
  expect(degradationsFor("Notification", CAPS)).toEqual([
    { event: "Notification", from: "deny", to: "ignored (the host cannot block here)" },
    { event: "Notification", from: "context", to: "dropped (the host has no context channel here)" },
  ]);
  expect(degradationsFor("PostToolUse", { PostToolUse: ["deny"] }).map((d) => d.to)).toEqual([
    "dropped (the host has no context channel here)",
    "ignored (the original output is kept)",
  ]);
});

test("what a fixed response needs from the host", () => {
  expect(responseCapabilities({ decision: "deny", additionalContext: "c" })).toEqual(["deny", "context"]);
  expect(responseCapabilities({ decision: "allow", updatedTool: { command: "ls" } })).toEqual(["allow", "modify"]);
  expect(responseCapabilities({ updatedTool: { command: "ls" } })).toEqual(["modify"]);
  expect(responseCapabilities({ additionalContext: "c", updatedOutput: "o" })).toEqual(["context", "updatedOutput"]);
  expect(responseCapabilities({})).toEqual([]);
});

test("halt, systemMessage and suppressOutput: taken where the host honours them, else declared", () => {
  const extras = { spelling: "universal", halt: ["Stop"], systemMessage: "all" } as const;
  const lost: Degradation[] = [];
  expect(resolveResponse("PreToolUse", { halt: { reason: "r" }, systemMessage: "m", suppressOutput: true }, CAPS, lost, undefined, extras)).toEqual({
    systemMessage: "m",
  });
  expect(lost.map((d) => d.from)).toEqual(["halt", "suppressOutput"]);
  expect(resolveResponse("Stop", { halt: {} }, CAPS, [], undefined, extras)).toEqual({ halt: {} });
  expect(degradationsFor("Stop", CAPS, { extras }, true).map((d) => d.from)).toEqual(["context", "suppressOutput"]);
  expect(degradationsFor("Stop", CAPS, { extras }).map((d) => d.from)).toEqual(["context"]);
  expect(extrasSummary(["Stop", "PreToolUse"], { extras })).toEqual([
    { field: "halt", honouredOn: ["Stop"], elsewhere: "ignored: the run goes on (the halt is recorded in the ledger)" },
    { field: "suppressOutput", honouredOn: [], elsewhere: "ignored (the host shows the hook's output as usual)" },
  ]);
  expect(responseCapabilities({ halt: {}, suppressOutput: false })).toEqual(["halt"]);
});
