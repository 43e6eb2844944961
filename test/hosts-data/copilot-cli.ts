import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { block } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { PLAIN, URL_HTTP } from "./mcp.ts";

// camelCase events and fields. The PascalCase (Claude-format) contract is in test/cross-host.test.ts.
const context = (text: string) => ({ additionalContext: text });
const hooksDir = (box: Sandbox) => join(box.home, ".copilot", "hooks");
const ourFile = (box: Sandbox) => join(hooksDir(box), "agent-connector-guard.json");
const entry = (event: string, matcher?: string) => ({
  type: "command",
  bash: hookCommand("copilot-cli", event),
  ...(matcher ? { matcher } : {}),
  timeoutSec: 30,
});
const OUR_FILE = () =>
  `${JSON.stringify({ version: 1, hooks: { preToolUse: [entry("PreToolUse")], agentStop: [entry("Stop")], permissionRequest: [entry("PermissionRequest", "bash|edit")] } }, null, 2)}\n`;
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
    PermissionRequest: { matcher: "bash|edit", handler: () => undefined },
    PostCompact: { handler: () => undefined },
  },
}`;

export const copilotCli: HostRecord = {
  id: "copilot-cli",
  mcp: {
    kind: "user-file",
    file: ".copilot/mcp-config.json",
    root: "mcpServers",
    rec: { type: "local", ...PLAIN.rec, tools: ["*"] },
    api: { type: "http", url: URL_HTTP, tools: ["*"] },
  },
  fixtures: {
    SessionStart: captured("sessionStart"),
    SessionEnd: captured("sessionEnd"),
    UserPromptSubmit: captured("userPromptSubmitted"),
    PreToolUse: captured("preToolUse"),
    PostToolUse: captured("postToolUse"),
    Stop: captured("agentStop"),
    PermissionRequest: captured("permissionRequest"),
    PreCompact: fromDocs("preCompact"),
    Notification: fromDocs("notification"),
    PostToolUseFailure: fromDocs("postToolUseFailure"),
    SubagentStart: fromDocs("subagentStart"),
    SubagentStop: fromDocs("subagentStop"),
  },
  replies: {
    // Context reaches the model although the docs say the output is ignored (1.0.102, test/hosts).
    SessionStart: { deny: context("R"), context: context("C") },
    SessionEnd: {},
    UserPromptSubmit: { deny: context("R"), context: context("C") },
    PreToolUse: {
      allow: { permissionDecision: "allow" },
      deny: { permissionDecision: "deny", permissionDecisionReason: "R" },
      ask: { permissionDecision: "ask", permissionDecisionReason: "R" },
      // modifiedArgs alone keeps Copilot's permission flow (real run 1.0.102).
      modify: { modifiedArgs: { command: "echo safe" } },
    },
    PostToolUse: {},
    PreCompact: {},
    Stop: { deny: block },
    Notification: { deny: context("R"), context: context("C") },
    PermissionRequest: { allow: { behavior: "allow" }, deny: { behavior: "deny", message: "R" } },
    PostToolUseFailure: { deny: context("R"), context: context("C") },
    SubagentStart: { deny: context("R"), context: context("C") },
    SubagentStop: { deny: block },
  },
  seen: {
    "preToolUse from the real payload": [
      {
        event: "PreToolUse",
        env: { COPILOT_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: {
          hostPlatform: "copilot-cli",
          connectorId: "test",
          sessionId: "d8ca9712-26b1-4891-9fc7-fac9a46ce884",
          projectDir: "/the/project",
          toolName: "bash",
          toolInput: { command: "echo hi | tee tool-ran.marker", description: "Print hi" },
        },
      },
    ],
    "toolArgs sent as a JSON string (as the docs allow) is parsed": [
      {
        event: "PreToolUse",
        raw: (p) => ({ ...p("PreToolUse"), toolArgs: JSON.stringify({ command: "ls" }) }),
        check: (seen) => expect(seen.toolInput).toEqual({ command: "ls" }),
      },
    ],
    "postToolUse: textResultForLlm is the output, resultType says whether it failed": [
      { event: "PostToolUse", matches: (box) => ({ toolOutput: "hi\n<shellId: 0 completed with exit code 0>", isError: false, projectDir: box.project }) },
      {
        event: "PostToolUse",
        raw: (p) => ({ ...p("PostToolUse"), toolResult: { resultType: "failure", textResultForLlm: "boom" } }),
        matches: { toolOutput: "boom", isError: true },
      },
    ],
    "the other events' fields": [
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "complete" } },
      { event: "UserPromptSubmit", matches: { prompt: "Run echo hi using the bash tool." } },
      { event: "Stop", matches: { stopHookActive: false } },
      { event: "PermissionRequest", matches: { toolName: "bash", toolInput: { command: "echo hi | tee tool-ran.marker" }, permissionSuggestions: [] } },
      { event: "PreCompact", matches: { trigger: "manual" } },
      { event: "Notification", matches: { message: "Copilot needs your approval" } },
      { event: "PostToolUseFailure", matches: { toolName: "bash", error: "Command failed with exit code 3" } },
      { event: "SubagentStart", matches: { agentType: "explore" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "bash", SubagentStart: "explore" },
    cases: {
      "matcher at run time: Copilot's own tool names": [
        { event: "PreToolUse", reply: { permissionDecision: "deny", permissionDecisionReason: "R" } },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), toolName: "view" }), reply: null },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), toolName: "Bash" }), reply: null },
      ],
      "matcher on subagent events: the agent name": [
        { event: "SubagentStart", response: { decision: "context", additionalContext: "C" }, reply: context("C") },
        {
          event: "SubagentStart",
          raw: (p) => ({ ...p("SubagentStart"), agentName: "task" }),
          response: { decision: "context", additionalContext: "C" },
          reply: null,
        },
      ],
      "a deny whose render fails would still block by exit 2; here the reply renders": [
        { event: "PreToolUse", response: { decision: "deny" }, reply: { permissionDecision: "deny", permissionDecisionReason: "Blocked by the test hook" } },
      ],
    },
  },
  install: {
    kind: "hook-file",
    source: SOURCE,
    // Our own file in ~/.copilot/hooks: camelCase keys, flat bash/timeoutSec entries, a native matcher only where documented.
    file: ourFile,
    projectFile: (project) => join(project, ".github", "hooks", "agent-connector-guard.json"),
    override: { name: "COPILOT_HOME", file: (dir) => join(dir, "hooks", "agent-connector-guard.json") },
    fresh: OUR_FILE,
    freshStderr: () => [
      "GitHub Copilot CLI has no PostCompact event: this handler never runs there.",
      "PreToolUse (run-time matcher), Stop, PermissionRequest",
    ],
    command: (written) => written.hooks.preToolUse[0].bash,
    commandEnv: { COPILOT_CLI: "1" },
    deny: { permissionDecision: "deny", permissionDecisionReason: "no shell" },
    hooks: 3,
    refused: [{ text: "{ not json", error: (box) => `${ourFile(box)}: cannot be parsed` }],
    dryRun: [`+  "version": 1,`],
    dryRunAbsent: hooksDir,
    uninstallDryRun: () => `-  "version": 1,`,
  },
  extra: () => {
    describe("copilot-cli: files that are not ours, entries that are not ours", () => {
      const USER_FILE = `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"./audit.sh","timeoutSec":5}]}}\n`;

      test("the user's own hook files are not touched", () => {
        const { box, install, uninstall } = installSetup("copilot-cli", SOURCE);
        box.write(join(hooksDir(box), "audit.json"), USER_FILE);
        install();
        uninstall();
        expect(box.read(join(hooksDir(box), "audit.json"))).toBe(USER_FILE);
      });

      test("uninstall deletes our file even without the backup, once no hook is left in it", () => {
        const { box, install, uninstall } = installSetup("copilot-cli", SOURCE);
        install();
        Bun.spawnSync(["rm", "-rf", join(box.home, ".agent-connector", "backups")]);
        uninstall();
        expect(box.exists(ourFile(box))).toBe(false);
      });

      test("uninstall keeps an entry the user added to our file", () => {
        const { box, install, uninstall } = installSetup("copilot-cli", SOURCE);
        install();
        const mine = { type: "command", bash: "./mine.sh" };
        const edited = JSON.parse(box.read(ourFile(box)));
        edited.hooks.sessionEnd = [mine];
        box.write(ourFile(box), JSON.stringify(edited, null, 2));
        uninstall();
        expect(JSON.parse(box.read(ourFile(box)))).toEqual({ version: 1, hooks: { sessionEnd: [mine] } });
      });
    });
  },
};
