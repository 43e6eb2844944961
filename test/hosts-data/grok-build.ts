import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { specific } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { nativeHookChecks } from "../support/native-hooks.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { URL_HTTP } from "./mcp.ts";

// No real run (Grok Build needs an xAI login): every payload is written from its docs.
const hooksDir = (box: Sandbox) => join(box.home, ".grok", "hooks");
const ourFile = (box: Sandbox) => join(hooksDir(box), "agent-connector-guard.json");
const handler = (event: string) => ({ type: "command", command: hookCommand("grok-build", event), timeout: 30 });
const OUR_FILE = () =>
  `${JSON.stringify(
    { hooks: { PreToolUse: [{ matcher: "run_terminal_command", hooks: [handler("PreToolUse")] }], Stop: [{ hooks: [handler("Stop")] }] } },
    null,
    2,
  )}\n`;
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "run_terminal_command", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
    PermissionRequest: { handler: () => undefined },
  },
}`;
const deny = specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" });

// Grok Build takes streamable HTTP only: the SSE server is reported, not written.
const GROK_BUILD_MCP = `[mcp_servers.rec]\ncommand = "node"\nargs = ["server.mjs"]\n\n[mcp_servers.api]\nurl = "${URL_HTTP}"\n`;

export const grokBuild: HostRecord = {
  id: "grok-build",
  mcp: {
    kind: "scopes",
    user: [".grok/config.toml", GROK_BUILD_MCP],
    project: [".grok/config.toml", GROK_BUILD_MCP],
    own: '[mcp_servers.rec]\ncommand = "mine"\n',
    refused: ["old"],
  },
  fixtures: fromDocsEach([
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PreCompact",
    "PostCompact",
    "Stop",
    "Notification",
    "SubagentStart",
    "SubagentStop",
    "StopFailure",
    "PermissionDenied",
  ]),
  // PreToolUse is the only event Grok reads a decision on; the rest are observe-only.
  replies: {
    SessionStart: {},
    SessionEnd: {},
    UserPromptSubmit: {},
    PreToolUse: { deny },
    PostToolUse: {},
    PostToolUseFailure: {},
    PreCompact: {},
    PostCompact: {},
    Stop: {},
    Notification: {},
    SubagentStart: {},
    SubagentStop: {},
    StopFailure: {},
    PermissionDenied: {},
  },
  env: { GROK_HOOK_EVENT: "PreToolUse" },
  seen: {
    "PreToolUse: camelCase fields, workspaceRoot is the project": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "terraform destroy -auto-approve" },
        equals: (box) => ({
          hostPlatform: "grok-build",
          connectorId: "test",
          sessionId: "0193f1c2-7a",
          projectDir: box.project,
          toolName: "run_terminal_command",
          toolInput: { command: "terraform destroy -auto-approve" },
          toolUseId: "call_1",
          transcriptPath: join(box.home, ".grok", "sessions", "0193f1c2-7a.jsonl"),
          permissionMode: "default",
        }),
      },
    ],
    "StopFailure: the error": [{ event: "StopFailure", matches: { error: "rate_limit", sessionId: "0193f1c2-7a" } }],
    "PermissionDenied: the denied call": [
      {
        event: "PermissionDenied",
        matches: { toolName: "run_terminal_command", tool: { kind: "shell", command: "rm -rf /" }, toolInput: { command: "rm -rf /" } },
      },
    ],
    "GROK_WORKSPACE_ROOT wins; snake_case fields are read too": [
      { event: "Stop", env: { GROK_WORKSPACE_ROOT: "/the/project" }, matches: { projectDir: "/the/project", stopHookActive: false } },
      {
        event: "PreToolUse",
        raw: () => ({ hook_event_name: "PreToolUse", session_id: "s-1", tool_name: "Bash", tool_input: { command: "ls" } }),
        matches: { sessionId: "s-1", toolName: "Bash", toolInput: { command: "ls" } },
      },
    ],
    "the other events' fields": [
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "exit" } },
      { event: "UserPromptSubmit", matches: { prompt: "Destroy the dev stack" } },
      { event: "PostToolUse", matches: { toolOutput: "No changes." } },
      // A failed MCP call as xai-grok-tools types/output.rs serializes it: `is_error` only when true.
      {
        event: "PostToolUse",
        raw: (p) => ({
          ...p("PostToolUse"),
          toolName: "docs__search",
          toolInput: { query: "hooks" },
          toolResult: { type: "MCP", tool_name: "search", server_name: "docs", output: { Error: "rate limited" }, is_error: true },
        }),
        matches: { toolName: "docs__search", isError: true },
      },
      { event: "PostToolUseFailure", matches: { toolName: "run_terminal_command", error: "exit status 1" } },
      { event: "PreCompact", matches: { trigger: "auto" } },
      { event: "Notification", matches: { message: "Grok is waiting for your input", notificationType: "idle_prompt" } },
      // The source's subagentId / subagentType (xai-grok-hooks src/event.rs), not agentId / agentType.
      { event: "SubagentStart", matches: { agentId: "sa-4", agentType: "explore" } },
      { event: "SubagentStop", matches: { agentId: "sa-4", agentType: "explore", stopHookActive: false, lastAssistantMessage: "The stack is in infra/dev." } },
      { event: "PostCompact", matches: { trigger: "auto" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "run_terminal_command|search_replace" },
    cases: {
      "matcher: Grok's own tool names": [
        { event: "PreToolUse", reply: deny },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), toolName: "read_file" }), reply: null },
      ],
    },
  },
  missing: { events: ["PermissionRequest"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    // Our own file in ~/.grok/hooks (Grok merges every *.json there): Claude's nested groups.
    file: ourFile,
    projectFile: (project) => join(project, ".grok", "hooks", "agent-connector-guard.json"),
    override: { name: "GROK_HOME", file: (dir) => join(dir, "hooks", "agent-connector-guard.json") },
    fresh: OUR_FILE,
    freshStderr: () => [
      "Grok Build has no PermissionRequest event: this handler never runs there.",
      "If your handlers return them, some responses degrade on Grok Build: agent-connector explain shows which.",
    ],
    command: (written) => written.hooks.PreToolUse[0].hooks[0].command,
    commandEnv: { GROK_HOOK_EVENT: "PreToolUse" },
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
    hooks: 2,
    refused: [{ text: "{ not json", error: (box) => `${ourFile(box)}: cannot be parsed` }],
    dryRun: [`+  "hooks": {`],
    dryRunAbsent: hooksDir,
    uninstallDryRun: () => `-  "hooks": {`,
  },
  extra: () => {
    describe("grok-build: the hooks folder is shared with the user's files", () => {
      const USER_FILE = `// team guard\n{ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "./guard.sh" }] }] } }\n`;

      test("the user's own hook files are not touched; uninstall deletes ours only", () => {
        const { box, install, uninstall } = installSetup("grok-build", SOURCE);
        box.write(join(hooksDir(box), "team.json"), USER_FILE);
        install();
        uninstall();
        expect(box.read(join(hooksDir(box), "team.json"))).toBe(USER_FILE);
        expect(box.exists(ourFile(box))).toBe(false);
      });

      test("project hooks need folder trust: install says so at project scope only", () => {
        const trust = "Grok Build runs project hooks only in a trusted folder (/hooks-trust, or launch with --trust).";
        const { box, install } = installSetup("grok-build", SOURCE);
        expect(install().stderr).not.toContain(trust);
        expect(install("--scope", "project", "--project-dir", box.project).stderr).toContain(`[warn] ${trust}\n`);
      });

      test("uninstall keeps an entry the user added to our file", () => {
        const { box, install, uninstall } = installSetup("grok-build", SOURCE);
        install();
        const mine = { hooks: [{ type: "command", command: "./mine.sh" }] };
        const edited = JSON.parse(box.read(ourFile(box)));
        edited.hooks.SessionEnd = [mine];
        box.write(ourFile(box), JSON.stringify(edited, null, 2));
        uninstall();
        expect(JSON.parse(box.read(ourFile(box)))).toEqual({ hooks: { SessionEnd: [mine] } });
      });
    });
    // StopCancelled: a Grok-only name third parties read in its source (any name is written).
    nativeHookChecks("grok-build", {
      event: "StopCancelled",
      file: ourFile,
      raw: () => ({ hookEventName: "StopCancelled", sessionId: "0193f1c2-7a", cwd: "/the/project" }),
    });
  },
};
