/**
 * `simulate --all EVENT --shell CMD …`: one command proves a guard on every hook host, each with
 * its own payload for that kind of call (its tool name, its field shapes), built from its
 * vocabulary. The README's guard denies everywhere; one written with one host's tool name fails,
 * naming the hosts where it does not.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hookHosts } from "./support/tool-calls.ts";
import { REPO, sandbox, writeConfig } from "./support/harness.ts";

/** The README's example guard, as the README shows it. */
const README_GUARD = /```ts\n([\s\S]*?)```/.exec(readFileSync(join(REPO, "README.md"), "utf8"))![1]!;

interface AllResult {
  hosts: { host: string; tool?: string; does?: string; skipped?: string; differs?: boolean }[];
  differ: string[];
}

describe("simulate --all", () => {
  test("the README's guard: every hook host asked denies `rm -rf /`, on its own shell tool", () => {
    const box = sandbox();
    box.write("project/agent-connector.config.ts", README_GUARD);
    const run = box.cli(["simulate", "--all", "PreToolUse", "--shell", "rm -rf /", "--expect", "deny", "--json"]);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout) as AllResult;
    expect(result.differ).toEqual([]);
    const asked = result.hosts.filter((h) => !h.skipped);
    // Every host whose PreToolUse hook install writes is asked (none skipped for want of a tool).
    expect(asked.map((h) => h.host).sort()).toEqual(
      hookHosts
        .filter((a) => !("unknown" in (a.tools ?? { unknown: "" })))
        .map((a) => a.id)
        .sort(),
    );
    expect(asked.every((h) => h.does === "deny")).toBe(true);
    const text = box.cli(["simulate", "--all", "PreToolUse", "--shell", "rm -rf /", "--expect", "deny", "--platforms", "claude-code,cursor"]);
    expect(text.stdout).toBe("claude-code: Bash: handler deny; host does: deny\ncursor: Shell: handler deny; host does: deny\n\nevery host asked does deny\n");
  });

  test("a guard written with one host's tool name fails, naming the hosts that do otherwise", () => {
    const box = sandbox();
    box.write("project/agent-connector.config.ts", README_GUARD.replace('matcher: "@shell"', 'matcher: "Bash"'));
    const run = box.cli(["simulate", "--all", "PreToolUse", "--shell", "rm -rf /", "--expect", "deny", "--platforms", "claude-code,cursor,gemini-cli"]);
    expect(run.exitCode).toBe(5);
    expect(run.stdout).toBe(
      [
        "claude-code: Bash: handler deny; host does: deny",
        "cursor: Shell: handler not called; host does: no opinion  ≠ expected deny",
        "gemini-cli: run_shell_command: handler not called; host does: no opinion  ≠ expected deny",
        "",
        "2 host(s) do not deny: cursor, gemini-cli",
        "",
      ].join("\n"),
    );
  });

  test("--write PATH: each host's own write tool and path field; a .env guard denies on every one", () => {
    const box = sandbox();
    writeConfig(
      box,
      `{ id: "env", hooks: { PreToolUse: { matcher: "@write|@edit", handler: (e) => ((e.tool.filePaths ?? []).some((p) => p.endsWith(".env")) ? { decision: "deny", reason: "no" } : undefined) } } }`,
    );
    for (const kind of ["--write", "--edit"]) {
      const result = JSON.parse(box.cli(["simulate", "--all", "PreToolUse", kind, ".env", "--expect", "deny", "--json"]).stdout) as AllResult;
      expect(result.differ).toEqual([]);
      expect(result.hosts.find((h) => h.host === "copilot-cli")?.tool).toBe(kind === "--write" ? "create" : "edit");
    }
  });

  test("--all without a call, or with two, is a usage error", () => {
    const box = sandbox();
    box.write("project/agent-connector.config.ts", README_GUARD);
    expect(box.cli(["simulate", "--all", "PreToolUse"]).exitCode).toBe(2);
    expect(box.cli(["simulate", "--all", "PreToolUse", "--shell", "x", "--read", "y"]).exitCode).toBe(2);
  });
});
