import { afterAll, describe, expect, test } from "bun:test";
import { sandbox } from "../support/harness.ts";
import { claudeDeny, configWithHandler, LOADS, prePayload } from "./support.ts";

/** The four ways a deny used to be lost, and payloads with odd types in fields the handler may not use. */
const box = sandbox();

const HANDLERS: Record<string, { handler: string; reason: string }> = {
  "a reason getter that throws": { handler: "() => ({ decision: 'deny', get reason() { throw new Error('boom'); } })", reason: "Blocked by the test hook" },
  "a Proxy whose ownKeys throws": { handler: "() => new Proxy({ decision: 'deny', reason: 'no' }, { ownKeys() { throw new Error('boom'); } })", reason: "no" },
  "a stray setImmediate throw during an async handler": {
    handler: "async () => { setImmediate(() => { throw new Error('stray'); }); await Bun.sleep(30); return { decision: 'deny', reason: 'no' }; }",
    reason: "no",
  },
  "a stray rejected promise during an async handler": {
    handler: "async () => { Promise.reject(new Error('stray')); await Bun.sleep(10); return { decision: 'deny', reason: 'no' }; }",
    reason: "no",
  },
  "an updatedInput whose toJSON throws next to a deny": {
    handler: "() => ({ decision: 'deny', reason: 'no', updatedInput: { toJSON() { throw new Error('boom'); } } })",
    reason: "no",
  },
};

const ODD_PAYLOADS: Record<string, Record<string, unknown>> = {
  "session_id: {}": { session_id: {} },
  "cwd: 5": { cwd: 5 },
  "session_id: null, cwd: []": { session_id: null, cwd: [] },
  "permission_mode: 7, transcript_path: {}": { permission_mode: 7, transcript_path: {} },
  "tool_input: 5": { tool_input: 5 },
  "tool_input: a string that is not JSON": { tool_input: "rm -rf /" },
};

describe.each(Object.entries(LOADS))("a deliberate deny is never lost (%s)", (_load, load) => {
  for (const [name, { handler, reason }] of Object.entries(HANDLERS)) {
    test(name, () => {
      const config = configWithHandler(box, handler, "", `deny-${name.replace(/\W+/g, "-")}.config.ts`);
      const result = box.hook("claude-code", "PreToolUse", prePayload(), load(box, config));
      expect(result.stdout).toBe(claudeDeny(reason));
      expect(result.exitCode).toBe(0);
    });
  }
});

describe("odd types in unrelated payload fields: the handler still runs", () => {
  const config = configWithHandler(box, "() => ({ decision: 'deny', reason: 'no' })", "", "odd-payload.config.ts");
  for (const [name, extra] of Object.entries(ODD_PAYLOADS)) {
    test(name, () => expect(box.hook("claude-code", "PreToolUse", prePayload(extra), { config }).stdout).toBe(claudeDeny("no")));
  }
  test("a tool event without a tool name fails open (the event means nothing without it)", () => {
    const result = box.hook("claude-code", "PreToolUse", prePayload({ tool_name: {} }), { config });
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("fail-open");
  });
});

afterAll(() =>
  console.log(`reliability/deny-kept: ${Object.keys(HANDLERS).length} hostile handler answers, ${Object.keys(ODD_PAYLOADS).length + 1} odd payload kinds`),
);
