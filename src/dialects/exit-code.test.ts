import { expect, test } from "bun:test";
import { answer } from "./answer.testing.ts";
import { exitCodeDialect } from "./exit-code.ts";

// Kiro's capabilities (adapters/kiro.ts): it adds plain stdout to the context on these two events.
const kiro = exitCodeDialect("kiro", { SessionStart: ["context"], UserPromptSubmit: ["deny", "context"], PreToolUse: ["deny"] });

test("stdout is plain text to such hosts", () => {
  expect(kiro.stdout).toBe("text");
});

test("a deny is exit 2 with the reason on stderr and nothing on stdout", () => {
  expect(answer(kiro, "PreToolUse", "PreToolUse", { decision: "deny", reason: "no rm" })).toEqual({ exitCode: 2, stderr: "no rm\n" });
  expect(answer(kiro, "PreToolUse", "PreToolUse", { decision: "deny", reason: "" })).toEqual({ exitCode: 2, stderr: "Blocked by the guard hook\n" });
});

test("context is the text itself on stdout, never JSON", () => {
  expect(answer(kiro, "UserPromptSubmit", "UserPromptSubmit", { additionalContext: 'use "pnpm"' })).toEqual({ exitCode: 0, stdout: 'use "pnpm"\n' });
});

test("a deny wins over context: the host reads no stdout on exit 2", () => {
  expect(answer(kiro, "UserPromptSubmit", "UserPromptSubmit", { decision: "deny", reason: "secret", additionalContext: "why" })).toEqual({
    exitCode: 2,
    stderr: "secret\n",
  });
});

test("an allow, a rewrite or context where the host takes none: silence, the losses reported", () => {
  expect(answer(kiro, "PreToolUse", "PreToolUse", { decision: "allow" })).toEqual({ exitCode: 0 });
  expect(answer(kiro, "PreToolUse", "PreToolUse", { updatedInput: { command: "ls" }, additionalContext: "x" })).toEqual({
    exitCode: 0,
    lost: ["modify → ignored (the original input is used)", "context → dropped (the host has no context channel here)"],
  });
});

test("a host with no capabilities at all (Junie) ignores a deny, and says so", () => {
  const junie = exitCodeDialect("junie", {});
  // The reason falls back to context, which the host has no channel for either: both are reported.
  expect(answer(junie, "PreToolUse", "PreToolUse", { decision: "deny", reason: "no" })).toEqual({
    exitCode: 0,
    lost: ["deny → ignored (the host cannot block here)", "context → dropped (the host has no context channel here)"],
  });
});
