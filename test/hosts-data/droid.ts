import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { block, respond, seenEvent, specific } from "../support/decisions.ts";
import { fixturePayload, sandbox, writeScriptedConfig } from "../support/harness.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { CLAUDE, json, ownServer } from "./mcp.ts";

const SESSION = "f34ab1fc-d72b-4624-980e-9ac893e21682";
const RISK_REASON = "Prints a word into a file in the project dir.";
/** What Droid 0.225.2 exports to every hook process (real run): Claude's variable as well as its own. */
const DROID_ENV = { FACTORY_PROJECT_DIR: "/droid/project", DROID_PROJECT_DIR: "/droid/project", CLAUDE_PROJECT_DIR: "/droid/project" };
const denied = specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" });
// updatedInput alone: Droid's permission flow still applies to it (real run 0.225.2).
const modified = (updatedInput: Record<string, unknown>) => specific("PreToolUse", { updatedInput });

export const droid: HostRecord = {
  id: "droid",
  mcp: {
    kind: "scopes",
    user: [".factory/mcp.json", json({ mcpServers: CLAUDE })],
    project: [".factory/mcp.json", json({ mcpServers: CLAUDE })],
    own: ownServer(["mcpServers"]),
  },
  fixtures: {
    SessionStart: captured("SessionStart"),
    PreToolUse: captured("PreToolUse"),
    PostToolUse: captured("PostToolUse"),
    Stop: captured("Stop"),
    SessionEnd: captured("SessionEnd"),
    UserPromptSubmit: fromDocs("UserPromptSubmit"),
    PreCompact: fromDocs("PreCompact"),
    Notification: fromDocs("Notification"),
    SubagentStop: fromDocs("SubagentStop"),
  },
  env: DROID_ENV,
  replies: {
    SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
    SessionEnd: {},
    // Droid reads `continue: false` on a prompt, never `decision`.
    UserPromptSubmit: { deny: { continue: false, stopReason: "R" }, context: specific("UserPromptSubmit", { additionalContext: "C" }) },
    PreToolUse: {
      allow: specific("PreToolUse", { permissionDecision: "allow" }),
      deny: denied,
      // Execute's required risk fields come back from the call Droid made.
      modify: modified({ command: "echo safe", riskLevel: "low", riskLevelReason: RISK_REASON }),
    },
    // `decision: "block"` is ignored on PostToolUse: a deny reaches the model as context.
    PostToolUse: {
      deny: specific("PostToolUse", { additionalContext: "R" }),
      context: specific("PostToolUse", { additionalContext: "C" }),
      updatedOutput: specific("PostToolUse", { additionalContext: "The tool output was replaced by a hook:\nO" }),
    },
    PreCompact: {},
    Stop: { deny: block },
    Notification: {},
    SubagentStop: {},
  },
  seen: {
    "PreToolUse from the real payload; FACTORY_PROJECT_DIR is the project": [
      {
        event: "PreToolUse",
        env: DROID_ENV,
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          hostPlatform: "droid",
          connectorId: "test",
          sessionId: SESSION,
          transcriptPath: `${box.home}/.factory/sessions/-fake-home-project/f34ab1fc-d72b-4624-980e-9ac893e21682.jsonl`,
          permissionMode: "auto-high",
          projectDir: "/droid/project",
          toolName: "Execute",
          toolInput: { command: "echo hi | tee tool-ran.marker", riskLevelReason: RISK_REASON, riskLevel: "low" },
        }),
      },
    ],
    "CLAUDE_PROJECT_DIR alone is not Droid's: the project is the payload's cwd": [
      { event: "PreToolUse", env: { CLAUDE_PROJECT_DIR: "/claude/project" }, matches: (box) => ({ hostPlatform: "droid", projectDir: box.project }) },
    ],
    "the other events' fields": [
      { event: "PostToolUse", matches: { toolOutput: "hi\n\n\n[Process exited with code 0]", toolName: "Execute" } },
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "other" } },
      { event: "Stop", matches: { stopHookActive: false } },
      { event: "UserPromptSubmit", matches: { prompt: "Run echo hi with the shell tool, then say done." } },
      { event: "PreCompact", matches: { trigger: "manual" } },
      { event: "Notification", matches: { message: "Droid needs your permission to use Execute" } },
      { event: "SubagentStop", matches: { lastAssistantMessage: "Found scripts/build.sh and scripts/release.sh.", stopHookActive: false } },
    ],
  },
  matchers: {
    config: { PreToolUse: "Execute|Create", PostToolUse: "Exec" },
    cases: {
      "matcher: Execute (Droid's shell) matches, Read does not": [
        { event: "PreToolUse", env: DROID_ENV, reply: denied },
        { event: "PreToolUse", env: DROID_ENV, raw: (p) => ({ ...p("PreToolUse"), tool_name: "Read", tool_input: { file_path: "a.txt" } }), reply: null },
      ],
      "matcher: a prefix of the tool name is no match": [{ event: "PostToolUse", env: DROID_ENV, reply: null }],
    },
  },
  missing: { events: ["PermissionRequest", "PostToolUseFailure", "SubagentStart", "PostCompact"] },
  install: {
    kind: "settings",
    tool: "Execute",
    timeout: 30,
    dir: ".factory",
    override: { name: "FACTORY_HOME_OVERRIDE", settings: (dir) => join(dir, ".factory", "settings.json") },
    native: { PreToolUse: "PreToolUse", PostToolUse: "PostToolUse", Stop: "Stop" },
    extras: () => ({}),
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
  },
  extra: (payload) => {
    describe("droid: a modify keeps Execute's required risk fields valid", () => {
      const modify = (updatedInput: Record<string, unknown>, raw?: Record<string, unknown>) => {
        const box = sandbox();
        const config = writeScriptedConfig(box);
        const result = respond(box, config, "droid", "PreToolUse", raw ?? payload("PreToolUse", box), { decision: "modify", updatedInput }, DROID_ENV);
        expect(result.exitCode).toBe(0);
        return JSON.parse(result.stdout);
      };

      test("valid fields of the handler are kept", () => {
        const updatedInput = { command: "echo safe", riskLevel: "high", riskLevelReason: "Rewritten by policy." };
        expect(modify(updatedInput)).toEqual(modified(updatedInput));
      });

      test("an invalid riskLevel or a blank reason gives way to the host's own", () => {
        expect(modify({ command: "echo safe", riskLevel: "banana", riskLevelReason: " " })).toEqual(
          modified({ command: "echo safe", riskLevel: "low", riskLevelReason: RISK_REASON }),
        );
      });

      test("other tools' inputs are passed on as the handler gave them", () => {
        const create = { ...payload("PreToolUse"), tool_name: "Create", tool_input: { file_path: "a.txt", content: "x" } };
        expect(modify({ file_path: "b.txt", content: "y" }, create)).toEqual(modified({ file_path: "b.txt", content: "y" }));
      });
    });

    describe("droid and Claude Code are told apart by Factory's variables, never by CLAUDE_PROJECT_DIR", () => {
      test("a Claude Code call that inherited Droid's environment (claude run from a Droid shell) stays Claude Code's", () => {
        const box = sandbox();
        const config = writeScriptedConfig(box);
        const raw = fixturePayload("claude-code", "PreToolUse", box);
        const seen = seenEvent(box, config, "claude-code", "PreToolUse", raw, DROID_ENV);
        expect(seen.hostPlatform).toBe("claude-code");
        expect(respond(box, config, "claude-code", "PreToolUse", raw, { decision: "ask", reason: "R" }, DROID_ENV).stdout).toBe(
          `${JSON.stringify(specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "R" }))}\n`,
        );
      });

      test("a Droid call carrying Claude Code's variable is Droid's, answered in Droid's shape", () => {
        const box = sandbox();
        const config = writeScriptedConfig(box);
        const env = { ...DROID_ENV, CLAUDE_PROJECT_DIR: "/claude/project" };
        expect(seenEvent(box, config, "droid", "PreToolUse", payload("PreToolUse", box), env)).toMatchObject({
          hostPlatform: "droid",
          projectDir: "/droid/project",
        });
        // Claude would take this prompt block; Droid needs continue: false.
        expect(respond(box, config, "droid", "UserPromptSubmit", payload("UserPromptSubmit", box), { decision: "deny", reason: "R" }, env).stdout).toBe(
          `${JSON.stringify({ continue: false, stopReason: "R" })}\n`,
        );
      });
    });
  },
};
