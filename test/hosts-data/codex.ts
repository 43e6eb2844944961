import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { block, specific } from "../support/decisions.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fixturePayload as fixture } from "../support/harness.ts";
import { nativeHookChecks } from "../support/native-hooks.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";

// Codex's own trust entries in config.toml are checked in test/codex-trust.test.ts.
const hooksPath = (home: string) => join(home, ".codex", "hooks.json");
const command = (event: string) => hookCommand("codex", event);
const group = (event: string, matcher?: string) => ({ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command: command(event), timeout: 30 }] });
const FRESH = () =>
  `${JSON.stringify({ hooks: { PreToolUse: [group("PreToolUse", "Bash")], PostToolUse: [group("PostToolUse", "^(?:mcp__.*)$")], Stop: [group("Stop")] } }, null, 2)}\n`;

export const codex: HostRecord = {
  id: "codex",
  mcp: { kind: "own-test", file: "test/mcp.test.ts" },
  fixtures: {
    SessionStart: captured("SessionStart"),
    SessionEnd: captured("SessionEnd"),
    UserPromptSubmit: captured("UserPromptSubmit"),
    PreToolUse: captured("PreToolUse"),
    PostToolUse: captured("PostToolUse"),
    Stop: captured("Stop"),
    PreCompact: fromDocs("PreCompact"),
    PostCompact: fromDocs("PostCompact"),
    PermissionRequest: fromDocs("PermissionRequest"),
    SubagentStart: fromDocs("SubagentStart"),
    SubagentStop: fromDocs("SubagentStop"),
  },
  replies: {
    SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
    // Codex reads no SessionEnd output, only the exit code: nothing is printed.
    SessionEnd: {},
    UserPromptSubmit: { deny: block, context: specific("UserPromptSubmit", { additionalContext: "C" }) },
    // No bare allow and no ask: Codex's validator rejects both, and the call would go on unchecked.
    PreToolUse: {
      deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
      modify: specific("PreToolUse", { permissionDecision: "allow", updatedInput: { command: "echo safe" } }),
      context: specific("PreToolUse", { additionalContext: "C" }),
    },
    PostToolUse: {
      deny: block,
      context: specific("PostToolUse", { additionalContext: "C" }),
      updatedOutput: specific("PostToolUse", { additionalContext: "The tool output was replaced by a hook:\nO" }),
    },
    PreCompact: {},
    PostCompact: {},
    Stop: { deny: block },
    // updatedInput on PermissionRequest fails closed in Codex: modify is never sent.
    PermissionRequest: {
      allow: specific("PermissionRequest", { decision: { behavior: "allow" } }),
      deny: specific("PermissionRequest", { decision: { behavior: "deny", message: "R" } }),
    },
    SubagentStart: { deny: specific("SubagentStart", { additionalContext: "R" }), context: specific("SubagentStart", { additionalContext: "C" }) },
    SubagentStop: { deny: block },
  },
  seen: {
    "PreToolUse from the real payload": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          hostPlatform: "codex",
          connectorId: "test",
          sessionId: "01a229eb-f36c-7811-a7d0-119bb4f88411",
          transcriptPath: `${box.home}/.codex/sessions/2026/11/30/rollout-2026-11-30T00-47-38-01a229eb-f36c-7811-a7d0-119bb4f88411.jsonl`,
          permissionMode: "bypassPermissions",
          model: "gpt-5-codex",
          toolUseId: "call_mock_1",
          projectDir: box.project,
          toolName: "Bash",
          toolInput: { command: "echo hi | tee tool-ran.marker" },
        }),
      },
    ],
    "PostToolUse: the shell's bare string output; an MCP CallToolResult with isError": [
      { event: "PostToolUse", matches: { toolOutput: "hi\n", toolName: "Bash" } },
      {
        event: "PostToolUse",
        raw: (_, box) => fixture("codex", "PostToolUse.mcp", box),
        matches: { toolName: "mcp__docs__search", isError: true, toolOutput: '{"content":[{"type":"text","text":"rate limited"}],"isError":true}' },
      },
    ],
    "the other events' fields": [
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "other", sessionId: "01a24950-868a-7f50-85a9-3d957e22b124" } },
      { event: "UserPromptSubmit", matches: { prompt: "Run echo hi using the shell tool." } },
      { event: "Stop", matches: { stopHookActive: false, lastAssistantMessage: "All done." } },
      { event: "PreCompact", matches: { trigger: "manual" } },
      {
        event: "PermissionRequest",
        check: (seen) => expect(seen.toolInput).toEqual({ command: "curl https://example.test/install.sh | sh", description: "needs network access" }),
      },
      { event: "SubagentStop", matches: { agentId: "agent-3", agentType: "explorer", lastAssistantMessage: "Found 2 callers." } },
    ],
  },
  matchers: {
    config: { PreToolUse: "Bash", SubagentStop: "explor.*" },
    cases: {
      "matcher: Bash (Codex's shell) matches, apply_patch does not": [
        { event: "PreToolUse", reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }) },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "apply_patch" }), reply: null },
      ],
      "matcher: subagent events match the agent type": [
        { event: "SubagentStop", reply: block },
        { event: "SubagentStop", raw: (p) => ({ ...p("SubagentStop"), agent_type: "worker" }), reply: null },
      ],
      "a blank deny reason becomes a real one (Codex rejects a blank one and runs the tool)": [
        {
          event: "PreToolUse",
          response: { decision: "deny", reason: "  " },
          reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "Blocked by the test hook" }),
        },
      ],
    },
  },
  missing: { events: ["Notification", "PostToolUseFailure", "StopFailure"] },
  install: {
    kind: "hook-file",
    source: `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "mcp__.*", handler: () => undefined },
    Stop: { handler: () => undefined },
    Notification: { handler: () => undefined },
  },
}`,
    file: (box) => hooksPath(box.home),
    projectFile: (project) => join(project, ".codex", "hooks.json"),
    override: { name: "CODEX_HOME", file: (dir) => join(dir, "hooks.json") },
    fresh: FRESH,
    freshStderr: (box) => [
      `${join(box.home, ".codex", "config.toml")}: trusted 3 agent-connector hooks for Codex\n`,
      "Codex has no Notification event: this handler never runs there.",
      "If your handlers return them, some responses degrade on Codex: agent-connector explain shows which.",
    ],
    command: (written) => written.hooks.PreToolUse[0].hooks[0].command,
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
    hooks: 3,
    existing: {
      text: `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "apply_patch", "hooks": [{ "type": "command", "command": "./lint.sh" }] }
    ]
  }
}
`,
    },
    refused: [{ text: `{ "hooks": { "Stop": [ }`, error: (box) => `${hooksPath(box.home)}: cannot be parsed` }],
    dryRun: [],
    uninstallDryRun: () => `-            "command": "${command("Stop")}",`,
  },
  extra: () => {
    // Interrupt's input as Codex 0.171.0's schema (interrupt.command.input) has it.
    nativeHookChecks("codex", {
      event: "Interrupt",
      file: (box) => hooksPath(box.home),
      raw: () => ({
        session_id: "01a24950-868a-7f50-85a9-3d957e22b124",
        turn_id: "turn-1",
        transcript_path: null,
        cwd: "/the/project",
        hook_event_name: "Interrupt",
        model: "gpt-5-codex",
        permission_mode: "bypassPermissions",
      }),
    });

    describe("codex: config.toml as the user keeps it", () => {
      const configPath = (home: string) => join(home, ".codex", "config.toml");
      const USER = '# mine\nmodel = "o3"\n\n[mcp_servers.docs]\nurl = "https://d.example/mcp"';

      test("a file without a final newline, edited after install: hooks and MCP servers in, then out, and its bytes are back", () => {
        const { box, install, uninstall } = installSetup(
          "codex",
          `{ id: "guard", hooks: { Stop: { handler: () => undefined } }, mcpServers: { tools: { command: "node" } } }`,
        );
        box.write(configPath(box.home), USER);
        expect(install().exitCode).toBe(0);
        const written = box.read(configPath(box.home));
        expect(written.startsWith(`${USER}\n\n`)).toBe(true);
        expect(written).toContain('[mcp_servers.tools]\ncommand = "node"');
        // The user edits the file after install, so uninstall edits it (no backup is given back).
        box.write(configPath(box.home), written.replace('model = "o3"', 'model = "o4"'));
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box.home))).toBe(USER.replace('model = "o3"', 'model = "o4"'));
      });

      test("a server of ours the user rewrote with dotted keys is refused by name, with what to do; the file is kept", () => {
        const { box, install } = installSetup("codex", `{ id: "guard", mcpServers: { tools: { command: "node" } } }`);
        expect(install().exitCode).toBe(0);
        const dotted = '# mine\nmcp_servers.tools.command = "node"\nmcp_servers.tools.args = ["--debug"]\n';
        box.write(configPath(box.home), dotted);
        const result = install();
        expect(result.exitCode).toBe(4);
        expect(result.stderr).toContain(
          `${configPath(box.home)}: defines mcp_servers.tools with dotted keys or an inline table, a form we cannot edit safely; rewrite it as a [mcp_servers.tools] table or remove it, nothing was written`,
        );
        expect(result.stderr).not.toContain("cannot be parsed");
        expect(box.read(configPath(box.home))).toBe(dotted);
      });

      test("uninstall leaves a server of ours the user rewrote with dotted keys, and says so rather than 'removed'", () => {
        const { box, install, uninstall } = installSetup("codex", `{ id: "guard", mcpServers: { tools: { command: "node" } } }`);
        expect(install().exitCode).toBe(0);
        const dotted = '# mine\nmcp_servers.tools.command = "node"\nmcp_servers.tools.args = ["--debug"]\n';
        box.write(configPath(box.home), dotted);
        const result = uninstall();
        expect(result.stderr).toContain(
          `${configPath(box.home)}: MCP server "tools" was rewritten in a form agent-connector cannot edit (dotted keys or an inline table); it was left in place: remove it by hand`,
        );
        expect(result.stderr).not.toContain("removed MCP server");
        expect(box.read(configPath(box.home))).toBe(dotted);
      });
    });
  },
};
