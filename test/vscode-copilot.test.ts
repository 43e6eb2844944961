import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { block, everyDecision, respond, seenEvent, specific, type Expected } from "./support/decisions.ts";
import { hookCommand, installSetup } from "./support/install.ts";

/** GitHub Copilot in VS Code: replies, normalization, run-time matchers, our own hook file. */

// Fixtures written from https://code.visualstudio.com/docs/agents/reference/hooks-reference.
const payload = (event: string, box?: Sandbox) => fixturePayload("vscode-copilot", event, box);

const EXPECTED: Expected = {
  SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
  // Common output only: `continue:false` would end the whole session, so nothing is sent.
  UserPromptSubmit: {},
  PreToolUse: {
    allow: specific("PreToolUse", { permissionDecision: "allow" }),
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
    ask: specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "R" }),
    modify: specific("PreToolUse", { permissionDecision: "allow", updatedInput: { command: "echo safe" } }),
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
};

everyDecision("vscode-copilot: every decision on every event", "vscode-copilot", EXPECTED, payload);

describe("vscode-copilot: runtime", () => {
  let box: Sandbox;
  let config: string;
  beforeAll(() => {
    box = sandbox();
    config = writeScriptedConfig(box, { matchers: { PreToolUse: "runTerminalCommand", SubagentStop: "Plan" } });
  });
  const deny = { decision: "deny", reason: "R" };

  test("PreToolUse: camelCase sessionId next to snake_case tool fields", () => {
    expect(seenEvent(box, config, "vscode-copilot", "PreToolUse", payload("PreToolUse", box))).toEqual({
      hostPlatform: "vscode-copilot",
      connectorId: "test",
      sessionId: "vs-7f1c",
      projectDir: box.project,
      toolName: "runTerminalCommand",
      toolInput: { command: "git reset --hard" },
    });
  });

  test("session_id is accepted too (the announced rename)", () => {
    const { sessionId: _, ...raw } = payload("Stop", box);
    expect(seenEvent(box, config, "vscode-copilot", "Stop", { ...raw, session_id: "renamed" }).sessionId).toBe("renamed");
  });

  test("the other events' fields", () => {
    expect(seenEvent(box, config, "vscode-copilot", "SessionStart", payload("SessionStart", box)).source).toBe("startup");
    expect(seenEvent(box, config, "vscode-copilot", "UserPromptSubmit", payload("UserPromptSubmit", box)).prompt).toBe("Clean up the repo");
    expect(seenEvent(box, config, "vscode-copilot", "PostToolUse", payload("PostToolUse", box)).toolOutput).toBe("HEAD is now at 1a2b3c4 init");
    expect(seenEvent(box, config, "vscode-copilot", "PreCompact", payload("PreCompact", box)).trigger).toBe("auto");
    expect(seenEvent(box, config, "vscode-copilot", "Stop", payload("Stop", box)).stopHookActive).toBe(false);
    expect(seenEvent(box, config, "vscode-copilot", "SubagentStart", payload("SubagentStart", box))).toMatchObject({ agentId: "subagent-456", agentType: "Plan" });
  });

  test("matchers run at run time (VS Code ignores them): listed tool matches, another does not", () => {
    expect(respond(box, config, "vscode-copilot", "PreToolUse", payload("PreToolUse", box), deny).stdout).toBe(`${JSON.stringify(EXPECTED.PreToolUse!.deny)}\n`);
    expect(respond(box, config, "vscode-copilot", "PreToolUse", { ...payload("PreToolUse", box), tool_name: "editFiles" }, deny).stdout).toBe("");
    expect(respond(box, config, "vscode-copilot", "SubagentStop", { ...payload("SubagentStop", box), agent_type: "Ask" }, deny).stdout).toBe("");
  });
});

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "runTerminalCommand", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
    SessionEnd: { handler: () => undefined },
  },
}`;
const ourFile = (box: Sandbox) => join(box.home, ".copilot", "hooks", "agent-connector-guard.vscode.json");
const entry = (event: string) => ({ type: "command", command: hookCommand("vscode-copilot", event), timeout: 30 });
const OUR_FILE = `${JSON.stringify({ version: 1, hooks: { PreToolUse: [entry("PreToolUse")], Stop: [entry("Stop")] } }, null, 2)}\n`;

describe("vscode-copilot: install", () => {
  test("writes our own file in ~/.copilot/hooks: PascalCase keys, flat command/timeout entries, no matcher", () => {
    const { box, install } = installSetup("vscode-copilot", CONFIG);
    const result = install();
    expect(result.exitCode).toBe(0);
    expect(box.read(ourFile(box))).toBe(OUR_FILE);
    expect(result.stderr).toContain("GitHub Copilot in VS Code has no SessionEnd event: this handler never runs there.");
    expect(result.stderr).toContain("PreToolUse (run-time matcher), Stop");
  });

  test("the installed command answers as VS Code runs it", () => {
    const { box, install } = installSetup("vscode-copilot", CONFIG);
    install();
    const line = JSON.parse(box.read(ourFile(box))).hooks.PreToolUse[0].command;
    const proc = Bun.spawnSync(["sh", "-c", line], { env: box.env, stdin: Buffer.from(JSON.stringify(payload("PreToolUse", box))) });
    expect(proc.stdout.toString()).toBe(`${JSON.stringify(specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }))}\n`);
  });

  test("project scope writes <project>/.github/hooks/agent-connector-guard.vscode.json", () => {
    const { box, install } = installSetup("vscode-copilot", CONFIG);
    expect(install("--scope", "project", "--project-dir", box.project).exitCode).toBe(0);
    expect(box.read(join(box.project, ".github", "hooks", "agent-connector-guard.vscode.json"))).toBe(OUR_FILE);
  });

  test("reinstall: same bytes; uninstall deletes the file; other files stay", () => {
    const { box, install, uninstall } = installSetup("vscode-copilot", CONFIG);
    const mine = box.write(join(box.home, ".copilot", "hooks", "format.json"), `{ "hooks": { "PostToolUse": [{ "type": "command", "command": "./fmt.sh" }] } }\n`);
    install();
    expect(install().stderr).toContain("already up to date");
    expect(box.read(ourFile(box))).toBe(OUR_FILE);
    expect(uninstall().stderr).toContain("removed 2 hooks");
    expect(box.exists(ourFile(box))).toBe(false);
    expect(box.read(mine)).toBe(`{ "hooks": { "PostToolUse": [{ "type": "command", "command": "./fmt.sh" }] } }\n`);
  });

  test("a malformed file of ours is never overwritten: exit 4", () => {
    const { box, install } = installSetup("vscode-copilot", CONFIG);
    box.write(ourFile(box), `{ "hooks": [] }`);
    const result = install();
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${ourFile(box)}: hooks must be an object of events; nothing was written`);
    expect(box.read(ourFile(box))).toBe(`{ "hooks": [] }`);
  });

  test("--dry-run writes nothing", () => {
    const { box, install } = installSetup("vscode-copilot", CONFIG);
    const result = install("--dry-run");
    expect(result.stdout).toContain(`+++ ${ourFile(box)}`);
    expect(box.exists(ourFile(box))).toBe(false);
  });
});
