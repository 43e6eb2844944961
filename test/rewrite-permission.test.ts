/**
 * A rewrite keeps the host's permission flow (issue 44 point 3), on the compiled binary, each call
 * both ways (answered by the daemon's worker, and in a process of its own), cases generated from
 * the adapters so a new host is covered by its adapter alone:
 * - `decision: "modify"` alone never approves: where the adapter says the host has a neutral rewrite,
 *   the reply differs from an approved rewrite's and explain declares nothing; where the host takes a
 *   new input only with an allow, the reply is that allow and explain declares it;
 * - `decision: "allow"` with a rewrite approves it; an ask with a rewrite asks about the rewritten
 *   call where the host can, and is declared and logged where it cannot;
 * - `event.host.can`, as a handler sees it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Adapter } from "../src/adapter.ts";
import { sandbox, writeConfig, type Sandbox } from "./support/harness.ts";
import { callingHosts, fixtureOf } from "./support/tool-calls.ts";
import { DAEMON_ON, LOADS } from "./reliability/support.ts";

const APPROVES = "modify → a rewrite that also approves the call: the host's own permission prompt for it is skipped";
const ASK_DROPS = "ask → the host asks about the original call: a rewrite given with the ask is dropped";

/** A connector (id "test", as LOADS compiles it) whose handler answers AC_TEST_RESPONSE and records `event.host` in AC_TEST_SEEN. */
const RECORDING = `{
  id: "test",
  hooks: {
    PreToolUse: {
      handler: (event) => {
        if (process.env.AC_TEST_SEEN) require("node:fs").writeFileSync(process.env.AC_TEST_SEEN, JSON.stringify(event.host ?? null));
        const response = process.env.AC_TEST_RESPONSE;
        return response ? JSON.parse(response) : undefined;
      },
    },
  },
}`;

type Load = { config?: string; connector?: string; env?: Record<string, string> };
const WAYS = ["daemon", "in-process"] as const;

let box: Sandbox;
const loads = {} as Record<(typeof WAYS)[number], Load>;
beforeAll(() => {
  box = sandbox();
  const config = writeConfig(box, RECORDING);
  loads["in-process"] = LOADS.source(box, config);
  loads.daemon = LOADS.daemon(box, config);
});
afterAll(() => {
  box.cli(["daemon", "stop"], { env: DAEMON_ON });
});

const seenFile = () => join(box.root, "seen.json");
function call(way: (typeof WAYS)[number], host: string, payload: unknown, response: unknown) {
  const load = loads[way];
  const result = box.hook(host, "PreToolUse", payload, {
    ...(load.config ? { config: load.config } : { connector: load.connector }),
    env: { ...load.env, AC_TEST_RESPONSE: JSON.stringify(response), AC_TEST_SEEN: seenFile() },
  });
  return { stdout: result.stdout, exitCode: result.exitCode };
}
const explained = (host: string) => box.cli(["explain", "--config", loads["in-process"].config!, "--platform", host]).stdout;
const hookLog = () =>
  box.exists(join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log")) ? box.read(join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log")) : "";
const out = (body: unknown) => `${JSON.stringify(body)}\n`;

/** An approval in a reply, in any host's words (permissionDecision, permission, decision, behavior). */
const APPROVAL = /"(permissionDecision|permission|decision|behavior)":"allow"/;
const rewriting = (a: Adapter) => (a.dialect.capabilities.PreToolUse ?? []).includes("modify");
const rewrite = { updatedTool: { command: "echo safe" } };

describe("modify alone never approves, on every host that takes a rewrite", () => {
  for (const adapter of callingHosts.filter(rewriting)) {
    const approves = adapter.dialect.rewrite?.alone === "approves";
    const canAllow = (adapter.dialect.capabilities.PreToolUse ?? []).includes("allow");
    for (const way of WAYS) {
      test(`${adapter.id}: ${approves ? "the host needs an allow: declared" : "no approval in the reply"} (${way})`, () => {
        const payload = fixtureOf(adapter, box)!;
        const modify = call(way, adapter.id, payload, { decision: "modify", ...rewrite });
        const allow = call(way, adapter.id, payload, { decision: "allow", ...rewrite });
        expect(modify.exitCode).toBe(0);
        expect(modify.stdout).toContain("echo safe");
        expect(allow.stdout).toContain("echo safe");
        const declared = explained(adapter.id).includes(`PreToolUse  ${APPROVES}`);
        // A host with no explicit allow (Gemini CLI, the plugin hosts…) has no approval to give: same reply.
        expect({ declared, sameAsApproved: modify.stdout === allow.stdout }).toEqual({ declared: approves, sameAsApproved: approves || !canAllow });
        // Whatever the reply shape, an allow in it is there only where declared.
        expect({ approval: APPROVAL.test(modify.stdout) }).toEqual({ approval: approves });
      });
    }
  }
});

