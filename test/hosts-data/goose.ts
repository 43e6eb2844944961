import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { parse } from "yaml";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";

// goose, written from its hooks guide and hooks/mod.rs (test/fixtures/goose/README.md).
const pluginFolder = (base: string) => join(base, ".agents", "plugins", "agent-connector-guard");
const hooksPath = (box: Sandbox) => join(pluginFolder(box.home), "hooks", "hooks.json");
const configPath = (box: Sandbox) => join(box.home, ".config", "goose", "config.yaml");
const command = (event: string) => hookCommand("goose", event);
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "@shell", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
  },
}`;
const group = (event: string, matcher?: string) => ({ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command: command(event), timeout: 30 }] });
const FRESH = `${JSON.stringify({ hooks: { PreToolUse: [group("PreToolUse", "^(?:shell)$")], Stop: [group("Stop")] } }, null, 2)}\n`;
const block = { decision: "block", reason: "R" };

export const goose: HostRecord = {
  id: "goose",
  mcp: { kind: "own-test", file: "test/hosts-data/goose.ts" },
  fixtures: fromDocsEach(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop"]),
  // Only PreToolUse and Stop read a decision, `{"decision": "block"}`; nothing reads context.
  replies: {
    SessionStart: {},
    SessionEnd: {},
    UserPromptSubmit: {},
    PreToolUse: { deny: block },
    PostToolUse: {},
    PostToolUseFailure: {},
    Stop: { deny: block },
  },
  seen: {
    "PreToolUse: the project is working_dir, the tool use tool_call_id": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "git push --force" },
        equals: (box) => ({
          hostPlatform: "goose",
          connectorId: "test",
          sessionId: "20261201_4",
          toolUseId: "call_17",
          projectDir: box.project,
          toolName: "shell",
          toolInput: { command: "git push --force" },
        }),
      },
    ],
    "the other events' fields": [
      { event: "UserPromptSubmit", matches: { prompt: "Push my branch" } },
      { event: "PostToolUse", matches: { toolName: "shell", toolOutput: "nothing to commit, working tree clean" } },
      { event: "PostToolUseFailure", matches: { toolName: "shell", toolUseId: "call_18" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "shell" },
    cases: {
      "matcher: the whole tool name (goose searches, so `shell` alone would match shell_foo)": [
        { event: "PreToolUse", reply: block },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "shell_foo" }), reply: null },
      ],
    },
  },
  missing: { events: ["PreCompact", "Notification", "PermissionRequest", "SubagentStart", "SubagentStop"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: hooksPath,
    projectFile: (project) => join(pluginFolder(project), "hooks", "hooks.json"),
    override: { name: "GOOSE_PATH_ROOT", file: (dir) => join(pluginFolder(dir), "hooks", "hooks.json") },
    fresh: () => FRESH,
    freshStderr: () => ["goose Stop: a deny keeps the turn going, up to GOOSE_STOP_HOOK_BLOCK_CAP consecutive times."],
    command: (written) => written.hooks.PreToolUse[0].hooks[0].command,
    deny: { decision: "block", reason: "no shell" },
    hooks: 2,
    refused: [{ text: `{ "hooks": { "Stop": [ }`, error: (box) => `${hooksPath(box)}: cannot be parsed` }],
    dryRun: ['+        "matcher": "^(?:shell)$",'],
    uninstallDryRun: () => `-            "command": "${command("Stop")}",`,
  },
  extra: () => {
    describe("goose: a plugin folder of our own", () => {
      test("uninstall removes the plugin folder it made, and .agents/ when it made that too", () => {
        const { box, install, uninstall } = installSetup("goose", SOURCE);
        install();
        expect(uninstall().exitCode).toBe(0);
        expect(box.exists(join(box.home, ".agents"))).toBe(false);
      });

      test("another plugin of the user's in .agents/plugins stays", () => {
        const { box, install, uninstall } = installSetup("goose", SOURCE);
        const theirs = box.write(join(box.home, ".agents", "plugins", "mine", "hooks", "hooks.json"), '{ "hooks": {} }\n');
        install();
        uninstall();
        expect(box.read(theirs)).toBe('{ "hooks": {} }\n');
        expect(box.exists(pluginFolder(box.home))).toBe(false);
      });
    });

    describe("goose: MCP servers are extensions in config.yaml", () => {
      const MCP = `{ id: "guard", mcpServers: {
        tools: { command: "node", args: ["/opt/s.js"], env: { MODE: "ci", TOKEN: "\${TOKEN}" } },
        docs: { url: "https://d.example/mcp" },
        old: { url: "https://o.example/sse", transport: "sse" },
        bad: { command: "node", env: { KEY: "pre-\${KEY}" } },
      } }`;
      const USER_CONFIG = `# goose
active_provider: anthropic
extensions:
  developer:
    bundled: true
    enabled: true
    name: developer
    timeout: 300
    type: builtin
`;
      test("written as extensions beside the user's, a variable by name (env_keys); SSE and mixed values reported; bytes back on uninstall", () => {
        const { box, install, uninstall } = installSetup("goose", MCP);
        box.write(configPath(box), USER_CONFIG);
        const result = install();
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toContain('goose: MCP server "old" is not registered: the sse transport is not supported (only stdio, http).');
        expect(result.stderr).toContain('goose: MCP server "bad" is not registered: env KEY must be "${KEY}"');
        const written = box.read(configPath(box));
        expect(written.startsWith(USER_CONFIG)).toBe(true);
        expect(parse(written).extensions).toEqual({
          developer: { bundled: true, enabled: true, name: "developer", timeout: 300, type: "builtin" },
          tools: { type: "stdio", name: "tools", enabled: true, timeout: 300, cmd: "node", args: ["/opt/s.js"], envs: { MODE: "ci" }, env_keys: ["TOKEN"] },
          docs: { type: "streamable_http", name: "docs", enabled: true, timeout: 300, uri: "https://d.example/mcp", headers: {}, envs: {}, env_keys: [] },
        });
        expect(install().stderr).toContain("already up to date");
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(USER_CONFIG);
      });

      test("a 4-space config.yaml with lists at their key's depth and a closing comment: bytes back on uninstall", () => {
        const { box, install, uninstall } = installSetup("goose", `{ id: "guard", mcpServers: { tools: { command: "node", args: ["/opt/s.js"] } } }`);
        const user = `extensions:
    mine:
        cmd: mine-mcp
        args:
        - --stdio
        enabled: true
        name: mine
        type: stdio
# my goose
`;
        box.write(configPath(box), user);
        expect(install().exitCode).toBe(0);
        const written = box.read(configPath(box));
        expect(written).toContain("        args:\n        - --stdio\n");
        expect(written).toContain("        args:\n        - /opt/s.js\n");
        expect(written.endsWith("\n# my goose\n")).toBe(true);
        // The user edits the file after install, so uninstall edits it (no backup is given back).
        box.write(configPath(box), written.replace("- --stdio", "- --verbose"));
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(user.replace("- --stdio", "- --verbose"));
      });

      test("an unparseable config.yaml is refused (exit 4) and kept", () => {
        const { box, install } = installSetup("goose", MCP);
        box.write(configPath(box), "extensions: [\n");
        const result = install();
        expect(result.exitCode).toBe(4);
        expect(result.stderr).toContain(`${configPath(box)}: cannot be parsed as YAML`);
        expect(box.read(configPath(box))).toBe("extensions: [\n");
      });
    });
  },
};
