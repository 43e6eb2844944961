import { expect, test } from "bun:test";
import { join } from "node:path";
import { block, specific } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocs, type HostRecord } from "./record.ts";
import { CLAUDE } from "./mcp.ts";

// No capture of a real VS Code run exists: every payload is written from its hooks reference.
const ourFile = (box: Sandbox) => join(box.home, ".copilot", "hooks", "agent-connector-guard.vscode.json");
const entry = (event: string) => ({ type: "command", command: hookCommand("vscode-copilot", event), timeout: 30 });
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "@shell", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
    SessionEnd: { handler: () => undefined },
  },
}`;

export const vscodeCopilot: HostRecord = {
  id: "vscode-copilot",
  mcp: { kind: "user-file", file: ".config/Code/User/mcp.json", root: "servers", rec: CLAUDE.rec, api: CLAUDE.api },
  fixtures: {
    SessionStart: fromDocs("SessionStart"),
    UserPromptSubmit: fromDocs("UserPromptSubmit"),
    PreToolUse: fromDocs("PreToolUse"),
    PostToolUse: fromDocs("PostToolUse"),
    PreCompact: fromDocs("PreCompact"),
    Stop: fromDocs("Stop"),
    SubagentStart: fromDocs("SubagentStart"),
    SubagentStop: fromDocs("SubagentStop"),
  },
  replies: {
    SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
    // Common output only: `continue:false` would end the whole session, so nothing is sent.
    UserPromptSubmit: {},
    PreToolUse: {
      allow: specific("PreToolUse", { permissionDecision: "allow" }),
      deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
      ask: specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "R" }),
      // updatedInput is taken on its own (vscode PR 293575): no approval beside it.
      modify: specific("PreToolUse", { updatedInput: { command: "echo safe" } }),
      context: specific("PreToolUse", { additionalContext: "C" }),
    },
    PostToolUse: {
      deny: block,
      context: specific("PostToolUse", { additionalContext: "C" }),
      updatedOutput: specific("PostToolUse", { additionalContext: "The tool output was replaced by a hook:\nO" }),
    },
    PreCompact: {},
    // VS Code nests Stop's block (hooks-reference "Stop output"); SubagentStop's is top-level.
    Stop: { deny: specific("Stop", { decision: "block", reason: "R" }) },
    SubagentStart: { deny: specific("SubagentStart", { additionalContext: "R" }), context: specific("SubagentStart", { additionalContext: "C" }) },
    SubagentStop: { deny: block },
  },
  seen: {
    "PreToolUse: camelCase sessionId next to snake_case tool fields": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "git reset --hard" },
        equals: (box) => ({
          hostPlatform: "vscode-copilot",
          connectorId: "test",
          sessionId: "vs-7f1c",
          transcriptPath: `${box.home}/.vscode-data/transcripts/vs-7f1c.json`,
          toolUseId: "tool-9",
          projectDir: box.project,
          toolName: "run_in_terminal",
          toolInput: { command: "git reset --hard" },
        }),
      },
    ],
    "session_id is accepted too (the announced rename)": [
      {
        event: "Stop",
        raw: (p) => {
          const { sessionId: _, ...raw } = p("Stop");
          return { ...raw, session_id: "renamed" };
        },
        matches: { sessionId: "renamed" },
      },
    ],
    "the other events' fields": [
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "UserPromptSubmit", matches: { prompt: "Clean up the repo" } },
      { event: "PostToolUse", matches: { toolOutput: "HEAD is now at 1a2b3c4 init" } },
      { event: "PreCompact", matches: { trigger: "auto" } },
      { event: "Stop", matches: { stopHookActive: false } },
      { event: "SubagentStart", matches: { agentId: "subagent-456", agentType: "Plan" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "run_in_terminal", SubagentStop: "Plan" },
    cases: {
      "matchers run at run time (VS Code ignores them): listed tool matches, another does not": [
        { event: "PreToolUse", reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }) },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "editFiles" }), reply: null },
        { event: "SubagentStop", raw: (p) => ({ ...p("SubagentStop"), agent_type: "Ask" }), reply: null },
      ],
    },
  },
  install: {
    kind: "hook-file",
    source: SOURCE,
    // Our own file in ~/.copilot/hooks: PascalCase keys, flat command/timeout entries, no matcher.
    file: ourFile,
    projectFile: (project) => join(project, ".github", "hooks", "agent-connector-guard.vscode.json"),
    fresh: () => `${JSON.stringify({ version: 1, hooks: { PreToolUse: [entry("PreToolUse")], Stop: [entry("Stop")] } }, null, 2)}\n`,
    freshStderr: () => ["GitHub Copilot in VS Code has no SessionEnd event: this handler never runs there.", "PreToolUse (run-time matcher), Stop"],
    command: (written) => written.hooks.PreToolUse[0].command,
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
    hooks: 2,
    refused: [{ text: `{ "hooks": [] }`, error: (box) => `${ourFile(box)}: hooks must be an object of events; nothing was written` }],
    dryRun: [],
    uninstallDryRun: () => `-  "version": 1,`,
  },
  extra: () => {
    test("vscode-copilot: other hook files in the folder stay through install and uninstall", () => {
      const { box, install, uninstall } = installSetup("vscode-copilot", SOURCE);
      const text = `{ "hooks": { "PostToolUse": [{ "type": "command", "command": "./fmt.sh" }] } }\n`;
      const mine = box.write(join(box.home, ".copilot", "hooks", "format.json"), text);
      install();
      uninstall();
      expect(box.read(mine)).toBe(text);
    });
  },
};
