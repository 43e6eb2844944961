import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { PLAIN } from "./mcp.ts";

// No real run (it needs a model): payloads written from docs.openhands.dev and the SDK's hooks/types.py.
const userPath = (box: Sandbox) => join(box.home, ".openhands", "hooks.json");
const handler = (event: string) => ({ type: "command", command: hookCommand("openhands", event), timeout: 30 });
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "terminal", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
  },
}`;
const USER_HOOKS = `{
  "hooks": {
    "PostToolUse": [{ "matcher": "file_editor", "hooks": [{ "type": "command", "command": "./lint.sh" }] }]
  }
}
`;
const deny = { decision: "deny", reason: "R" };

export const openhands: HostRecord = {
  id: "openhands",
  mcp: { kind: "user-file", file: ".openhands/mcp.json", root: "mcpServers", rec: PLAIN.rec, api: PLAIN.api },
  fixtures: fromDocsEach(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]),
  // {decision, reason, additionalContext}: a deny blocks the tool, refuses the prompt, keeps the agent working on Stop.
  replies: {
    SessionStart: {},
    SessionEnd: {},
    UserPromptSubmit: { deny, context: { additionalContext: "C" } },
    PreToolUse: { deny },
    PostToolUse: {},
    Stop: { deny },
  },
  seen: {
    "PreToolUse: event_type, working_dir": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "rm -rf .git" },
        equals: (box) => ({
          hostPlatform: "openhands",
          connectorId: "test",
          sessionId: "conv_5d1c",
          projectDir: box.project,
          toolName: "terminal",
          toolInput: { command: "rm -rf .git" },
        }),
      },
      { event: "PreToolUse", env: { OPENHANDS_PROJECT_DIR: "/the/project" }, matches: { projectDir: "/the/project" } },
    ],
    "the prompt is message": [
      { event: "UserPromptSubmit", matches: { prompt: "Delete the git folder" } },
      { event: "PostToolUse", matches: { toolOutput: "README.md" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "terminal" },
    cases: {
      "matcher: the whole tool name": [
        { event: "PreToolUse", reply: deny },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "file_editor" }), reply: null },
      ],
    },
  },
  missing: { events: ["PreCompact", "PostCompact", "Notification", "PermissionRequest", "PostToolUseFailure", "SubagentStart", "SubagentStop"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: userPath,
    projectFile: (project) => join(project, ".openhands", "hooks.json"),
    override: { name: "OPENHANDS_PERSISTENCE_DIR", file: (dir) => join(dir, "hooks.json") },
    fresh: () =>
      `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: "terminal", hooks: [handler("PreToolUse")] }], Stop: [{ hooks: [handler("Stop")] }] } }, null, 2)}\n`,
    freshStderr: () => ["OpenHands reads one hooks file, the project's .openhands/hooks.json first"],
    command: (written) => written.hooks.PreToolUse[0].hooks[0].command,
    deny: { decision: "deny", reason: "no shell" },
    hooks: 2,
    existing: { text: USER_HOOKS },
    refused: [{ text: `{ "hooks": { "PreToolUse": [ }`, error: (box) => `${userPath(box)}: cannot be parsed` }],
    dryRun: [`+    "PreToolUse": [`],
    uninstallDryRun: () => `-            "command": "${hookCommand("openhands", "PreToolUse")}",`,
  },
  extra: () => {
    describe("openhands: the project file hides the user file", () => {
      test("install at project scope says the user file is no longer read there", () => {
        const { box, install } = installSetup("openhands", SOURCE);
        const result = install("--scope", "project", "--project-dir", box.project);
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toContain(
          "OpenHands reads one hooks file, this one first: the user's ~/.openhands/hooks.json is no longer read in this project.",
        );
      });
      test("a user install in a project that has its own file says the user file is hidden there", () => {
        const { box, install } = installSetup("openhands", SOURCE);
        const projectFile = join(box.project, ".openhands", "hooks.json");
        box.write(projectFile, USER_HOOKS);
        const result = box.cli([
          "install",
          "--config",
          join(box.project, "agent-connector.config.ts"),
          "--platform",
          "openhands",
          "--project-dir",
          box.project,
        ]);
        expect(result.exitCode).toBe(0);
        expect(result.stderr.replace(/\s+/g, " ")).toContain(
          `OpenHands reads ${projectFile} instead of the user file in ${box.project}: these user-scope hooks do not run there`,
        );
        expect(install("--project-dir", box.root).stderr).not.toContain("instead of the user file");
      });
    });
  },
};
