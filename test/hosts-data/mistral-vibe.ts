import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { parse } from "smol-toml";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";

// Mistral Vibe, written from its docs (current names) and 2.18.4's source (test/fixtures/mistral-vibe/README.md).
const hooksPath = (box: Sandbox) => join(box.home, ".vibe", "hooks.toml");
const configPath = (box: Sandbox) => join(box.home, ".vibe", "config.toml");
const command = (event: string) => hookCommand("mistral-vibe", event);
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { handler: () => undefined },
    PostToolUseFailure: { handler: () => undefined },
    Stop: { handler: () => undefined },
  },
}`;
/** `[[hooks]]` tables as install appends them: type, match, command, timeout, name. */
const table = (type: string, event: string) =>
  `[[hooks]]\ntype = "${type}"\ncommand = "${command(event)}"\ntimeout = 30\nname = "agent-connector-guard-${event}"\n`;
const FRESH = [table("pre_tool", "PreToolUse"), table("post_tool", "PostToolUse"), table("post_agent", "Stop"), table("post_tool", "PostToolUseFailure")].join(
  "\n",
);
const USER_TOML = `# my Vibe hooks
[[hooks]]
name = "fmt" # format after edits
type = "post_tool"
match = "write_file"
command = "ruff format ."
`;
const denied = { decision: "deny", reason: "R" };
const context = (text: string) => ({ hook_specific_output: { additional_context: text } });

export const mistralVibe: HostRecord = {
  id: "mistral-vibe",
  mcp: { kind: "own-test", file: "test/hosts-data/mistral-vibe.ts" },
  fixtures: fromDocsEach(["PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop"]),
  // Exit 0 and JSON on every answer: a non-zero exit is a hook failure there and the tool runs.
  // A deny after a tool replaces its result, so updatedOutput is one; after a turn it is the next prompt.
  replies: {
    PreToolUse: { deny: denied, modify: { hook_specific_output: { tool_input: { command: "echo safe" } } } },
    PostToolUse: { deny: denied, context: context("C"), updatedOutput: { decision: "deny", reason: "O" } },
    PostToolUseFailure: { deny: context("R"), context: context("C") },
    Stop: { deny: denied },
  },
  seen: {
    "PreToolUse: Claude's snake_case, tool_call_id is the tool use": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "git push --force" },
        equals: (box) => ({
          hostPlatform: "mistral-vibe",
          connectorId: "test",
          sessionId: "vb-3f9a",
          transcriptPath: `${box.home}/.vibe/logs/session/vb-3f9a.jsonl`,
          toolUseId: "call_42",
          projectDir: box.project,
          toolName: "bash",
          toolInput: { command: "git push --force" },
        }),
      },
    ],
    "post_tool: the text the model sees, tool_status → isError, the error": [
      { event: "PostToolUse", matches: { toolName: "bash", toolOutput: "nothing to commit, working tree clean", isError: false } },
      { event: "PostToolUseFailure", matches: { toolName: "bash", toolUseId: "call_44", error: "Command failed with exit code 1", durationMs: 812 } },
    ],
  },
  matchers: {
    config: { PostToolUse: "bash", PostToolUseFailure: "bash" },
    cases: {
      "post_tool runs both commands: each answers its own tool_status only (a cancelled tool neither)": [
        { event: "PostToolUse", response: { additionalContext: "C" }, reply: context("C") },
        { event: "PostToolUse", raw: (p) => p("PostToolUseFailure"), response: { additionalContext: "C" }, reply: null },
        { event: "PostToolUseFailure", response: { additionalContext: "C" }, reply: context("C") },
        { event: "PostToolUseFailure", raw: (p) => p("PostToolUse"), response: { additionalContext: "C" }, reply: null },
        { event: "PostToolUse", raw: (p) => ({ ...p("PostToolUse"), tool_status: "cancelled" }), response: { additionalContext: "C" }, reply: null },
        { event: "PostToolUseFailure", raw: (p) => ({ ...p("PostToolUse"), tool_status: "cancelled" }), response: { additionalContext: "C" }, reply: null },
      ],
      "matcher: the whole tool name, at run time (Vibe's `match` is a glob)": [
        { event: "PostToolUse", raw: (p) => ({ ...p("PostToolUse"), tool_name: "bash_2" }), response: { additionalContext: "C" }, reply: null },
      ],
    },
  },
  missing: { events: ["SessionStart", "UserPromptSubmit", "PermissionRequest", "SubagentStop"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: hooksPath,
    projectFile: (project) => join(project, ".vibe", "hooks.toml"),
    override: { name: "VIBE_HOME", file: (dir) => join(dir, "hooks.toml") },
    parse,
    fresh: () => FRESH,
    freshStderr: () => [
      "Mistral Vibe 2.18 and older run hooks only with `enable_experimental_hooks = true`",
      "agent-connector writes the current names (pre_tool, post_tool, post_agent) and leaves that switch to you",
    ],
    command: (written) => written.hooks[0].command,
    deny: { decision: "deny", reason: "no shell" },
    hooks: 4,
    existing: { text: USER_TOML, merged: () => `${USER_TOML}\n${FRESH}` },
    refused: [
      { text: `[[hooks]\nname = "x"\n`, error: (box) => `${hooksPath(box)}: cannot be parsed as TOML (line 1)` },
      { text: `hooks = "none"\n`, error: (box) => `${hooksPath(box)}: hooks must be an array of tables ([[hooks]]); nothing was written` },
    ],
    dryRun: ["+[[hooks]]", '+type = "post_agent"', '+name = "agent-connector-guard-Stop"'],
    uninstallDryRun: () => `-command = "${command("Stop")}"`,
  },
  extra: () => {
    describe("mistral-vibe: the experimental switch is read and reported, never set", () => {
      for (const [text, line] of [
        ["enable_experimental_hooks = false\n", "`enable_experimental_hooks = false` in"],
        ["enable_experimental_hooks = true\n", "`enable_experimental_hooks` is on"],
      ] as const) {
        test(`config.toml with ${text.trim()}: install says so and leaves config.toml as it is`, () => {
          const { box, install } = installSetup("mistral-vibe", SOURCE);
          box.write(configPath(box), text);
          const result = install();
          expect(result.exitCode).toBe(0);
          expect(result.stderr).toContain(`Mistral Vibe: ${line}`);
          expect(box.read(configPath(box))).toBe(text);
        });
      }

      test("VIBE_ENABLE_EXPERIMENTAL_HOOKS=true counts as on", () => {
        const { box, config } = installSetup("mistral-vibe", SOURCE);
        const result = box.cli(["install", "--config", config, "--platform", "mistral-vibe"], { env: { VIBE_ENABLE_EXPERIMENTAL_HOOKS: "true" } });
        expect(result.stderr).toContain("Mistral Vibe: `enable_experimental_hooks` is on (VIBE_ENABLE_EXPERIMENTAL_HOOKS)");
        expect(box.exists(configPath(box))).toBe(false);
      });
    });

    describe("mistral-vibe: MCP servers as [[mcp_servers]] tables in config.toml", () => {
      const MCP = `{ id: "guard", mcpServers: { tools: { command: "node", args: ["/opt/s.js"], env: { MODE: "ci" } }, docs: { url: "https://d.example/mcp" }, old: { url: "https://o.example/sse", transport: "sse" } } }`;
      const USER_CONFIG = `# Vibe\nactive_model = "devstral"\n\n[[mcp_servers]]\nname = "mine"\ntransport = "stdio"\ncommand = "mine-mcp"\n`;
      test("written after the user's, each naming itself; SSE is reported; uninstall gives the bytes back", () => {
        const { box, install, uninstall } = installSetup("mistral-vibe", MCP);
        box.write(configPath(box), USER_CONFIG);
        const result = install();
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toContain('Mistral Vibe: MCP server "old" is not registered: the sse transport is not supported (only stdio, http).');
        expect(box.read(configPath(box))).toBe(
          `${USER_CONFIG}\n[[mcp_servers]]\nname = "tools"\ntransport = "stdio"\ncommand = "node"\nargs = ["/opt/s.js"]\nenv = { MODE = "ci" }\n\n[[mcp_servers]]\nname = "docs"\ntransport = "streamable-http"\nurl = "https://d.example/mcp"\n`,
        );
        expect(install().exitCode).toBe(0);
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(USER_CONFIG);
      });

      test("files without a final newline (hooks.toml, config.toml), edited after install: uninstall gives their bytes back", () => {
        const { box, install, uninstall } = installSetup(
          "mistral-vibe",
          `{ id: "guard", hooks: { Stop: { handler: () => undefined } }, mcpServers: { tools: { command: "node" } } }`,
        );
        const hooks = USER_TOML.trimEnd();
        const config = USER_CONFIG.trimEnd();
        box.write(hooksPath(box), hooks);
        box.write(configPath(box), config);
        expect(install().exitCode).toBe(0);
        expect(box.read(hooksPath(box))).toBe(`${hooks}\n\n${table("post_agent", "Stop").trimEnd()}`);
        expect(box.read(configPath(box))).toBe(`${config}\n\n[[mcp_servers]]\nname = "tools"\ntransport = "stdio"\ncommand = "node"`);
        // The user edits the file after install, so uninstall edits it (no backup is given back).
        box.write(hooksPath(box), box.read(hooksPath(box)).replace("ruff format .", "ruff format src"));
        box.write(configPath(box), box.read(configPath(box)).replace('"devstral"', '"devstral-2"'));
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(hooksPath(box))).toBe(hooks.replace("ruff format .", "ruff format src"));
        expect(box.read(configPath(box))).toBe(config.replace('"devstral"', '"devstral-2"'));
      });

      test("a server of the user's with our name is left alone", () => {
        const { box, install } = installSetup("mistral-vibe", `{ id: "guard", mcpServers: { mine: { command: "node" } } }`);
        box.write(configPath(box), USER_CONFIG);
        expect(install().stderr).toContain('already has an MCP server named "mine"');
        expect(box.read(configPath(box))).toBe(USER_CONFIG);
      });
    });
  },
};
