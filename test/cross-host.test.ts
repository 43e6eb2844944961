import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeConfig, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { block, everyDecision, respond, seenEvent, specific, type Expected } from "./support/decisions.ts";

/**
 * One installed command, several hosts: Copilot CLI and VS Code run `.claude/settings.json`, VS Code
 * runs Copilot's hook folders, Cursor runs Claude's files. The runtime tells the real host by its
 * marker and answers in that host's shape; install warns when a handler would fire twice.
 */

// Copilot CLI runs Claude Code's project hooks with its PascalCase ("VS Code compatible") payload
// and COPILOT_CLI=1 in the environment (test/fixtures/copilot-cli/claude-format).
const UNDER_COPILOT = { COPILOT_CLI: "1" };
const pascal = (event: string, box?: Sandbox) => fixturePayload("copilot-cli", `claude-format/${event}`, box);

const GUEST_EXPECTED: Expected = {
  SessionStart: {},
  SessionEnd: {},
  UserPromptSubmit: {},
  // The Claude-shaped permission works on PascalCase PreToolUse (seen in the real 1.0.102 run); no context there.
  PreToolUse: {
    allow: specific("PreToolUse", { permissionDecision: "allow" }),
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
    ask: specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "R" }),
    modify: specific("PreToolUse", { permissionDecision: "allow", updatedInput: { command: "echo safe" } }),
  },
  PostToolUse: {},
  Stop: { deny: block },
};

everyDecision("claude-code hooks run by Copilot CLI: every decision, Copilot's PascalCase contract", "claude-code", GUEST_EXPECTED, pascal, UNDER_COPILOT);

