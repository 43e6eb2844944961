import { beforeAll, describe, expect, test } from "bun:test";
import { generous } from "./support/budget.ts";
import { join } from "node:path";
import { fixturePayload, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";

/** A framework or handler bug never wedges the host: exit 0, no decision, one stderr line, a log line. */

let box: Sandbox;
const pre = () => fixturePayload("claude-code", "PreToolUse", box);
const logFile = () => join(box.home, ".agent-connector", "logs", "hook.log");

function configWith(handler: string, extra = ""): string {
  const name = `cfg-${Math.random().toString(36).slice(2)}.ts`;
  return writeConfig(box, `{ id: "test",${extra} hooks: { PreToolUse: { handler: ${handler} } } }`, name);
}

function expectFailOpen(result: { stdout: string; stderr: string; exitCode: number }, message: string) {
  expect(result.exitCode).toBe(0);
  expect(result.stdout).toBe("");
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
  expect(result.stderr).toContain(message);
  expect(result.stderr).toContain("allowed (fail-open)");
  expect(box.read(logFile())).toContain(message);
}

beforeAll(() => {
  box = sandbox();
});

describe("fail-open: bad input", () => {
  test("empty stdin", () => {
    expectFailOpen(box.hook("claude-code", "PreToolUse", "", { config: configWith("() => ({ decision: 'deny' })") }), "stdin is empty");
  });
  test("stdin that is not JSON", () => {
    expectFailOpen(box.hook("claude-code", "PreToolUse", "{not json", { config: configWith("() => ({ decision: 'deny' })") }), "stdin is not valid JSON");
  });
  test("stdin that is JSON but not an object", () => {
    expectFailOpen(box.hook("claude-code", "PreToolUse", "[1,2]", { config: configWith("() => ({ decision: 'deny' })") }), "stdin is not a JSON object");
  });
  test("a tool event without a tool name", () => {
    expectFailOpen(
      box.hook("claude-code", "PreToolUse", { session_id: "s", tool_input: {} }, { config: configWith("() => ({ decision: 'deny' })") }),
      "PreToolUse payload: toolName",
    );
  });
  test("unknown platform", () => {
    expectFailOpen(box.hook("no-such-host", "PreToolUse", pre(), { config: configWith("() => undefined") }), 'unknown platform "no-such-host"');
  });
  test("unknown event", () => {
    expectFailOpen(box.hook("claude-code", "BeforeLunch", pre(), { config: configWith("() => undefined") }), 'unknown event "BeforeLunch"');
  });
  test("connector not in the registry", () => {
    expectFailOpen(box.hook("claude-code", "PreToolUse", pre(), { connector: "ghost" }), 'connector "ghost" is not installed');
  });
  test("missing config file", () => {
    expectFailOpen(box.hook("claude-code", "PreToolUse", pre(), { config: join(box.root, "nope.ts") }), "file not found");
  });
  test("config with a syntax error", () => {
    const broken = box.write("broken.config.ts", "export default {{{");
    expectFailOpen(box.hook("claude-code", "PreToolUse", pre(), { config: broken }), "cannot be loaded");
  });
  test("config that fails validation", () => {
    const invalid = writeConfig(box, `{ id: "Bad Id", hooks: {} }`, "invalid.config.ts");
    expectFailOpen(box.hook("claude-code", "PreToolUse", pre(), { config: invalid }), "id: must match");
  });
  test("wrong words on the command line", () => {
    const result = box.cli(["hook", "claude-code"], { stdin: "{}" });
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
    expect(result.stderr).toContain("allowed (fail-open)");
  });
});

describe("fail-open: handler bugs", () => {
  test("handler throws", () => {
    expectFailOpen(box.hook("claude-code", "PreToolUse", pre(), { config: configWith("() => { throw new Error('boom') }") }), "handler threw: boom");
  });
  test("handler rejects", () => {
    expectFailOpen(
      box.hook("claude-code", "PreToolUse", pre(), { config: configWith("async () => { throw new Error('async boom') }") }),
      "handler threw: async boom",
    );
  });
  test("handler returns garbage", () => {
    expectFailOpen(
      box.hook("claude-code", "PreToolUse", pre(), { config: configWith("() => ({ decision: 'maybe' })") }),
      "handler returned an invalid response: decision",
    );
  });
  test("a decision in another host's words (Claude's block) fails open; the log names it and what was meant", () => {
    for (const [word, meant] of [
      ["block", "deny"],
      ["reject", "deny"],
      ["approve", "allow"],
      ["Deny", "deny"],
    ]) {
      expectFailOpen(
        box.hook("claude-code", "PreToolUse", pre(), { config: configWith(`() => ({ decision: "${word}", reason: "R" })`) }),
        `decision: "${word}" is not a decision; did you mean "${meant}"?`,
      );
    }
  });
  test("handler returns a non-object", () => {
    expectFailOpen(box.hook("claude-code", "PreToolUse", pre(), { config: configWith("() => 42") }), "handler returned an invalid response");
  });
  test("handler calls process.exit", () => {
    expectFailOpen(box.hook("claude-code", "PreToolUse", pre(), { config: configWith("() => { process.exit(3) }") }), "handler called process.exit(3)");
  });
  test("handler hangs: answered within the budget (timeout 2 s → 1 s)", () => {
    const started = performance.now();
    const result = box.hook("claude-code", "PreToolUse", pre(), { config: configWith("() => new Promise(() => {})", " timeout: 2,") });
    expect(performance.now() - started).toBeLessThan(generous(1900));
    expectFailOpen(result, "did not answer within its time budget");
  });
  test("handler throws from a timer after returning nothing", () => {
    expectFailOpen(
      box.hook("claude-code", "PreToolUse", pre(), { config: configWith("() => new Promise(() => setTimeout(() => { throw new Error('late') }, 10))") }),
      "handler threw: late",
    );
  });
});

describe("a deliberate deny is never lost", () => {
  test("deny with a stray field is kept", () => {
    const result = box.hook("claude-code", "PreToolUse", pre(), { config: configWith("() => ({ decision: 'deny', reason: 'no', colour: 'red' })") });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } })}\n`,
    );
  });
  test("deny with a non-string reason is kept with the default reason", () => {
    const result = box.hook("claude-code", "PreToolUse", pre(), { config: configWith("() => ({ decision: 'deny', reason: 42 })") });
    expect(result.stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "Blocked by the test hook" } })}\n`,
    );
  });
  test("deny followed by a late throw is kept", () => {
    const result = box.hook("claude-code", "PreToolUse", pre(), {
      config: configWith("() => { setTimeout(() => { throw new Error('after') }, 0); return { decision: 'deny', reason: 'first' } }"),
    });
    expect(result.stdout).toContain('"permissionDecision":"deny"');
  });
});

