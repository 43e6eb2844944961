import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { captured, fromDocs, type HostRecord, type Json } from "./record.ts";
import { fixturePayload, sandbox, writeConfig, writeScriptedConfig, type Sandbox } from "../support/harness.ts";
import { withEnv } from "../support/plugin-host.ts";

const base = { hostPlatform: "openclaw", connectorId: "test", sessionId: "conformance" };
const respondWith = (response: unknown) => ({ AC_TEST_RESPONSE: JSON.stringify(response) });
const PLUGIN = "agent-connector-test-openclaw";
const pluginDir = (box: Sandbox) => join(box.home, ".openclaw", "extensions", PLUGIN);
const configFile = (box: Sandbox) => join(box.home, ".openclaw", "openclaw.json");

let generation = 0;
/** OpenClaw's side: the entry's default export, `register(api)` with an `api.on` that records handlers. */
async function loadEntry(box: Sandbox) {
  const entry = (await import(`${join(pluginDir(box), "index.ts")}?generation=${++generation}`)).default;
  const handlers: Record<string, (event: Json, ctx: Json) => Promise<unknown>> = {};
  entry.register({ on: (hook: string, handler: (event: Json, ctx: Json) => Promise<unknown>) => (handlers[hook] = handler) });
  const emit = (hook: string, event: Json, ctx: Json, env: Record<string, string> = {}) => withEnv({ ...box.env, ...env }, () => handlers[hook]!(event, ctx));
  return { entry, handlers, emit };
}

