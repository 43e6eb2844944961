import { beforeAll, describe, expect, test } from "bun:test";
import { ADAPTERS } from "../../adapters/index.ts";
import type { EventName } from "../../src/events.ts";
import { recordOf, recordPayload } from "../hosts-data/lookup.ts";
import { sandbox, writeConfig, type Sandbox } from "../support/harness.ts";
import { isFailOpen } from "./support.ts";

/**
 * Hosts whose only control channel is the exit code (a deny is exit 2, docs/hosts/<id>.md): the
 * hook's one deliberate non-zero exit. A handler bug (a throw, a hang, process.exit(2), an answer
 * that is no answer) must never become that exit 2: it fails open with exit 0.
 * The hosts are every adapter of the exit-code dialect, so a new one is checked without a list to
 * keep; each is called on PreToolUse where it has it (where a deny is exit 2), else on its first event.
 */
const HOSTS = ADAPTERS.filter((adapter) => adapter.dialect.family === "exit-code").map((adapter) => {
  const events = Object.keys(adapter.events) as EventName[];
  return { id: adapter.id, record: recordOf(adapter.id), event: events.includes("PreToolUse") ? "PreToolUse" : events[0]! };
});
const EVENTS = [...new Set(HOSTS.map((host) => host.event))];

const HANDLERS = {
  throws: { handler: `() => { throw new Error("boom"); }`, why: "handler threw: boom" },
  rejects: { handler: `async () => { throw new Error("late boom"); }`, why: "handler threw" },
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
    const hooks = EVENTS.map((event) => `${event}: { handler: ${handler} }`).join(", ");
    configs[name] = writeConfig(box, `{ id: "test", timeout: 2, hooks: { ${hooks} } }`, `cfg-${name.replace(/\W+/g, "-")}.ts`);
  }
  configs.deny = writeConfig(box, `{ id: "test", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "no" }) } } }`, "cfg-deny.ts");
});

test("the exit-code hosts are found in the adapters (Mux's tool_pre among them)", () => {
  expect(HOSTS.map((host) => host.id)).toContain("mux");
});

for (const { id, record, event } of HOSTS) {
  describe(`${id}: a handler bug is exit 0, never the exit 2 of a deny`, () => {
    for (const [name, { why }] of Object.entries(HANDLERS)) {
      test(`a handler that ${name}`, () => {
        const result = box.hook(id, event, recordPayload(record, event, box), { config: configs[name]! });
        expect(result.exitCode).toBe(0);
        expect(isFailOpen(result, why)).toBe(true);
      });
    }
    if (event === "PreToolUse") {
      test("while a deliberate deny is exit 2 with the reason on stderr", () => {
        const result = box.hook(id, event, recordPayload(record, event, box), { config: configs.deny! });
        expect({ exitCode: result.exitCode, stderr: result.stderr, stdout: result.stdout }).toEqual({ exitCode: 2, stderr: "no\n", stdout: "" });
      });
    }
  });
}
