/**
 * Several definitions of one event (issue 47, point 1): `hooks.PreToolUse: [a, b, …]`, each with its
 * own matcher, handler and onFailure. The host is asked once (the matchers' union, native where the
 * host has matchers); each definition whose matcher matches runs, in order, and the answers merge:
 * deny over ask over modify over allow, the first reason given for the winning decision, contexts
 * joined in order, rewrites composed in order. Through the compiled binary both ways.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, stdoutJson, writeConfig, type Sandbox } from "./support/harness.ts";
import { BOTH_WAYS, daemonReady } from "./reliability/support.ts";
import { loadFor, stopDaemon, type Load } from "./support/both-ways.ts";

const GUARDS = `{
  id: "guards",
  hooks: {
    PreToolUse: [
      { matcher: "@shell", handler: (e) => ({ decision: "modify", updatedInput: { ...e.toolInput, command: e.toolInput.command + " # a" }, additionalContext: "A" }) },
      { matcher: "Bash", handler: (e) => ({ decision: "modify", updatedInput: { ...e.toolInput, command: e.toolInput.command + " # b" }, additionalContext: "B" }) },
      { matcher: "Write", handler: () => ({ decision: "deny", reason: "no writes" }) },
      { matcher: "Edit|Read", handler: () => ({ decision: "ask", reason: "ask first" }) },
      { matcher: "Edit", handler: () => ({ decision: "deny", reason: "no edits" }) },
      { matcher: "Edit", handler: () => ({ decision: "deny", reason: "a later reason" }) },
      { handler: () => ({ additionalContext: "D" }) },
    ],
    Stop: [
      { handler: () => ({ decision: "deny", reason: "run the tests" }) },
      { handler: () => { throw new Error("broken"); }, onFailure: "deny" },
    ],
  },
}`;

const call = (tool: string, input: Record<string, unknown>) => ({
  session_id: "s",
  cwd: "/p",
  hook_event_name: "PreToolUse",
  tool_name: tool,
  tool_input: input,
});
const pre = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });

for (const [way, wayEnv] of BOTH_WAYS) {
  describe(`several definitions of one event: one answer (${way})`, () => {
    let box: Sandbox;
    let load: Load;
    const daemon = way === "daemon";
    beforeAll(() => {
      box = sandbox();
      load = loadFor(box, writeConfig(box, GUARDS), "guards", daemon);
      if (daemon) daemonReady(box);
    });
    afterAll(() => stopDaemon(box, daemon));
    const hook = (event: string, payload: unknown) => {
      const result = box.hook("claude-code", event, payload, { ...load, env: daemon ? wayEnv : {} });
      expect([result.exitCode, result.stderr]).toEqual([0, ""]);
      return stdoutJson(result);
    };

    test("two rewrites compose in order; every context is kept, in order", () => {
      // Two modifies are still a modify: the host's neutral rewrite, no approval (rewrite-permission.test.ts).
      expect(hook("PreToolUse", fixturePayload("claude-code", "PreToolUse", box))).toEqual(
        pre({
          updatedInput: { command: "echo hi | tee tool-ran.marker # a # b", description: "Print hi" },
          additionalContext: "A\n\nB\n\nD",
        }),
      );
    });

    test("deny over ask over modify, with the first reason given for the winner; a definition that does not match does not run", () => {
      expect(hook("PreToolUse", call("Write", { file_path: "/p/x", content: "y" }))).toEqual(
        pre({ permissionDecision: "deny", permissionDecisionReason: "no writes", additionalContext: "D" }),
      );
      expect(hook("PreToolUse", call("Edit", { file_path: "/p/x", old_string: "a", new_string: "b" }))).toEqual(
        pre({ permissionDecision: "deny", permissionDecisionReason: "no edits", additionalContext: "D" }),
      );
      expect(hook("PreToolUse", call("Read", { file_path: "/p/x" }))).toEqual(
        pre({ permissionDecision: "ask", permissionDecisionReason: "ask first", additionalContext: "D" }),
      );
      expect(hook("PreToolUse", call("Glob", { pattern: "*" }))).toEqual(pre({ additionalContext: "D" }));
    });

    test("a definition that fails closed fails the event closed, whatever the others answered", () => {
      const result = box.hook("claude-code", "Stop", fixturePayload("claude-code", "Stop", box), { ...load, env: daemon ? wayEnv : {} });
      expect(result.exitCode).toBe(0);
      expect(stdoutJson(result)).toEqual({ decision: "block", reason: expect.stringContaining("broken") });
    });
  });
}

describe("install: the host is asked once, with the definitions' matchers as one", () => {
  const settings = (box: Sandbox) => JSON.parse(box.read(join(box.home, ".claude", "settings.json"))).hooks;
  const install = (source: string) => {
    const box = sandbox();
    const result = box.cli(["install", "--config", writeConfig(box, source), "--platform", "claude-code"]);
    expect(result.exitCode).toBe(0);
    return settings(box);
  };

  test("every definition has a matcher: their union, one entry", () => {
    const hooks = install(`{ id: "u", hooks: { PreToolUse: [
      { matcher: "Bash", handler: () => undefined },
      { matcher: "Write|Edit", handler: () => undefined },
      { matcher: "Bash", handler: () => undefined },
    ] } }`);
    expect(hooks.PreToolUse.map((g: { matcher?: string }) => g.matcher)).toEqual(["Bash|Write|Edit"]);
  });

  test("one definition matches everything: no matcher", () => {
    const hooks = install(`{ id: "u", hooks: { SessionStart: [{ matcher: "resume", handler: () => undefined }, { handler: () => undefined }] } }`);
    expect(hooks.SessionStart.map((g: { matcher?: string }) => g.matcher ?? null)).toEqual([null]);
  });
});

describe("a definition's error names its place in the list", () => {
  const error = (source: string) => {
    const box = sandbox();
    const file = writeConfig(box, source);
    const result = box.cli(["install", "--config", file, "--platform", "claude-code"]);
    expect(result.exitCode).toBe(3);
    return result.stderr.replace(`${file}: `, "").trim();
  };

  test("a bad matcher, a matcher where there is nothing to match, an empty list", () => {
    expect(error(`{ id: "e", hooks: { PreToolUse: [{ handler: () => undefined }, { matcher: "Bash(", handler: () => undefined }] } }`)).toStartWith(
      "[error] hooks.PreToolUse.1.matcher: not a valid regular expression",
    );
    expect(error(`{ id: "e", hooks: { UserPromptSubmit: [{ matcher: "x", handler: () => undefined }] } as any }`)).toStartWith(
      "[error] hooks.UserPromptSubmit.0.matcher: UserPromptSubmit has nothing to match against: remove this matcher",
    );
    expect(error(`{ id: "e", hooks: { Stop: [] } }`)).toBe("[error] hooks.Stop: must hold at least one definition");
  });
});