describe("the runtime tells which host called", () => {
  let box: Sandbox;
  let config: string;
  beforeAll(() => {
    box = sandbox();
    config = writeScriptedConfig(box);
  });
  const deny = { decision: "deny", reason: "R" };
  const out = (value: unknown) => `${JSON.stringify(value)}\n`;

  test("a claude-code command under Copilot CLI: hostPlatform copilot-cli, Copilot's PascalCase fields", () => {
    expect(seenEvent(box, config, "claude-code", "PreToolUse", pascal("PreToolUse", box), { ...UNDER_COPILOT, COPILOT_PROJECT_DIR: "/the/project" })).toEqual({
      hostPlatform: "copilot-cli",
      connectorId: "test",
      sessionId: "d8ca9712-26b1-4891-9fc7-fac9a46ce884",
      projectDir: "/the/project",
      toolName: "Bash",
      toolInput: { command: "echo hi | tee tool-ran.marker", description: "Print hi" },
      // Claude's name for Copilot's bash, in Copilot's guest vocabulary: still the shell.
      tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
    });
    expect(seenEvent(box, config, "claude-code", "PostToolUse", pascal("PostToolUse", box), UNDER_COPILOT)).toMatchObject({
      hostPlatform: "copilot-cli",
      toolOutput: "hi\n<shellId: 0 completed with exit code 0>",
      isError: false,
    });
    expect(seenEvent(box, config, "claude-code", "SessionStart", pascal("SessionStart", box), UNDER_COPILOT).source).toBe("startup");
  });

  test("the same command under Claude Code stays claude-code and keeps Claude's context channel", () => {
    const claude = fixturePayload("claude-code", "PreToolUse", box);
    expect(seenEvent(box, config, "claude-code", "PreToolUse", claude).hostPlatform).toBe("claude-code");
    const context = { decision: "context", additionalContext: "C" };
    expect(respond(box, config, "claude-code", "PreToolUse", claude, context).stdout).toBe(out(specific("PreToolUse", { additionalContext: "C" })));
    expect(respond(box, config, "claude-code", "PreToolUse", pascal("PreToolUse", box), context, UNDER_COPILOT).stdout).toBe("");
  });

  test("Claude Code started from a Copilot or Cursor shell (their env vars leaked) is still Claude Code", () => {
    const claude = fixturePayload("claude-code", "PreToolUse", box);
    const leaked = { COPILOT_CLI: "1", CURSOR_VERSION: "2.1.0" };
    expect(seenEvent(box, config, "claude-code", "PreToolUse", claude, leaked).hostPlatform).toBe("claude-code");
    expect(respond(box, config, "claude-code", "PreToolUse", claude, deny, leaked).stdout).toBe(
      out(specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" })),
    );
  });

  test("a claude-code command under VS Code: hostPlatform vscode-copilot, VS Code's nested Stop", () => {
    const stop = fixturePayload("vscode-copilot", "Stop", box);
    expect(seenEvent(box, config, "claude-code", "Stop", stop)).toMatchObject({ hostPlatform: "vscode-copilot", sessionId: "vs-7f1c" });
    expect(respond(box, config, "claude-code", "Stop", stop, deny).stdout).toBe(out(specific("Stop", { decision: "block", reason: "R" })));
  });

  test("a copilot-cli command run by VS Code from ~/.copilot/hooks: VS Code's payload and reply", () => {
    const pre = fixturePayload("vscode-copilot", "PreToolUse", box);
    expect(seenEvent(box, config, "copilot-cli", "PreToolUse", pre)).toMatchObject({ hostPlatform: "vscode-copilot", toolName: "run_in_terminal" });
    expect(respond(box, config, "copilot-cli", "PreToolUse", pre, deny).stdout).toBe(
      out(specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" })),
    );
  });

  test("a vscode-copilot command run by Copilot CLI from .github/hooks: Copilot's PascalCase contract", () => {
    expect(seenEvent(box, config, "vscode-copilot", "PreToolUse", pascal("PreToolUse", box), UNDER_COPILOT).hostPlatform).toBe("copilot-cli");
    expect(respond(box, config, "vscode-copilot", "Stop", pascal("Stop", box), deny, UNDER_COPILOT).stdout).toBe(out(block));
  });

  test("a claude-code command under Cursor: hostPlatform cursor, Cursor's permission reply", () => {
    const pre = fixturePayload("cursor", "preToolUse", box);
    expect(seenEvent(box, config, "claude-code", "PreToolUse", pre, { CURSOR_VERSION: "2.1.0" })).toMatchObject({
      hostPlatform: "cursor",
      sessionId: "c-41f0",
      toolName: "Shell",
    });
    expect(respond(box, config, "claude-code", "PreToolUse", pre, deny, { CURSOR_VERSION: "2.1.0" }).stdout).toBe(
      out({ permission: "deny", user_message: "R", agent_message: "R" }),
    );
  });

  test("COPILOT_CLI does not change a copilot-cli command's own camelCase contract", () => {
    const result = respond(box, config, "copilot-cli", "PreToolUse", fixturePayload("copilot-cli", "preToolUse", box), deny, UNDER_COPILOT);
    expect(result.stdout).toBe(out({ permissionDecision: "deny", permissionDecisionReason: "R" }));
  });
});

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Bash|Shell|bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
    Notification: { handler: () => undefined },
  },
}`;
const TWICE_UNDER_COPILOT = (scope: string) =>
  `GitHub Copilot CLI also runs Claude Code's project-scope hooks in trusted folders, and this connector is installed for GitHub Copilot CLI (${scope}) too: each of its handlers fires twice there for one event, both times with hostPlatform "copilot-cli". Keep one of the two installs. Under GitHub Copilot CLI: Notification never fires; PreToolUse context → dropped (the host has no context channel here); PreToolUse modify → a rewrite that also approves the call: the host's own permission prompt for it is skipped; PreToolUse ask → the host asks about the original call: a rewrite given with the ask is dropped; Stop context → dropped (the host has no context channel here).`;

describe("install warns when one handler would fire twice", () => {
  const setup = () => {
    const box = sandbox();
    const config = writeConfig(box, CONFIG);
    const install = (...extra: string[]) => box.cli(["install", "--config", config, "--project-dir", box.project, ...extra]);
    return { box, install };
  };

  test("claude-code (project) and copilot-cli targeted together", () => {
    const { install } = setup();
    const result = install("--platform", "claude-code,copilot-cli", "--scope", "project");
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`[warn] ${TWICE_UNDER_COPILOT("project")}\n`);
    expect(result.stderr.split("fires twice").length - 1).toBe(1);
  });

  test("vice versa: copilot-cli installed after claude-code (project), known from the registry", () => {
    const { install } = setup();
    const first = install("--platform", "claude-code", "--scope", "project");
    expect(first.stderr).not.toContain("also runs");
    const second = install("--platform", "copilot-cli");
    expect(second.stderr).toContain(TWICE_UNDER_COPILOT("user"));
  });

  test("--json carries the warning on the claude-code result", () => {
    const { install } = setup();
    const result = install("--platform", "claude-code,copilot-cli", "--scope", "project", "--json");
    const claude = JSON.parse(result.stdout).results.find((r: { platform: string }) => r.platform === "claude-code");
    expect(claude.warnings).toContain(TWICE_UNDER_COPILOT("project"));
  });

  test("a detected host that runs the file is named, once", () => {
    const { box, install } = setup();
    box.write(join(box.home, ".copilot", "config.json"), "{}");
    const result = install("--platform", "claude-code", "--scope", "project");
    expect(result.stderr).toContain(
      `GitHub Copilot CLI also runs Claude Code's project-scope hooks in trusted folders: GitHub Copilot CLI is on this machine, so these handlers run there too, with hostPlatform "copilot-cli". Under GitHub Copilot CLI: Notification never fires; PreToolUse context → dropped (the host has no context channel here); PreToolUse modify → a rewrite that also approves the call: the host's own permission prompt for it is skipped; PreToolUse ask → the host asks about the original call: a rewrite given with the ask is dropped; Stop context → dropped (the host has no context channel here).\n`,
    );
    expect(result.stderr).not.toContain("fires twice");
  });

  test("user scope Claude hooks are not run by Copilot CLI: no warning", () => {
    const { box, install } = setup();
    box.write(join(box.home, ".copilot", "config.json"), "{}");
    expect(install("--platform", "claude-code,copilot-cli").stderr).not.toContain("GitHub Copilot CLI also runs");
  });

  test("VS Code and Copilot CLI share ~/.copilot/hooks: each runs the other's file", () => {
    const { install } = setup();
    const result = install("--platform", "copilot-cli,vscode-copilot");
    expect(result.stderr).toContain(
      `GitHub Copilot in VS Code also runs GitHub Copilot CLI's user-scope hooks, and this connector is installed for GitHub Copilot in VS Code (user) too`,
    );
    expect(result.stderr).toContain(
      `GitHub Copilot CLI also runs GitHub Copilot in VS Code's user-scope hooks, and this connector is installed for GitHub Copilot CLI (user) too`,
    );
  });
});

