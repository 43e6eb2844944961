import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocs, type HostRecord } from "./record.ts";
import { PLAIN } from "./mcp.ts";

// No capture of a real Cursor run exists: every payload is written from its docs.
const hooksPath = (box: Sandbox) => join(box.home, ".cursor", "hooks.json");
const command = (event: string) => hookCommand("cursor", event);
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Shell", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "MCP:.*", handler: () => undefined },
    Stop: { handler: () => undefined },
    Notification: { handler: () => undefined },
  },
}`;
const USER_HOOKS = `{
  "version": 1,
  "hooks": {
    "preToolUse": [
      { "command": "./audit.sh", "matcher": "Shell|Write" }
    ],
    "afterFileEdit": [{ "command": "./format.sh", "timeout": 10 }]
  }
}
`;

export const cursor: HostRecord = {
  id: "cursor",
  mcp: { kind: "user-file", file: ".cursor/mcp.json", root: "mcpServers", rec: PLAIN.rec, api: PLAIN.api },
  fixtures: {
    SessionStart: fromDocs("sessionStart"),
    SessionEnd: fromDocs("sessionEnd"),
    UserPromptSubmit: fromDocs("beforeSubmitPrompt"),
    PreToolUse: fromDocs("preToolUse"),
    PostToolUse: fromDocs("postToolUse"),
    PreCompact: fromDocs("preCompact"),
    Stop: fromDocs("stop"),
    PostToolUseFailure: fromDocs("postToolUseFailure"),
    SubagentStart: fromDocs("subagentStart"),
    SubagentStop: fromDocs("subagentStop"),
  },
  replies: {
    SessionStart: { deny: { additional_context: "R" }, context: { additional_context: "C" } },
    SessionEnd: {},
    UserPromptSubmit: { deny: { continue: false, user_message: "R" } },
    PreToolUse: {
      allow: { permission: "allow" },
      deny: { permission: "deny", user_message: "R", agent_message: "R" },
      modify: { permission: "allow", updated_input: { command: "echo safe" } },
    },
    PostToolUse: {
      deny: { additional_context: "R" },
      context: { additional_context: "C" },
      updatedOutput: { additional_context: "The tool output was replaced by a hook:\nO" },
    },
    PreCompact: {},
    Stop: { deny: { followup_message: "R" } },
    PostToolUseFailure: {},
    SubagentStart: { deny: { permission: "deny", user_message: "R" } },
    SubagentStop: { deny: { followup_message: "R" } },
  },
  seen: {
    "PreToolUse: conversation_id is the session, workspace_roots[0] the project": [
      {
        event: "PreToolUse",
        tool: (box: Sandbox) => ({ kind: "shell", command: "git push --force", cwd: box.project }),
        equals: (box) => ({
          hostPlatform: "cursor",
          connectorId: "test",
          sessionId: "c-41f0",
          model: "default",
          toolUseId: "tu-1",
          projectDir: box.project,
          toolName: "Shell",
          toolInput: { command: "git push --force", working_directory: box.project },
        }),
      },
    ],
    "CURSOR_PROJECT_DIR wins over the payload": [{ event: "Stop", env: { CURSOR_PROJECT_DIR: "/the/project" }, matches: { projectDir: "/the/project" } }],
    "the other events' fields": [
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "completed" } },
      { event: "UserPromptSubmit", matches: { prompt: "Push my branch" } },
      { event: "PostToolUse", matches: { toolOutput: '{"exitCode":0,"stdout":"Everything up-to-date\\n"}' } },
      { event: "PostToolUseFailure", matches: { error: "remote rejected", durationMs: 430, isInterrupt: false, toolUseId: "tu-1" } },
      { event: "PreCompact", matches: { trigger: "auto" } },
      { event: "SubagentStart", matches: { agentId: "sa-9", agentType: "explore" } },
      {
        event: "SubagentStop",
        matches: (box) => ({
          agentType: "explore",
          lastAssistantMessage: "Found scripts/push.sh.",
          agentTranscriptPath: `${box.home}/.cursor/transcripts/sa-9.jsonl`,
        }),
      },
    ],
  },
  matchers: {
    config: { PreToolUse: "Shell|Read", SubagentStop: "exp.*" },
    cases: {
      "matcher: a listed tool type matches, another does not": [
        { event: "PreToolUse", reply: { permission: "deny", user_message: "R", agent_message: "R" } },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "Write" }), reply: null },
      ],
      "matcher: subagent events match the subagent type": [
        { event: "SubagentStop", reply: { followup_message: "R" } },
        { event: "SubagentStop", raw: (p) => ({ ...p("SubagentStop"), subagent_type: "shell" }), reply: null },
      ],
    },
  },
  missing: { events: ["Notification"], raw: { conversation_id: "c" } },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: hooksPath,
    projectFile: (project) => join(project, ".cursor", "hooks.json"),
    // A plain-list matcher is native; a regex is matched at run time.
    fresh: () =>
      `${JSON.stringify(
        {
          version: 1,
          hooks: {
            preToolUse: [{ command: command("PreToolUse"), matcher: "Shell", timeout: 30 }],
            postToolUse: [{ command: command("PostToolUse"), timeout: 30 }],
            stop: [{ command: command("Stop"), timeout: 30 }],
          },
        },
        null,
        2,
      )}\n`,
    freshStderr: () => [
      "Cursor has no Notification event: this handler never runs there.",
      "If your handlers return them, some responses degrade on Cursor: agent-connector explain shows which.",
    ],
    command: (written) => written.hooks.preToolUse[0].command,
    deny: { permission: "deny", user_message: "no shell", agent_message: "no shell" },
    hooks: 3,
    existing: {
      text: USER_HOOKS,
      merged: () => `{
  "version": 1,
  "hooks": {
    "preToolUse": [
      { "command": "./audit.sh", "matcher": "Shell|Write" },
      {
        "command": "${command("PreToolUse")}",
        "matcher": "Shell",
        "timeout": 30
      }
    ],
    "afterFileEdit": [{ "command": "./format.sh", "timeout": 10 }],
    "postToolUse": [
      {
        "command": "${command("PostToolUse")}",
        "timeout": 30
      }
    ],
    "stop": [
      {
        "command": "${command("Stop")}",
        "timeout": 30
      }
    ]
  }
}
`,
    },
    refused: [
      { text: `{ "version": 1, "hooks": { "preToolUse": [ }`, error: (box) => `${hooksPath(box)}: cannot be parsed` },
      {
        text: `{ "version": 1, "hooks": { "stop": { "command": "x" } } }\n`,
        error: (box) => `${hooksPath(box)}: hooks.stop must be an array of hook entries; nothing was written`,
      },
    ],
    dryRun: [`+    "stop": [`],
    uninstallDryRun: () => `-        "command": "${command("Stop")}",`,
  },
  extra: () => {
    describe("cursor: hooks.json as the user keeps it", () => {
      const setup = (existing: string) => {
        const s = installSetup("cursor", SOURCE);
        s.box.write(hooksPath(s.box), existing);
        return s;
      };

      test("comments survive (JSONC)", () => {
        const { box, install } = setup(`// team hooks\n${USER_HOOKS.replace('"./audit.sh",', '"./audit.sh", /* audit */')}`);
        expect(install().exitCode).toBe(0);
        const text = box.read(hooksPath(box));
        expect(text).toStartWith("// team hooks\n{");
        expect(text).toContain('{ "command": "./audit.sh", /* audit */ "matcher": "Shell|Write" },');
      });

      test("a file without version gets one; the user's keys stay first", () => {
        const { box, install } = setup(`{\n  "hooks": {}\n}\n`);
        install();
        expect(Object.keys(JSON.parse(box.read(hooksPath(box))))).toEqual(["hooks", "version"]);
      });

      test("uninstall after the user edited the file: only our entries go", () => {
        const { box, install, uninstall } = setup(USER_HOOKS);
        install();
        box.write(hooksPath(box), box.read(hooksPath(box)).replace('"./format.sh"', '"./format.sh --all"'));
        uninstall();
        expect(JSON.parse(box.read(hooksPath(box)))).toEqual({
          version: 1,
          hooks: { preToolUse: [{ command: "./audit.sh", matcher: "Shell|Write" }], afterFileEdit: [{ command: "./format.sh --all", timeout: 10 }] },
        });
      });
    });
  },
};
