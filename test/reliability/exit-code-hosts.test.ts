import { beforeAll, describe, expect, test } from "bun:test";
import { fixturePayload, sandbox, writeConfig, type Sandbox } from "../support/harness.ts";
import { isFailOpen } from "./support.ts";

/**
 * Hosts whose only control channel is the exit code (a deny is exit 2, docs/hosts/<id>.md): the
 * hook's one deliberate non-zero exit. A handler bug (a throw, a hang, process.exit(2), an answer
 * that is no answer) must never become that exit 2: it fails open with exit 0.
 */
const HOSTS = [
  { id: "windsurf", event: "PreToolUse" },
  { id: "kiro", event: "PreToolUse" },
  { id: "amazon-q", event: "PreToolUse" },
  { id: "grok-cli", event: "PreToolUse" },
  { id: "junie", event: "SessionStart" },
] as const;

const HANDLERS = {
  throws: { handler: `() => { throw new Error("boom"); }`, why: "handler threw: boom" },
  "rejects": { handler: `async () => { throw new Error("late boom"); }`, why: "handler threw" },
  hangs: { handler: `() => new Promise(() => {})`, why: "did not answer within its time budget" },
  "busy-loops": { handler: `() => { for (;;) {} }`, why: "did not answer within its time budget" },
  "calls process.exit(2)": { handler: `() => process.exit(2)`, why: "handler called process.exit(2)" },
  "answers a decision that does not exist": { handler: `() => ({ decision: "block", reason: "R" })`, why: "decision" },
} as const;

let box: Sandbox;
const configs: Record<string, string> = {};

beforeAll(() => {
  box = sandbox();
  for (const [name, { handler }] of Object.entries(HANDLERS)) {
    configs[name] = writeConfig(box, `{ id: "test", timeout: 2, hooks: { PreToolUse: { handler: ${handler} }, SessionStart: { handler: ${handler} } } }`, `cfg-${name.replace(/\W+/g, "-")}.ts`);
  }
  configs.deny = writeConfig(box, `{ id: "test", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "no" }) } } }`, "cfg-deny.ts");
});

for (const { id, event } of HOSTS) {
  describe(`${id}: a handler bug is exit 0, never the exit 2 of a deny`, () => {
    for (const [name, { why }] of Object.entries(HANDLERS)) {
      test(`a handler that ${name}`, () => {
        const result = box.hook(id, event, fixturePayload(id, event, box), { config: configs[name]! });
        expect(result.exitCode).toBe(0);
        expect(isFailOpen(result, why)).toBe(true);
      });
    }
    if (event === "PreToolUse") {
      test("while a deliberate deny is exit 2 with the reason on stderr", () => {
        const result = box.hook(id, event, fixturePayload(id, event, box), { config: configs.deny! });
        expect({ exitCode: result.exitCode, stderr: result.stderr, stdout: result.stdout }).toEqual({ exitCode: 2, stderr: "no\n", stdout: "" });
      });
    }
  });
}