describe("install without --platform: every detected host, one summary table", () => {
  test("detected hosts only, with wired / unavailable events and degradation counts", () => {
    const box = sandbox();
    const config = writeConfig(box, CONFIG);
    box.write(join(box.home, ".cursor", "mcp.json"), "{}");
    box.write(join(box.home, ".copilot", "config.json"), "{}");
    const result = box.cli(["install", "--config", config]);
    expect(result.exitCode).toBe(0);
    const rows = result.stderr
      .split("\n")
      .slice(0, 3)
      .map((line) => line.split(/\s{2,}/));
    expect(rows).toEqual([
      ["host", "scope", "file", "status", "wired", "unavailable", "degradations"],
      ["Cursor", "user", "~/.cursor/hooks.json", "installed", "PreToolUse, Stop", "Notification", "4"],
      ["GitHub Copilot CLI", "user", "~/.copilot/hooks/agent-connector-guard.json", "installed", "PreToolUse (run-time matcher), Stop, Notification", "-", "4"],
    ]);
    expect(result.stderr).toContain("[warn] Cursor has no Notification event: this handler never runs there.\n");
    expect(result.stderr).toContain(
      "[info] If your handlers return them, some responses degrade on Cursor, GitHub Copilot CLI: agent-connector explain shows which.\n",
    );
    expect(box.exists(join(box.home, ".claude"))).toBe(false);
  });

  test("--json keeps one result per detected host", () => {
    const box = sandbox();
    const config = writeConfig(box, CONFIG);
    box.write(join(box.home, ".cursor", "mcp.json"), "{}");
    const result = box.cli(["install", "--config", config, "--json", "--dry-run"]);
    const doc = JSON.parse(result.stdout);
    expect(doc.results.map((r: { platform: string; status: string }) => [r.platform, r.status])).toEqual([["cursor", "would-change"]]);
  });
});
