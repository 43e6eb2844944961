import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { exit2, plainText } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { PLAIN } from "./mcp.ts";

// No real run (AWS sign-in): payloads written from aws/amazon-q-developer-cli docs/hooks.md.
const agentPath = (box: Sandbox, agent = "q_cli_default") => join(box.home, ".aws", "amazonq", "cli-agents", `${agent}.json`);
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "fs_write", handler: () => ({ decision: "deny", reason: "no writes" }) },
    SessionStart: { handler: () => ({ decision: "context", additionalContext: "House rules." }) },
  },
}`;
// An agent as `q agent create` writes it, with a hook of the user's.
const AGENT = `{
  "$schema": "https://raw.githubusercontent.com/aws/amazon-q-developer-cli/refs/heads/main/schemas/agent-v1.json",
  "name": "reviewer",
  "tools": ["*"],
  "allowedTools": ["fs_read"],
  "hooks": {
    "postToolUse": [{ "matcher": "fs_write", "command": "cargo fmt --all", "only_when_turn_complete": true }]
  },
  "useLegacyMcpJson": true
}
`;
const INSTALLED = (_box: Sandbox) => `{
  "$schema": "https://raw.githubusercontent.com/aws/amazon-q-developer-cli/refs/heads/main/schemas/agent-v1.json",
  "name": "reviewer",
  "tools": ["*"],
  "allowedTools": ["fs_read"],
  "hooks": {
    "postToolUse": [{ "matcher": "fs_write", "command": "cargo fmt --all", "only_when_turn_complete": true }],
    "agentSpawn": [
      {
        "command": "${hookCommand("amazon-q", "SessionStart")}",
        "timeout_ms": 30000
      }
    ],
    "preToolUse": [
      {
        "command": "${hookCommand("amazon-q", "PreToolUse")}",
        "timeout_ms": 30000
      }
    ]
  },
  "useLegacyMcpJson": true
}
`;

export const amazonQ: HostRecord = {
  id: "amazon-q",
  mcp: { kind: "user-file", file: ".aws/amazonq/mcp.json", root: "mcpServers", rec: PLAIN.rec, api: PLAIN.api },
  fixtures: fromDocsEach(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse"]),
  // Exit 2 blocks preToolUse only; plain stdout of agentSpawn and userPromptSubmit joins the context.
  replies: {
    SessionStart: { deny: plainText("R"), context: plainText("C") },
    UserPromptSubmit: { deny: plainText("R"), context: plainText("C") },
    PreToolUse: { deny: exit2("R") },
    PostToolUse: {},
  },
  seen: {
    "PreToolUse: snake_case, no session id": [
      {
        event: "PreToolUse",
        tool: (box: Sandbox) => ({ kind: "write", filePaths: [`${box.project}/.env`], content: "X=1" }),
        equals: (box) => ({
          hostPlatform: "amazon-q",
          connectorId: "test",
          sessionId: "",
          projectDir: box.project,
          toolName: "fs_write",
          toolInput: { command: "create", path: `${box.project}/.env`, file_text: "X=1" },
        }),
      },
    ],
    "an MCP tool is @server/tool; success false is an error": [
      { event: "PostToolUse", matches: { toolName: "@postgres/query", toolOutput: '["connection refused"]', isError: true } },
      { event: "UserPromptSubmit", matches: { prompt: "Add a .env file" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "fs_write" },
    cases: {
      "matcher: matched at run time (Amazon Q's are globs)": [
        { event: "PreToolUse", reply: exit2("R") },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "fs_read" }), reply: null },
      ],
    },
  },
  missing: {
    events: ["SessionEnd", "Stop", "PreCompact", "PostCompact", "Notification", "PermissionRequest", "PostToolUseFailure", "SubagentStart", "SubagentStop"],
    raw: (box) => ({ hook_event_name: "stop", cwd: box.project }),
  },
  extra: () => {
    describe("amazon-q: install into an agent's file", () => {
      test("--agent: our entries join the agent's hooks, its keys and hooks stay; the agent is named", () => {
        const { box, install } = installSetup("amazon-q", SOURCE);
        box.write(agentPath(box, "reviewer"), AGENT);
        const result = install("--agent", "reviewer");
        expect(result.exitCode).toBe(0);
        expect(box.read(agentPath(box, "reviewer"))).toBe(INSTALLED(box));
        expect(result.stderr).toContain(`Amazon Q Developer CLI: the hooks go into the agent "reviewer"; they run only while that agent is active.`);
        expect(install("--agent", "reviewer").stderr).toContain("already up to date");
      });
      test("the installed command blocks as Amazon Q runs it: exit 2, the reason on stderr", () => {
        const { box, install } = installSetup("amazon-q", SOURCE);
        box.write(agentPath(box, "reviewer"), AGENT);
        install("--agent", "reviewer");
        const command = JSON.parse(box.read(agentPath(box, "reviewer"))).hooks.preToolUse[0].command;
        const payload = JSON.stringify({ hook_event_name: "preToolUse", cwd: box.project, tool_name: "fs_write", tool_input: { path: "x" } });
        const proc = Bun.spawnSync(["sh", "-c", command], { env: box.env, stdin: Buffer.from(payload) });
        expect({ exitCode: proc.exitCode, stderr: proc.stderr.toString() }).toEqual({ exitCode: 2, stderr: "no writes\n" });
      });
      test("no agent file: nothing is written, exit 4 says what to do (the built-in default has none)", () => {
        const { box, install } = installSetup("amazon-q", SOURCE);
        const result = install();
        expect(result.exitCode).toBe(4);
        expect(result.stderr).toContain(`${agentPath(box)}: there is no agent "q_cli_default" here`);
        expect(result.stderr).toContain("q settings chat.defaultAgent <name>");
        expect(box.exists(agentPath(box))).toBe(false);
        expect(install("--agent", "nobody").stderr).toContain("Create it first (q agent create --name nobody)");
      });
      test("the default agent, when it has a file: q_cli_default.json", () => {
        const { box, install } = installSetup("amazon-q", SOURCE);
        box.write(agentPath(box), `{ "name": "q_cli_default", "tools": ["*"] }\n`);
        const result = install();
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toContain(`the agent "q_cli_default" (the default; name another with --agent <name>)`);
      });
      test("--dry-run diffs, writes nothing; uninstall gives back the exact bytes", () => {
        const { box, install, uninstall } = installSetup("amazon-q", SOURCE);
        box.write(agentPath(box, "reviewer"), AGENT);
        const dry = install("--agent", "reviewer", "--dry-run");
        expect(dry.stdout).toContain(`+    "agentSpawn": [`);
        expect(box.read(agentPath(box, "reviewer"))).toBe(AGENT);
        install("--agent", "reviewer");
        const result = uninstall();
        expect(result.exitCode).toBe(0);
        expect(box.read(agentPath(box, "reviewer"))).toBe(AGENT);
      });
      test("project scope: .amazonq/cli-agents/<agent>.json", () => {
        const { box, install } = installSetup("amazon-q", SOURCE);
        const file = join(box.project, ".amazonq", "cli-agents", "reviewer.json");
        box.write(file, AGENT);
        expect(install("--agent", "reviewer", "--scope", "project", "--project-dir", box.project).exitCode).toBe(0);
        expect(box.read(file)).toBe(INSTALLED(box));
      });
      test("--agent with hosts that keep no agent files is said to be ignored", () => {
        const { install } = installSetup("windsurf", SOURCE);
        const result = install("--agent", "reviewer");
        expect(result.exitCode).toBe(0);
        expect(result.stderr.replace(/\s+/g, " ")).toContain(
          "--agent names an agent of hosts that keep hooks in agent files (Amazon Q); none of windsurf does: it is ignored.",
        );
      });
      test("an agent file that cannot be parsed is never overwritten", () => {
        const { box, install } = installSetup("amazon-q", SOURCE);
        box.write(agentPath(box, "reviewer"), `{ "hooks": { "preToolUse": [ }`);
        const result = install("--agent", "reviewer");
        expect(result.exitCode).toBe(4);
        expect(result.stderr).toContain("cannot be parsed");
      });
    });
  },
};
