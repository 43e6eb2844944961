import { expect, test } from "bun:test";
import { answer, json } from "./answer.testing.ts";
import { clineDialect } from "./cline.ts";

// Cline's capabilities (adapters/cline.ts).
const cline = clineDialect("cline", { PreToolUse: ["deny", "modify", "context"], PostToolUse: ["context"] });

test("a deny is cancel:true with the reason as errorMessage", () => {
  expect(answer(cline, "PreToolUse", "PreToolUse", { decision: "deny", reason: "no rm" })).toEqual({
    stdout: '{"cancel":true,"errorMessage":"no rm"}\n',
    exitCode: 0,
  });
});

test("every other answer says cancel:false first", () => {
  expect(answer(cline, "PreToolUse", "PreToolUse", { updatedInput: { command: "ls" }, additionalContext: "note" })).toEqual(
    json({ cancel: false, overrideInput: { command: "ls" }, contextModification: "note" }),
  );
  expect(answer(cline, "PostToolUse", "PostToolUse", { additionalContext: "note" })).toEqual(json({ cancel: false, contextModification: "note" }));
});

test("no opinion prints nothing", () => {
  expect(answer(cline, "PreToolUse", "PreToolUse", { decision: "allow" })).toEqual({ exitCode: 0 });
});

test("after the tool ran a deny is context carrying the reason (a cancel there would end the run)", () => {
  expect(answer(cline, "PostToolUse", "PostToolUse", { decision: "deny", reason: "leaked a key" })).toEqual({
    ...json({ cancel: false, contextModification: "leaked a key" }),
    lost: ["deny → context carrying the reason (the host cannot block here)"],
  });
});