describe("stdout carries the host protocol only", () => {
  test("console.log in a handler goes to stderr", () => {
    const result = box.hook("claude-code", "PreToolUse", pre(), {
      config: configWith("() => { console.log('debug line'); return { decision: 'deny', reason: 'x' } }"),
    });
    expect(result.stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "x" } })}\n`,
    );
    expect(result.stderr).toContain("debug line");
  });
});

describe("native passthrough", () => {
  let config: string;
  beforeAll(() => {
    config = writeConfig(
      box,
      `{ id: "test", platforms: { "claude-code": { nativeHooks: {
        Elicitation: { handler: (raw: any) => ({ hookSpecificOutput: { hookEventName: "Elicitation", action: "decline", echo: raw.mcp_server_name } }) },
        TeammateIdle: { handler: () => undefined },
        TaskCompleted: { handler: () => { throw new Error("native boom") } },
      } } } }`,
      "native.config.ts",
    );
  });
  const raw = { hook_event_name: "Elicitation", session_id: "s", mcp_server_name: "memory" };

  test("raw payload in, the returned object verbatim out", () => {
    const result = box.hook("claude-code", "Elicitation", raw, { config, native: true });
    expect(result).toEqual({
      exitCode: 0,
      stderr: "",
      stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: "Elicitation", action: "decline", echo: "memory" } })}\n`,
    });
  });
  test("void → exit 0, no output", () => {
    expect(box.hook("claude-code", "TeammateIdle", raw, { config, native: true })).toEqual({ exitCode: 0, stderr: "", stdout: "" });
  });
  test("throw → fail open", () => {
    expectFailOpen(box.hook("claude-code", "TaskCompleted", raw, { config, native: true }), "handler threw: native boom");
  });
});

describe("fail-open: a broken registry", () => {
  test("a registry that is not JSON fails open and says what to do", () => {
    const broken = sandbox();
    broken.write(join(broken.home, ".agent-connector", "registry.json"), "{ nope");
    const result = broken.hook("claude-code", "PreToolUse", fixturePayload("claude-code", "PreToolUse", broken), { connector: "guard" });
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
    expect(result.stderr).toContain("the registry cannot be read");
    expect(result.stderr).toContain("reinstall the connector");
  });
});
