import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeConfig, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { respond, seenEvent, specific } from "./support/decisions.ts";

/**
 * Hosts that also run Claude Code's settings files (Continue's `cn`, Devin CLI, Grok Build, which
 * reads Cursor's hooks.json too) and the JetBrains plugin, which shares .github/hooks with VS Code:
 * the runtime answers as the host that really called, and install warns about double firing.
 */

const deny = { decision: "deny", reason: "R" };
const out = (value: unknown) => `${JSON.stringify(value)}\n`;

describe("a claude-code command run by a host that reads Claude's files", () => {
  let box: Sandbox;
  let config: string;
  beforeAll(() => {
    box = sandbox();
    config = writeScriptedConfig(box);
  });

  test("under Continue (CONTINUE_PROJECT_DIR): hostPlatform continue, Claude's reply shape", () => {
    const raw = fixturePayload("continue", "PreToolUse", box);
    const env = { CONTINUE_PROJECT_DIR: "/the/project", CLAUDE_PROJECT_DIR: "/the/project" };
    expect(seenEvent(box, config, "claude-code", "PreToolUse", raw, env)).toMatchObject({
      hostPlatform: "continue",
      sessionId: "0d4c7b8e-5a61-4f0e-9d2b-3f6a1c2e9b70",
      toolName: "Bash",
    });
    expect(respond(box, config, "claude-code", "PreToolUse", raw, deny, env).stdout).toBe(
      out(specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" })),
    );
  });

  test("under Devin (DEVIN_PROJECT_DIR): hostPlatform devin, Devin's top-level decision", () => {
    const raw = fixturePayload("devin", "PreToolUse", box);
    const env = { DEVIN_PROJECT_DIR: "/the/project" };
    expect(seenEvent(box, config, "claude-code", "PreToolUse", raw, env)).toMatchObject({
      hostPlatform: "devin",
      projectDir: "/the/project",
      toolName: "exec",
    });
    expect(respond(box, config, "claude-code", "PreToolUse", raw, deny, env).stdout).toBe(out({ decision: "block", reason: "R" }));
    // Devin has no context channel: what Claude would take is dropped there.
    expect(
      respond(box, config, "claude-code", "SessionStart", fixturePayload("devin", "SessionStart", box), { decision: "context", additionalContext: "C" }, env)
        .stdout,
    ).toBe("");
  });

  test("under Grok Build (GROK_HOOK_EVENT): hostPlatform grok-build, camelCase payload; Stop is observe-only", () => {
    const env = { GROK_HOOK_EVENT: "PreToolUse", CLAUDE_PROJECT_DIR: "/x" };
    const raw = fixturePayload("grok-build", "PreToolUse", box);
    expect(seenEvent(box, config, "claude-code", "PreToolUse", raw, env)).toMatchObject({
      hostPlatform: "grok-build",
      sessionId: "0193f1c2-7a",
      toolName: "run_terminal_command",
    });
    expect(respond(box, config, "claude-code", "PreToolUse", raw, deny, env).stdout).toBe(
      out(specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" })),
    );
    expect(respond(box, config, "claude-code", "Stop", fixturePayload("grok-build", "Stop", box), deny, { GROK_HOOK_EVENT: "Stop" }).stdout).toBe("");
  });

  test("a cursor command run by Grok Build from .cursor/hooks.json: Grok's contract, not Cursor's", () => {
    const raw = fixturePayload("grok-build", "PreToolUse", box);
    const env = { GROK_HOOK_EVENT: "preToolUse" };
    expect(seenEvent(box, config, "cursor", "PreToolUse", raw, env).hostPlatform).toBe("grok-build");
    expect(respond(box, config, "cursor", "PreToolUse", raw, deny, env).stdout).toBe(
      out(specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" })),
    );
  });

  test("without those variables the same payloads stay claude-code's", () => {
    const raw = fixturePayload("claude-code", "PreToolUse", box);
    expect(seenEvent(box, config, "claude-code", "PreToolUse", raw).hostPlatform).toBe("claude-code");
    expect(seenEvent(box, config, "claude-code", "Stop", fixturePayload("devin", "Stop", box)).hostPlatform).toBe("claude-code");
  });

  test("JetBrains' language server sends Copilot CLI's camelCase payload: a vscode-copilot command in the shared folder cannot read it and fails open; the jetbrains-copilot one reads it", () => {
    const raw = fixturePayload("jetbrains-copilot", "PreToolUse", box);
    const vscode = respond(box, config, "vscode-copilot", "PreToolUse", raw, { decision: "deny", reason: "R" });
    expect({ stdout: vscode.stdout, exitCode: vscode.exitCode }).toEqual({ stdout: "", exitCode: 0 });
    expect(vscode.stderr).toContain("agent-connector: vscode-copilot PreToolUse: PreToolUse payload: toolName: Invalid key");
    expect(seenEvent(box, config, "jetbrains-copilot", "PreToolUse", raw).hostPlatform).toBe("jetbrains-copilot");
  });

  test("a jetbrains-copilot command run by VS Code from .github/hooks: VS Code's payload and reply", () => {
    // PreToolUse: an event the JetBrains file has; VS Code takes context there, JetBrains does not.
    const raw = fixturePayload("vscode-copilot", "PreToolUse", box);
    expect(seenEvent(box, config, "jetbrains-copilot", "PreToolUse", raw)).toMatchObject({ hostPlatform: "vscode-copilot", sessionId: "vs-7f1c" });
    const context = { decision: "context", additionalContext: "C" };
    expect(respond(box, config, "jetbrains-copilot", "PreToolUse", raw, context).stdout).toBe(out(specific("PreToolUse", { additionalContext: "C" })));
  });
});

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
  },
}`;

describe("install warns when a Claude reader would fire a handler twice", () => {
  const setup = () => {
    const box = sandbox();
    const config = writeConfig(box, CONFIG);
    const install = (...extra: string[]) => box.cli(["install", "--config", config, "--project-dir", box.project, ...extra]);
    return { box, install };
  };

  test("claude-code and continue together (user scope): twice under Continue", () => {
    const result = setup().install("--platform", "claude-code,continue");
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(
      `[warn] Continue CLI also runs Claude Code's user-scope hooks, and this connector is installed for Continue CLI (user) too: each of its handlers fires twice there for one event, both times with hostPlatform "continue". Keep one of the two installs. Under Continue CLI: PreToolUse modify → a rewrite that also approves the call: the host's own permission prompt for it is skipped; PreToolUse ask → the host asks about the original call: a rewrite given with the ask is dropped; Stop context → dropped (the host has no context channel here).\n`,
    );
  });

  test("claude-code and devin together (project scope): twice under Devin, with Devin's degradations", () => {
    const result = setup().install("--platform", "claude-code,devin", "--scope", "project");
    expect(result.stderr).toContain(
      `[warn] Devin CLI also runs Claude Code's project-scope hooks, and this connector is installed for Devin CLI (project) too: each of its handlers fires twice there for one event, both times with hostPlatform "devin". Keep one of the two installs. Under Devin CLI: PreToolUse ask → no opinion (the host's own permission flow); PreToolUse modify → ignored (the original input is used); PreToolUse context → dropped (the host has no context channel here); Stop context → dropped (the host has no context channel here).\n`,
    );
  });

  test("claude-code alone with Grok Build on the machine: named once", () => {
    const { box, install } = setup();
    box.write(join(box.home, ".grok", "config.toml"), "");
    const result = install("--platform", "claude-code");
    expect(result.stderr).toContain(
      `Grok Build also runs Claude Code's user-scope hooks: Grok Build is on this machine, so these handlers run there too, with hostPlatform "grok-build".`,
    );
    expect(result.stderr.split("Grok Build also runs").length - 1).toBe(1);
  });

  test("cursor at user scope is not read by Grok Build: no warning", () => {
    const { box, install } = setup();
    box.write(join(box.home, ".grok", "config.toml"), "");
    expect(install("--platform", "cursor").stderr).not.toContain("Grok Build also runs");
  });

  test("jetbrains-copilot and vscode-copilot share .github/hooks: each runs the other's file", () => {
    const result = setup().install("--platform", "jetbrains-copilot,vscode-copilot", "--scope", "project");
    expect(result.stderr).toContain(
      `GitHub Copilot for JetBrains also runs GitHub Copilot in VS Code's project-scope hooks, and this connector is installed for GitHub Copilot for JetBrains (project) too`,
    );
    expect(result.stderr).toContain(
      `GitHub Copilot in VS Code also runs GitHub Copilot for JetBrains's project-scope hooks, and this connector is installed for GitHub Copilot in VS Code (project) too`,
    );
  });
});
