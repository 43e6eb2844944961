import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS, HOST_IDS as ADAPTER_IDS } from "../adapters/index.ts";
import { BIN, sandbox, writeConfig } from "./support/harness.ts";

/** `explain`: host × event matrix for every adapter, from the same planning as install. */

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Shell|bash", handler: () => ({ decision: "deny", reason: "no" }) },
    PostToolUse: { matcher: "MCP:.*", handler: () => undefined },
    Stop: { handler: () => undefined },
    PermissionRequest: { handler: () => undefined },
  },
}`;

function setup() {
  const box = sandbox();
  const config = writeConfig(box, CONFIG);
  return { box, config, explain: (...extra: string[]) => box.cli(["explain", "--config", config, ...extra]) };
}

/** The matrix (the lines after the title, up to the first blank line), cells split where 2+ spaces separate them. */
function rowsOf(stdout: string) {
  const lines = stdout.split("\n").slice(1);
  const matrix = lines.slice(0, lines.indexOf(""));
  return new Map(matrix.map((line) => line.split(/\s{2,}/)).map((cells) => [cells[0]!, cells.slice(1)] as const));
}

describe("explain", () => {
  test("--json arrives whole through a pipe its reader drains late (more than the 64 KiB a pipe holds)", () => {
    const { box, config } = setup();
    const piped = Bun.spawnSync(["sh", "-c", '"$0" explain --config "$1" --json | (sleep 0.3; cat)', BIN, config], { cwd: box.project, env: box.env });
    const text = piped.stdout.toString();
    expect(text.length).toBeGreaterThan(65536);
    expect(JSON.parse(text).hosts.map((host: { platform: string }) => host.platform)).toEqual(ADAPTER_IDS);
  });

  test("the matrix: wired with native or run-time matcher, unavailable, * where something degrades", () => {
    const { explain } = setup();
    const result = explain();
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toStartWith(`guard (`);
    const rows = rowsOf(result.stdout);
    expect(rows.get("host")).toEqual(["scope", "PreToolUse", "PostToolUse", "Stop", "PermissionRequest"]);
    // Nothing degrades on Claude Code's PreToolUse: a rewrite there keeps its permission flow.
    expect(rows.get("claude-code")).toEqual(["user", "wired, native matcher", "wired, native matcher *", "wired *", "wired *"]);
    expect(rows.get("cursor")).toEqual(["user", "wired, native matcher *", "wired, run-time matcher *", "wired *", "unavailable"]);
    expect(rows.get("copilot-cli")).toEqual(["user", "wired, run-time matcher *", "wired, run-time matcher *", "wired *", "wired *"]);
    expect(rows.get("vscode-copilot")).toEqual(["user", "wired, run-time matcher", "wired, run-time matcher *", "wired *", "unavailable"]);
  });

  test("every host in adapters/index.ts has a row", () => {
    const rows = rowsOf(setup().explain().stdout);
    expect([...rows.keys()]).toEqual(["host", ...ADAPTER_IDS]);
  });

  test("each degradation is listed per host and event", () => {
    const { stdout } = setup().explain();
    const rows = stdout.split("\n").map((line) => line.split(/\s{2,}/));
    const of = (host: string) => rows.filter((cells) => cells[0] === host && cells.length === 3).map((cells) => `${cells[1]}: ${cells[2]}`);
    expect(of("cursor")).toEqual([
      "PreToolUse: ask → no opinion (the host's own permission flow)",
      "PreToolUse: context → dropped (the host has no context channel here)",
      "PreToolUse: modify → a rewrite that also approves the call: the host's own permission prompt for it is skipped",
      "PostToolUse: deny → context carrying the reason (the host cannot block here)",
      "PostToolUse: updatedOutput → context carrying the new output",
      "Stop: context → dropped (the host has no context channel here)",
    ]);
    expect(of("vscode-copilot")).toEqual([
      "PostToolUse: updatedOutput → context carrying the new output",
      "Stop: context → dropped (the host has no context channel here)",
    ]);
    expect(stdout).toContain("  copilot-cli also runs claude-code's project hooks in trusted folders\n");
    expect(stdout).toContain("  vscode-copilot also runs copilot-cli's user and project hooks\n");
  });

  test("--json: the plan of every host, with its cross-host data", () => {
    const { box, explain } = setup();
    const doc = JSON.parse(explain("--json").stdout);
    expect(doc.connector).toBe("guard");
    expect(doc.events).toEqual(["PreToolUse", "PostToolUse", "Stop", "PermissionRequest"]);
    expect(doc.hosts.map((h: { platform: string }) => h.platform)).toEqual([...ADAPTER_IDS]);
    const copilot = doc.hosts.find((h: { platform: string }) => h.platform === "copilot-cli");
    expect(copilot.wired).toEqual([
      { event: "PreToolUse", nativeEvent: "preToolUse", matcher: "runtime" },
      { event: "PostToolUse", nativeEvent: "postToolUse", matcher: "runtime" },
      { event: "Stop", nativeEvent: "agentStop", matcher: "all" },
      { event: "PermissionRequest", nativeEvent: "permissionRequest", matcher: "all" },
    ]);
    expect(copilot.unavailable).toEqual([]);
    expect(copilot.alsoRuns).toEqual([
      { platform: "claude-code", scopes: ["project"], when: "in trusted folders" },
      { platform: "vscode-copilot", scopes: ["user", "project"] },
      { platform: "jetbrains-copilot", scopes: ["project"] },
    ]);
    expect(copilot.nativeHooks).toBe(true);
    expect(copilot.handlers).toBe("hook-command");
    expect(doc.hosts.find((h: { platform: string }) => h.platform === "opencode").handlers).toBe("in-process-worker");
    expect(doc.hosts.find((h: { platform: string }) => h.platform === "devin").nativeHooks).toBe(false);
    const cursor = doc.hosts.find((h: { platform: string }) => h.platform === "cursor");
    expect(cursor.unavailable).toEqual(["PermissionRequest"]);
    expect(cursor.file).toBe(join(box.home, ".cursor", "hooks.json"));
    expect(cursor.entries).toBeUndefined();
  });

  test("says which json-stdio hosts take no native hooks, and what to know per host", () => {
    const { stdout } = setup().explain();
    // Which hosts each line names comes from the adapters, so a new host needs no edit here.
    const inProcess = ADAPTERS.filter((adapter) => adapter.hooks.kind === "plugin-module").map((adapter) => adapter.id);
    const noNative = ADAPTERS.filter((adapter) => (adapter.hooks.kind === "hook-file" || adapter.hooks.kind === "hooks-folder") && !adapter.nativeHooks).map(
      (adapter) => adapter.id,
    );
    expect(inProcess).toContain("opencode");
    expect(noNative).toContain("devin");
    expect(stdout).toContain(
      `\nin-process on ${inProcess.join(", ")}: handlers run inside the host's process, in a worker thread (a busy loop costs its time budget, not the host);` +
        " a call goes to the agent-connector binary instead while the connector runs from its source (it cannot be compiled, or changed since install) or where the host's runtime cannot start the worker.\n",
    );
    expect(stdout).toContain(`\nno native hooks (platforms.<id>.nativeHooks) on: ${noNative.join(", ")}\n`);
    expect(stdout).toContain(
      "\n  hermes: Hermes Agent runs a new hook command only after you approve it: start `hermes` once in a terminal and accept each agent-connector hook it asks about.",
    );
    expect(stdout).toContain(
      "\n  continue: Continue CLI 1.5.47 loads these hooks but fires none (no call site in that release): they are wired per its source and verified by fixtures only.\n",
    );
    expect(stdout).toContain(
      "\n  codebuddy: CodeBuddy Code runs hooks changed outside the CLI only after they are approved in its /hooks panel: open it once.\n",
    );
    // Planned for its project scope, the only one it has.
    expect(stdout).toContain("\n  jetbrains-copilot: GitHub Copilot for JetBrains: the hook contract is taken from the source of the Copilot language server");
    expect(stdout).toContain("  continue also runs claude-code's user and project hooks\n");
    expect(stdout).toContain("  devin also runs claude-code's user and project hooks\n");
    expect(stdout).toContain("  grok-build also runs cursor's project hooks\n");
  });

  test("writes nothing", () => {
    const { box, explain } = setup();
    explain();
    expect(readdirSync(box.home)).toEqual([]);
  });

  test("an unknown option is a usage error", () => {
    const result = setup().explain("--platfrom", "cursor");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("unknown option --platfrom");
  });
});