export const openclaw: HostRecord = {
  id: "openclaw",
  mcp: { kind: "own-test", file: "test/mcp.test.ts" },
  fixtures: {
    UserPromptSubmit: captured("before_prompt_build"),
    PreToolUse: captured("before_tool_call"),
    PostToolUse: captured("after_tool_call"),
    Stop: captured("before_agent_finalize"),
    PostToolUseFailure: fromDocs("after_tool_call.error"),
    SessionStart: fromDocs("session_start"),
  },
  replies: {
    SessionStart: { deny: { context: "R" }, context: { context: "C" } },
    UserPromptSubmit: { deny: { context: "R" }, context: { context: "C" } },
    PreToolUse: { deny: { deny: "R" }, modify: { args: { command: "echo safe" } } },
    PostToolUse: {},
    PostToolUseFailure: {},
    Stop: {},
  },
  seen: {
    "PreToolUse and PostToolUse: tool, params, output and session": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: { ...base, toolName: "exec", toolInput: { command: "echo hi | tee tool-ran.marker" }, toolUseId: "call_mock_1" },
      },
      { event: "PostToolUse", matches: { ...base, toolName: "exec", toolOutput: "hi" } },
      { event: "PostToolUseFailure", matches: { ...base, toolName: "exec", toolUseId: "call_mock_2", error: "Command exited with code 1" } },
    ],
    "UserPromptSubmit: the prompt, the workspace as project; Stop: the last answer": [
      { event: "UserPromptSubmit", equals: (box) => ({ ...base, projectDir: box.project, prompt: "Run echo hi using the exec tool." }) },
      { event: "Stop", matches: { ...base, stopHookActive: false } },
    ],
  },
  missing: { events: ["Notification", "PermissionRequest"] },
  extra: (payload) => {
    describe("openclaw: the plugin folder and openclaw.json", () => {
      const setup = (config?: string) => {
        const box = sandbox();
        if (config !== undefined) box.write(configFile(box), config);
        const connector = writeScriptedConfig(box);
        const cli = (command: string, extra: string[] = []) =>
          box.cli([command, ...(command === "install" ? ["--config", connector] : ["--connector", "test"]), "--platform", "openclaw", ...extra]);
        return { box, cli };
      };

      test("install: entry, manifest and package.json in the plugin's folder; enabled with conversation access", () => {
        const { box, cli } = setup();
        expect(cli("install").exitCode).toBe(0);
        expect(readdirSync(pluginDir(box)).sort()).toEqual(["index.ts", "openclaw.plugin.json", "package.json"]);
        expect(JSON.parse(box.read(join(pluginDir(box), "openclaw.plugin.json")))).toMatchObject({ id: PLUGIN, configSchema: { type: "object" } });
        expect(JSON.parse(box.read(join(pluginDir(box), "package.json")))).toMatchObject({ name: PLUGIN, openclaw: { extensions: ["./index.ts"] } });
        // UserPromptSubmit and Stop hooks are conversation hooks.
        expect(JSON.parse(box.read(configFile(box)))).toEqual({
          plugins: { entries: { [PLUGIN]: { enabled: true, hooks: { allowConversationAccess: true } } } },
        });
        expect(cli("uninstall").exitCode).toBe(0);
        expect(box.exists(join(box.home, ".openclaw", "extensions"))).toBe(false);
        expect(box.exists(configFile(box))).toBe(false);
      });

      test("comments, trailing commas and the user's allowlist are kept; our id joins the allowlist and leaves it again", () => {
        const before = `// my OpenClaw config\n{\n  "plugins": {\n    "allow": ["mine"], // trusted only\n    "entries": { "mine": { "enabled": true } },\n  },\n}\n`;
        const { box, cli } = setup(before);
        expect(cli("install").exitCode).toBe(0);
        const after = box.read(configFile(box));
        expect(after).toContain("// my OpenClaw config");
        expect(after).toContain(`"allow": ["mine", "${PLUGIN}"], // trusted only`);
        expect(after).toContain(`"${PLUGIN}": {`);
        expect(cli("uninstall").exitCode).toBe(0);
        expect(box.read(configFile(box))).toBe(before);
      });

      test("no allowlist of the user's: none is created (it would switch off every other plugin)", () => {
        const { box, cli } = setup(`{ "gateway": { "port": 18789 } }\n`);
        expect(cli("install").exitCode).toBe(0);
        expect(JSON.parse(box.read(configFile(box))).plugins.allow).toBeUndefined();
      });

      test("only tool events: no conversation access asked", () => {
        const box = sandbox();
        const connector = writeConfig(box, `{ id: "test", hooks: { PreToolUse: { handler: () => undefined } } }`);
        expect(box.cli(["install", "--config", connector, "--platform", "openclaw"]).exitCode).toBe(0);
        expect(JSON.parse(box.read(configFile(box)))).toEqual({ plugins: { entries: { [PLUGIN]: { enabled: true } } } });
      });

      test("JSON5 beyond comments (unquoted keys): the plugin is written, the config kept, the step to do by hand said", () => {
        const before = `{ plugins: { entries: {} } }\n`;
        const { box, cli } = setup(before);
        const result = cli("install");
        expect(result.exitCode).toBe(0);
        expect(box.read(configFile(box))).toBe(before);
        expect(box.exists(join(pluginDir(box), "index.ts"))).toBe(true);
        expect(result.stderr).toContain(`set plugins.entries["${PLUGIN}"] to {"enabled":true,"hooks":{"allowConversationAccess":true}}`);
      });
    });

    describe("openclaw: the entry module, called as OpenClaw calls it", () => {
      async function installed() {
        const box = sandbox();
        expect(box.cli(["install", "--config", writeScriptedConfig(box), "--platform", "openclaw"]).exitCode).toBe(0);
        return { box, ...(await loadEntry(box)) };
      }
      const call = (host: Awaited<ReturnType<typeof installed>>, event: Parameters<typeof payload>[0], env?: Record<string, string>) => {
        const raw = payload(event, host.box);
        return { raw, result: host.emit(raw.hook, raw.event, raw.ctx, env) };
      };

      test("the default export: id, name, config schema, and the hooks the events need", async () => {
        const host = await installed();
        expect(host.entry).toMatchObject({ id: PLUGIN, configSchema: { type: "object", additionalProperties: false } });
        expect(Object.keys(host.handlers).sort()).toEqual([
          "after_compaction",
          "after_tool_call",
          "before_agent_finalize",
          "before_compaction",
          "before_prompt_build",
          "before_tool_call",
          "session_end",
          "session_start",
          "subagent_ended",
          "subagent_spawned",
        ]);
      });

      test("deny: { block, blockReason }; modify: { params }; no opinion: nothing", async () => {
        const host = await installed();
        expect(await call(host, "PreToolUse", respondWith({ decision: "deny", reason: "no shell" })).result).toEqual({ block: true, blockReason: "no shell" });
        expect(await call(host, "PreToolUse", respondWith({ decision: "modify", updatedInput: { command: "echo safe" } })).result).toEqual({
          params: { command: "echo safe" },
        });
        expect(await call(host, "PreToolUse").result).toBeUndefined();
      });

      test("the after_tool_call of a call we blocked is not a tool failure", async () => {
        const host = await installed();
        const seen = join(host.box.root, "seen.json");
        await call(host, "PreToolUse", respondWith({ decision: "deny", reason: "no shell" })).result;
        // As OpenClaw reports a blocked call: `error` is the block reason.
        const blocked = fixturePayload("openclaw", "after_tool_call.blocked", host.box) as Json;
        await host.emit("after_tool_call", blocked.event, blocked.ctx, { AC_TEST_SEEN: seen });
        expect(host.box.exists(seen)).toBe(false);
        await call(host, "PostToolUseFailure", { AC_TEST_SEEN: seen }).result;
        expect(JSON.parse(host.box.read(seen))).toMatchObject({ error: "Command exited with code 1" });
      });

      test("SessionStart (once) and UserPromptSubmit context: appendSystemContext of every prompt built in the session", async () => {
        const host = await installed();
        const first = await call(host, "UserPromptSubmit", respondWith({ additionalContext: "S" })).result;
        expect(first).toEqual({ appendSystemContext: "S" });
        const second = await call(host, "UserPromptSubmit", respondWith({ decision: "context", additionalContext: "P" })).result;
        expect(second).toEqual({ appendSystemContext: "S\n\nP" });
      });
    });
  },
};
