import { describe, expect, test } from "bun:test";
import { generous } from "./support/budget.ts";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { BIN, fixturePayload, sandbox, stdoutJson, writeConfig, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { loadPlugin, type Json } from "./support/plugin-host.ts";
import { installSetup } from "./support/install.ts";
import pkg from "../package.json" with { type: "json" };

/**
 * OpenCode: the generated plugin module driven the way OpenCode drives it (real captured
 * arguments, test/fixtures/opencode), then install/uninstall. The binary's replies per event and
 * the normalized events are in test/hosts-data/opencode.ts.
 */

const SID = "ses_dd613ea15ffeDQunEhIKBC638o";
const CAPTURED: Record<string, string> = {
  SessionStart: "event.session.created",
  UserPromptSubmit: "chat.message",
  PreToolUse: "tool.execute.before",
  PostToolUse: "tool.execute.after",
  Stop: "event.session.idle",
};
const FIXTURES: Record<string, string> = {
  PreCompact: "experimental.session.compacting",
  PostCompact: "event.session.compacted",
  PostToolUseFailure: "event.message.part.updated.tool-error",
};
const payload = (event: string, box?: Sandbox): Json =>
  CAPTURED[event] ? fixturePayload("opencode", CAPTURED[event]!, box) : fixturePayload("opencode", FIXTURES[event]!, box);

const userModule = (box: Sandbox, id = "test") => join(box.home, ".config", "opencode", "plugins", `agent-connector-${id}-opencode.ts`);
const respondWith = (response: unknown) => ({ AC_TEST_RESPONSE: JSON.stringify(response) });
const deny = { decision: "deny", reason: "no shell" };

/** A sandbox with `config` installed for OpenCode (user scope) and its module loaded. */
async function installed(write: (box: Sandbox) => string = (box) => writeScriptedConfig(box)) {
  const box = sandbox();
  const config = write(box);
  const result = box.cli(["install", "--config", config, "--platform", "opencode"]);
  expect(result.exitCode).toBe(0);
  return { box, config, file: userModule(box), host: await loadPlugin(box, userModule(box)) };
}

describe("opencode: the generated module, called as OpenCode calls it", () => {
  test("deny: tool.execute.before throws the reason; the arguments stay as they were", async () => {
    const { box, host } = await installed();
    const call = payload("PreToolUse", box);
    const before = structuredClone(call.output);
    const outcome = await host.call(call, respondWith(deny));
    expect(outcome.threw).toBe("no shell");
    expect(outcome.output).toEqual(before);
  });

  test("no opinion: the call goes on untouched", async () => {
    const { box, host } = await installed();
    const call = payload("PreToolUse", box);
    const before = structuredClone(call.output);
    expect(await host.call(call)).toEqual({ input: call.input, output: before });
  });

  test("modify: the host's own args object is rewritten in place (full replacement)", async () => {
    const { box, host } = await installed();
    const call = payload("PreToolUse", box);
    const args = call.output.args;
    const outcome = await host.call(call, respondWith({ decision: "modify", updatedInput: { command: "echo safe" } }));
    expect(outcome.threw).toBeUndefined();
    expect(outcome.output.args).toBe(args);
    expect(args).toEqual({ command: "echo safe" });
  });

  test("updatedOutput: the model's output and the displayed output are replaced", async () => {
    const { box, host } = await installed();
    const call = payload("PostToolUse", box);
    const outcome = await host.call(call, respondWith({ updatedOutput: "redacted" }));
    expect(outcome.output).toEqual({ title: "echo hi | tee tool-ran.marker", metadata: { output: "redacted", exit: 0, truncated: false }, output: "redacted" });
  });

  test("PostToolUse context and deny are appended to the output the model reads", async () => {
    const { box, host } = await installed();
    const outcome = await host.call(payload("PostToolUse", box), respondWith({ decision: "deny", reason: "do not trust this", additionalContext: "C" }));
    expect(outcome.threw).toBeUndefined();
    expect(outcome.output.output).toBe("hi\n\n\ndo not trust this\n\nC");
  });

  test("SessionStart: runs once per session; its context is in every system prompt", async () => {
    const { box, host } = await installed();
    await host.call(payload("SessionStart", box), respondWith({ additionalContext: "S1" }));
    const first = await host.run("experimental.chat.system.transform", { sessionID: SID }, { system: ["base"] }, respondWith({ additionalContext: "S2" }));
    const second = await host.run("experimental.chat.system.transform", { sessionID: SID }, { system: ["base"] });
    expect(first.output.system).toEqual(["base", "S1"]);
    expect(second.output.system).toEqual(["base", "S1"]);
  });

  test("SessionStart: a session seen first in a system prompt (no session.created) starts there", async () => {
    const { host } = await installed();
    const first = await host.run(
      "experimental.chat.system.transform",
      { sessionID: "ses_resumed" },
      { system: ["base"] },
      respondWith({ additionalContext: "S" }),
    );
    expect(first.output.system).toEqual(["base", "S"]);
    const other = await host.run("experimental.chat.system.transform", { sessionID: "ses_other" }, { system: ["base"] });
    expect(other.output.system).toEqual(["base"]);
  });

  test("UserPromptSubmit and PreToolUse context: in the system prompt of the session's later model calls", async () => {
    const { box, host } = await installed();
    const seen = join(box.root, "prompt.json");
    await host.call(payload("UserPromptSubmit", box), { ...respondWith({ additionalContext: "P" }), AC_TEST_SEEN: seen });
    expect(JSON.parse(box.read(seen))).toMatchObject({ prompt: '"Run echo hi using the bash tool."', projectDir: box.project, raw: { hook: "chat.message" } });
    await host.call(payload("PreToolUse", box), respondWith({ decision: "context", additionalContext: "T" }));
    await host.call(payload("UserPromptSubmit", box), respondWith({ additionalContext: "P" }));
    const transform = await host.run("experimental.chat.system.transform", { sessionID: SID }, { system: ["base"] });
    expect(transform.output.system).toEqual(["base", "P", "T"]);
  });

  test("sub-agent sessions: SubagentStart and SubagentStop in the parent's session; no SessionStart, UserPromptSubmit or Stop of their own", async () => {
    const { box, host } = await installed();
    const seen = join(box.root, "seen.json");
    const take = (): Json | undefined => {
      if (!box.exists(seen)) return undefined;
      const event = JSON.parse(box.read(seen));
      rmSync(seen);
      return event;
    };
    const created = payload("SessionStart", box);
    Object.assign(created.input.event.properties, { sessionID: "ses_child" });
    Object.assign(created.input.event.properties.info, { id: "ses_child", parentID: SID });
    await host.call(created, { AC_TEST_SEEN: seen });
    // agentId: only the sub-agent events have it.
    expect(take()).toMatchObject({ sessionId: SID, agentId: "ses_child", raw: { input: { event: { type: "session.created" } } } });
    await host.run("chat.message", { sessionID: "ses_child" }, { message: {}, parts: [{ type: "text", text: "sub task" }] }, { AC_TEST_SEEN: seen });
    await host.run("experimental.chat.system.transform", { sessionID: "ses_child" }, { system: [] }, { AC_TEST_SEEN: seen });
    expect(take()).toBeUndefined();
    await host.run("event", { event: { type: "session.idle", properties: { sessionID: "ses_child" } } }, undefined, { AC_TEST_SEEN: seen });
    expect(take()).toMatchObject({ sessionId: SID, agentId: "ses_child", raw: { input: { event: { type: "session.idle" } } } });
  });

  test("Stop (session.idle) is observed; a deny changes nothing", async () => {
    const { box, host } = await installed();
    const seen = join(box.root, "stop.json");
    const outcome = await host.call(payload("Stop", box), { ...respondWith(deny), AC_TEST_SEEN: seen });
    expect(outcome.threw).toBeUndefined();
    expect(JSON.parse(box.read(seen))).toMatchObject({ sessionId: SID, raw: { hook: "event" } });
  });

  test("PreCompact context joins the compaction prompt; PostCompact is observed", async () => {
    const { box, host } = await installed();
    const compacting = await host.call(payload("PreCompact", box), respondWith({ additionalContext: "keep the plan" }));
    expect(compacting.output).toEqual({ context: ["keep the plan"] });
    const seen = join(box.root, "compacted.json");
    await host.call(payload("PostCompact", box), { AC_TEST_SEEN: seen });
    expect(JSON.parse(box.read(seen))).toMatchObject({ sessionId: SID });
  });

  test("PostToolUseFailure: an errored tool part, except a call the connector denied", async () => {
    const { box, host } = await installed();
    const seen = join(box.root, "failure.json");
    await host.call(payload("PostToolUseFailure", box), { AC_TEST_SEEN: seen });
    expect(JSON.parse(box.read(seen))).toMatchObject({ toolName: "bash", error: "Command exited with code 1" });
    box.write(seen, "");
    const denied = payload("PreToolUse", box);
    denied.input.callID = "call_mock_2";
    expect((await host.call(denied, respondWith(deny))).threw).toBe("no shell");
    await host.call(payload("PostToolUseFailure", box), { AC_TEST_SEEN: seen });
    expect(box.read(seen)).toBe("");
  });

  test("matcher: our rule, whole tool name", async () => {
    const { box, host } = await installed((b) => writeScriptedConfig(b, { matchers: { PreToolUse: "ba", PostToolUse: "ba.*|read" } }));
    const seen = join(box.root, "seen.json");
    const pre = await host.call(payload("PreToolUse", box), { ...respondWith(deny), AC_TEST_SEEN: seen });
    expect(pre.threw).toBeUndefined();
    expect(box.exists(seen)).toBe(false);
    const post = await host.call(payload("PostToolUse", box), respondWith({ updatedOutput: "O" }));
    expect(post.output.output).toBe("O");
  });

  test("a host-only hook key of nativeHooks: the handler's object merged into the hook's output; nothing for no opinion", async () => {
    const { host } = await installed((box) =>
      writeConfig(
        box,
        `{ id: "test", platforms: { opencode: { nativeHooks: { "chat.params": { handler: (raw) => raw.input.agent === "build" ? { temperature: 0.1 } : undefined } } } } }`,
      ),
    );
    expect(Object.keys(host.hooks).sort()).toEqual(["chat.params", "event"]);
    const output = { temperature: 0.7, topP: 1 };
    await host.run("chat.params", { agent: "build", sessionID: SID }, output);
    expect(output).toEqual({ temperature: 0.1, topP: 1 });
    const untouched = { temperature: 0.7 };
    await host.run("chat.params", { agent: "plan", sessionID: SID }, untouched);
    expect(untouched).toEqual({ temperature: 0.7 });
  });

  test("the hooks it returns: those the wired events need", async () => {
    const { host } = await installed();
    expect(Object.keys(host.hooks).sort()).toEqual([
      "chat.message",
      "event",
      "experimental.chat.system.transform",
      "experimental.session.compacting",
      "tool.execute.after",
      "tool.execute.before",
    ]);
  });
});

describe("opencode: fail-open (the host's call goes on)", () => {
  const FAILING = `{
    id: "test",
    timeout: 2,
    hooks: {
      PreToolUse: {
        handler: () => {
          const mode = process.env.AC_MODE;
          if (mode === "throw") throw new Error("boom");
          if (mode === "hang") return new Promise(() => {});
          if (mode === "loop") for (;;) {}
          if (mode === "exit") process.exit(7);
          if (mode === "garbage") return { decision: "maybe", reason: 42 };
          if (mode === "sloppy-deny") return { decision: "deny", reason: "kept", extra: true };
        },
      },
    },
  }`;

  for (const mode of ["throw", "hang", "loop", "exit", "garbage"]) {
    test(`handler ${mode}: no throw, arguments untouched`, async () => {
      const { box, host } = await installed((b) => writeConfig(b, FAILING));
      const call = payload("PreToolUse", box);
      const before = structuredClone(call.output);
      const started = performance.now();
      const outcome = await host.call(call, { AC_MODE: mode });
      expect(outcome).toEqual({ input: call.input, output: before });
      // The binary's budget (timeout − 1 s), or for a busy loop the module's kill at the timeout.
      expect(performance.now() - started).toBeLessThan(generous(4000));
    });
  }

  test("a garbled response that says deny is still a deny", async () => {
    const { box, host } = await installed((b) => writeConfig(b, FAILING));
    expect((await host.call(payload("PreToolUse", box), { AC_MODE: "sloppy-deny" })).threw).toBe("kept");
  });

  test("the worker cannot start and the binary is gone: the call goes on and the hook log says why", async () => {
    const { box, file } = await installed();
    const text = box.read(file).replace(JSON.stringify(BIN), JSON.stringify(join(box.root, "missing", "agent-connector")));
    box.write(file, text.replace(/"runtime": "[^"]+"/, `"runtime": ${JSON.stringify(join(box.root, "missing", "worker.cjs"))}`));
    const host = await loadPlugin(box, file);
    const call = payload("PreToolUse", box);
    expect((await host.call(call, respondWith(deny))).threw).toBeUndefined();
    expect(box.read(join(box.home, ".agent-connector", "logs", "hook.log"))).toContain("opencode plugin (test): PreToolUse:");
  });

  test("a hook log line of the module is one line, whatever the failure's text holds (src/one-line.ts)", async () => {
    const { box, file } = await installed();
    const missing = join(box.root, "gone\r2026-01-01T00:00:00.000Z forged\u2028\u0085\u001b[2K");
    const text = box.read(file).replace(JSON.stringify(BIN), JSON.stringify(join(missing, "agent-connector")));
    box.write(file, text.replace(/"runtime": "[^"]+"/, `"runtime": ${JSON.stringify(join(missing, "worker.cjs"))}`));
    const host = await loadPlugin(box, file);
    await host.call(payload("PreToolUse", box), respondWith(deny));
    const log = box.read(join(box.home, ".agent-connector", "logs", "hook.log"));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for.
    expect(log).not.toMatch(/[\r\u2028\u0085\u001b]/);
    expect(log).toContain("gone\\r2026-01-01T00:00:00.000Z forged\\u2028\\u0085\\u001b[2K");
  });

  test("arguments the module does not expect never make it throw", async () => {
    const { host } = await installed();
    for (const name of Object.keys(host.hooks)) {
      for (const [input, output] of [
        [undefined, undefined],
        [null, {}],
        [{ event: { type: "session.created", properties: null } }, null],
      ]) {
        expect((await host.run(name, input as Json, output as Json)).threw).toBeUndefined();
      }
    }
  });
});

describe("opencode: install and uninstall", () => {
  const CONFIG = `{
    id: "guard",
    hooks: {
      PreToolUse: { matcher: "bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
      PostToolUse: { handler: () => undefined },
      PermissionRequest: { handler: () => ({ decision: "allow" }) },
    },
  }`;
  const guardModule = (box: Sandbox) => userModule(box, "guard");
  const setup = () => installSetup("opencode", CONFIG);

  test("user scope: one module in ~/.config/opencode/plugins, with a header; PermissionRequest not claimed", () => {
    const { box, install } = setup();
    const result = install("--json");
    expect(result.exitCode).toBe(0);
    const [host] = (stdoutJson(result) as { results: Json[] }).results;
    expect(host).toMatchObject({
      platform: "opencode",
      paradigm: "ts-plugin",
      status: "installed",
      file: guardModule(box),
      wired: [
        { event: "PreToolUse", nativeEvent: "tool.execute.before", matcher: "runtime" },
        { event: "PostToolUse", nativeEvent: "tool.execute.after", matcher: "all" },
      ],
      unavailable: ["PermissionRequest"],
    });
    expect(host!.warnings).toContain("OpenCode has no PermissionRequest event: this handler never runs there.");
    expect(host!.degradations).toContainEqual({ event: "PreToolUse", from: "ask", to: "no opinion (the host's own permission flow)", certain: false });
    const text = box.read(guardModule(box));
    expect(text.split("\n")[0]).toBe(`// Generated by agent-connector ${pkg.version} for connector "guard" on OpenCode. Do not edit:`);
    expect(text).toContain(`"command": [\n    ${JSON.stringify(BIN)},\n    "hook",\n    "opencode"\n  ]`);
    expect(text).toContain(`"events": {\n    "PreToolUse": "^(?:bash)$",\n    "PostToolUse": ""\n  }`);
  });

  test("the module needs nothing installed: only node builtins at run time, no @opencode-ai/plugin", () => {
    const { box, install } = setup();
    install();
    const imports = box.read(guardModule(box)).match(/^import .*$/gm) ?? [];
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/ from "node:[a-z_]+";$/);
  });

  test("installing twice: same bytes, reported up to date", () => {
    const { box, install } = setup();
    install();
    const once = box.read(guardModule(box));
    const again = install();
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain("already up to date");
    expect(box.read(guardModule(box))).toBe(once);
  });

  test("--dry-run prints the module as a diff and writes nothing", () => {
    const { box, install } = setup();
    const result = install("--dry-run");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`+++ ${guardModule(box)}`);
    expect(result.stdout).toContain(`+// Generated by agent-connector ${pkg.version} for connector "guard"`);
    expect(box.exists(guardModule(box))).toBe(false);
    expect(box.exists(join(box.home, ".config"))).toBe(false);
  });

  test("uninstall deletes the module and nothing else (the host's own files stay)", () => {
    const { box, install, uninstall } = setup();
    install();
    const hostFiles = join(box.home, ".config", "opencode");
    box.write(join(hostFiles, "package.json"), `{"dependencies":{"@opencode-ai/plugin":"1.18.33"}}`);
    box.write(join(hostFiles, "plugins", "mine.ts"), "export const Mine = async () => ({});\n");
    const dry = uninstall("--dry-run");
    expect(dry.exitCode).toBe(0);
    expect(box.exists(guardModule(box))).toBe(true);
    const result = uninstall();
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("removed 2 hooks");
    expect(box.exists(guardModule(box))).toBe(false);
    expect(box.read(join(hostFiles, "plugins", "mine.ts"))).toBe("export const Mine = async () => ({});\n");
    expect(box.exists(join(hostFiles, "package.json"))).toBe(true);
    const registry = JSON.parse(box.read(join(box.home, ".agent-connector", "registry.json")));
    expect(registry.connectors.guard).toBeUndefined();
  });

  test("uninstall without a registry entry finds the module by host and scope", () => {
    const { box, install, uninstall } = setup();
    install();
    box.write(join(box.home, ".agent-connector", "registry.json"), `{"version":1,"connectors":{}}`);
    expect(uninstall().exitCode).toBe(0);
    expect(box.exists(guardModule(box))).toBe(false);
  });

  test("a config left with no event OpenCode has: the module goes", () => {
    const { box, config, install } = setup();
    install();
    box.write(
      config,
      `import { defineConnector } from "agent-connector";\nexport default defineConnector({ id: "guard", hooks: { Notification: { handler: () => undefined } } });\n`,
    );
    const result = install("--json");
    expect(result.exitCode).toBe(0);
    expect((stdoutJson(result) as { results: Json[] }).results[0]).toMatchObject({ status: "installed", unavailable: ["Notification"] });
    expect(box.exists(guardModule(box))).toBe(false);
  });

  test("a file of someone else's at our path is never overwritten (exit 4)", () => {
    const { box, install } = setup();
    box.write(guardModule(box), "export const Theirs = async () => ({});\n");
    const result = install();
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain("was not generated by agent-connector");
    expect(box.read(guardModule(box))).toBe("export const Theirs = async () => ({});\n");
  });

  test("the installed module answers through the installed binary (no source tree needed)", async () => {
    const { box, install } = setup();
    install();
    const host = await loadPlugin(box, guardModule(box));
    expect((await host.call(payload("PreToolUse", box))).threw).toBe("no shell");
    expect(existsSync(BIN) && readFileSync(guardModule(box), "utf8").includes(BIN)).toBe(true);
  });
});
