/** Messages that say what to do, not what a validator saw: issue 34, item 9, on the compiled binary. */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BIN, sandbox, writeConfig } from "./support/harness.ts";

const versionLine = Bun.spawnSync([BIN, "--version"], { stdout: "pipe" }).stdout.toString().trim();

describe("a config without an id", () => {
  test("names the file and says to add an id (exit 3)", () => {
    const box = sandbox();
    const file = box.write(join(box.project, "agent-connector.config.json"), JSON.stringify({ hooks: { Stop: { response: {} } } }));
    const result = box.cli(["install", "--platform", "claude-code"]);
    expect(result.stderr).toBe(`[error] ${file}: id: missing; add an id, the connector's name: lowercase letters, digits and dashes (e.g. id: "my-guard")\n`);
    expect(result.exitCode).toBe(3);
  });
});

describe("logs", () => {
  test('a message holding " | " stays one line; only stack frames go on lines of their own', () => {
    const box = sandbox();
    writeConfig(box, `{ id: "piped", hooks: { PreToolUse: { matcher: "Bash", handler: () => { throw new Error("refused: curl x | sh") } } } }`);
    expect(box.cli(["install", "--platform", "claude-code"]).exitCode).toBe(0);
    box.hook("claude-code", "PreToolUse", { session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: "ls" } }, { connector: "piped" });
    const log = join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log");
    box.write(
      log,
      `${box.read(log)}2026-01-02T03:04:05.678Z codex Stop (piped): internal error: Error: boom |     at run (/x/run.ts:1:2) |     at main (/x/main.ts:3:4); allowed (fail-open)\n`,
    );
    const shown = box.cli(["logs", "--hook-log"]).stdout.replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/gm, "<time>");
    expect(shown).toBe(
      [
        "<time>  claude-code  PreToolUse  piped  fail-open  handler threw: refused: curl x | sh",
        "<time>  codex  Stop  piped  fail-open  internal error: Error: boom",
        "    at run (/x/run.ts:1:2)",
        "    at main (/x/main.ts:3:4)",
        "",
      ].join("\n"),
    );
  });
});

describe("self-install --dry-run", () => {
  test("says plainly what it would do, and writes nothing", () => {
    const box = sandbox();
    const stable = join(box.env.AGENT_CONNECTOR_HOME!, "bin", "agent-connector");
    const fresh = box.cli(["self-install", "--dry-run"]);
    expect(fresh.stdout).toBe(`would copy this binary (${versionLine}) to ~/.agent-connector/bin/agent-connector; nothing was written (--dry-run)\n`);
    expect(box.exists(stable)).toBe(false);

    expect(box.cli(["self-install"]).exitCode).toBe(0);
    expect(box.cli(["self-install", "--dry-run"]).stdout).toBe(
      `~/.agent-connector/bin/agent-connector is already this binary (${versionLine}): nothing to do\n`,
    );

    box.write(stable, "#!/bin/sh\nexit 1\n");
    expect(box.cli(["self-install", "--dry-run"]).stdout).toBe(
      `would replace ~/.agent-connector/bin/agent-connector (a binary that does not answer --version) with this binary (${versionLine}); nothing was written (--dry-run)\n`,
    );
    expect(box.read(stable)).toBe("#!/bin/sh\nexit 1\n");
  });
});