const claude = callingHosts.find((a) => a.id === "claude-code")!;
const codex = callingHosts.find((a) => a.id === "codex")!;
const copilot = callingHosts.find((a) => a.id === "copilot-cli")!;
const vscode = callingHosts.find((a) => a.id === "vscode-copilot")!;
const newInput = { command: "ls" };

for (const way of WAYS) {
  describe(`exact replies (${way})`, () => {
    test("Claude Code and VS Code: modify is updatedInput alone; allow and ask go beside it", () => {
      for (const host of [claude, vscode]) {
        const payload = fixtureOf(host, box)!;
        const reply = (decision?: string) =>
          out({ hookSpecificOutput: { hookEventName: "PreToolUse", ...(decision ? { permissionDecision: decision } : {}), updatedInput: newInput } });
        expect(call(way, host.id, payload, { decision: "modify", updatedInput: newInput })).toEqual({ stdout: reply(), exitCode: 0 });
        expect(call(way, host.id, payload, { updatedInput: newInput })).toEqual({ stdout: reply(), exitCode: 0 });
        expect(call(way, host.id, payload, { decision: "allow", updatedInput: newInput })).toEqual({ stdout: reply("allow"), exitCode: 0 });
        expect(call(way, host.id, payload, { decision: "ask", updatedInput: newInput })).toEqual({ stdout: reply("ask"), exitCode: 0 });
      }
    });

    test("Codex takes a new input only with an allow: a modify is that allow, declared; an allow says the same", () => {
      const payload = fixtureOf(codex, box)!;
      const approved = out({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: newInput } });
      expect(call(way, "codex", payload, { decision: "modify", updatedInput: newInput })).toEqual({ stdout: approved, exitCode: 0 });
      expect(call(way, "codex", payload, { decision: "allow", updatedInput: newInput })).toEqual({ stdout: approved, exitCode: 0 });
      expect(explained("codex")).toContain(`codex  PreToolUse  ${APPROVES}`);
    });

    test("Copilot CLI cannot ask about a new input: the ask stands, the rewrite is dropped, logged and declared", () => {
      const payload = fixtureOf(copilot, box)!;
      expect(call(way, "copilot-cli", payload, { decision: "ask", reason: "sure?", updatedInput: newInput })).toEqual({
        stdout: out({ permissionDecision: "ask", permissionDecisionReason: "sure?" }),
        exitCode: 0,
      });
      expect(hookLog()).toContain(`copilot-cli cannot take ask on PreToolUse: the host asks about the original call`);
      expect(explained("copilot-cli")).toContain(`copilot-cli  PreToolUse  ${ASK_DROPS}`);
    });

    test("an allow with a rewrite the host cannot take approves nothing (Qwen Code PreToolUse)", () => {
      const qwen = callingHosts.find((a) => a.id === "qwen-code")!;
      expect(call(way, "qwen-code", fixtureOf(qwen, box)!, { decision: "allow", updatedInput: newInput })).toEqual({ stdout: "", exitCode: 0 });
    });

    test("event.host.can: what this host honours on this event", () => {
      call(way, "claude-code", fixtureOf(claude, box)!, undefined);
      expect(JSON.parse(box.read(seenFile()))).toEqual({
        id: "claude-code",
        can: {
          decisions: ["allow", "deny", "ask", "modify", "context"],
          fields: ["reason", "updatedInput", "updatedTool", "additionalContext", "halt", "systemMessage", "suppressOutput"],
          modify: "rewrite",
          askWithRewrite: true,
        },
      });
      call(way, "codex", fixtureOf(codex, box)!, undefined);
      expect(JSON.parse(box.read(seenFile()))).toEqual({
        id: "codex",
        can: {
          decisions: ["deny", "modify", "context"],
          fields: ["reason", "updatedInput", "updatedTool", "additionalContext", "systemMessage"],
          modify: "rewrite and approve",
          askWithRewrite: false,
        },
      });
    });
  });
}
