import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { parse } from "smol-toml";
import { specific } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { KIMI_EVENTS, KIMI_REPLIES, KIMI_SEEN, SOURCE, tomlHooks, tomlRefusals, USER_TOML } from "./kimi.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { KIMI, json, ownServer } from "./mcp.ts";

// Kimi Code 0.38.0, written from its source (test/fixtures/kimi-code/README.md).
const configPath = (box: Sandbox) => join(box.home, ".kimi-code", "config.toml");
const denied = (event: string) => specific(event, { permissionDecision: "deny", permissionDecisionReason: "R" });
// Kimi Code's shell tool is Bash.
const CODE_SOURCE = SOURCE.replace('matcher: "Shell"', 'matcher: "Bash"');
const FRESH = () =>
  tomlHooks("kimi-code", [{ event: "PreToolUse", matcher: "^(?:Bash)$" }, { event: "PostToolUse", matcher: "^(?:mcp__.*)$" }, { event: "Stop" }]);

export const kimiCode: HostRecord = {
  id: "kimi-code",
  mcp: {
    kind: "scopes",
    user: [".kimi-code/mcp.json", json({ mcpServers: KIMI })],
    project: [".kimi-code/mcp.json", json({ mcpServers: KIMI })],
    own: ownServer(["mcpServers"]),
  },
  fixtures: fromDocsEach([...KIMI_EVENTS, "PermissionRequest"]),
  // As Kimi CLI, plus UserPromptSubmit's context as `message` (other JSON would reach the model verbatim).
  replies: { ...KIMI_REPLIES, UserPromptSubmit: { deny: denied("UserPromptSubmit"), context: { message: "C" } }, PermissionRequest: {} },
  seen: {
    "PreToolUse: snake_case with Kimi Code's tool names": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "git push --force" },
        equals: (box) => ({
          hostPlatform: "kimi-code",
          connectorId: "test",
          sessionId: "kc-90b2",
          toolUseId: "tc_3",
          projectDir: box.project,
          toolName: "Bash",
          toolInput: { command: "git push --force" },
        }),
      },
    ],
    "a prompt sent as content parts is its text": [{ event: "UserPromptSubmit", matches: { prompt: "Push my branch" } }],
    "a failure's error payload gives its message": [{ event: "PostToolUseFailure", matches: { error: "remote rejected", toolUseId: "tc_3" } }],
    "the other events' fields": [
      ...KIMI_SEEN,
      { event: "PermissionRequest", matches: { toolName: "Bash", toolInput: { command: "git push --force" } } },
      { event: "PostToolUse", matches: { toolOutput: "Everything up-to-date" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "Bash" },
    cases: {
      "matcher: the whole tool name": [
        { event: "PreToolUse", reply: denied("PreToolUse") },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "BashOutput" }), reply: null },
      ],
    },
  },
  install: {
    kind: "hook-file",
    source: CODE_SOURCE,
    file: configPath,
    override: { name: "KIMI_CODE_HOME", file: (dir) => join(dir, "config.toml") },
    parse,
    fresh: FRESH,
    freshStderr: () => ["If your handlers return them, some responses degrade on Kimi Code: agent-connector explain shows which."],
    command: (written) => written.hooks[0].command,
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
    hooks: 3,
    existing: { text: USER_TOML, merged: () => `${USER_TOML}\n${FRESH()}` },
    refused: tomlRefusals(configPath),
    dryRun: ["+[[hooks]]", '+matcher = "^(?:mcp__.*)$"'],
    uninstallDryRun: () => `-command = "${hookCommand("kimi-code", "Stop")}"`,
  },
  extra: () => {
    describe("kimi-code: a config that loads", () => {
      test("every table we write has only the keys Kimi Code accepts (one more key and the whole config fails to load)", () => {
        const { box, install } = installSetup("kimi-code", CODE_SOURCE);
        box.write(configPath(box), USER_TOML);
        install();
        const { hooks } = parse(box.read(configPath(box))) as { hooks: Record<string, unknown>[] };
        const ours = hooks.filter((hook) => String(hook.command).includes("--connector guard"));
        expect(ours.length).toBe(3);
        for (const hook of ours) for (const key of Object.keys(hook)) expect(["event", "matcher", "command", "timeout"]).toContain(key);
      });

      test("native events: Kimi Code's own names pass, an unknown one is not written", () => {
        const { box, install } = installSetup(
          "kimi-code",
          `{ id: "guard", hooks: {}, platforms: { "kimi-code": { nativeHooks: { Interrupt: { handler: () => undefined }, Elicitation: { handler: () => undefined } } } } }`,
        );
        expect(install().stderr).toContain("Kimi Code has no Elicitation event");
        expect(box.read(configPath(box))).toBe(tomlHooks("kimi-code", [{ event: "Interrupt", native: true }]));
      });
    });
  },
};
