import { describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { sandbox, type Sandbox } from "./support/harness.ts";

/**
 * install compiles a connector (with its imports) into $AGENT_CONNECTOR_HOME/compiled/<id>.js; hook
 * calls load that instead of the source, and never a stale one.
 */
const payload = { session_id: "s", cwd: "/p", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };
const deny = (reason: string) =>
  `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } })}\n`;
const compiledFile = (box: Sandbox, name = "test.js") => join(box.env.AGENT_CONNECTOR_HOME!, "compiled", name);
const header = (box: Sandbox) => JSON.parse(box.read(compiledFile(box)).split("\n", 1)[0]!.replace("//agent-connector:compiled ", ""));

function installed(files: Record<string, string>): Sandbox {
  const box = sandbox();
  for (const [name, text] of Object.entries(files)) box.write(join(box.project, name), text);
  const result = box.cli(["install", "--platform", "claude-code"]);
  expect(result.exitCode).toBe(0);
  return box;
}

const WITH_HELPER = {
  "reason.ts": `export const reason = "from the helper";\n`,
  "agent-connector.config.ts": `import { defineConnector } from "agent-connector";\nimport { reason } from "./reason.ts";\nexport default defineConnector({ id: "test", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason }) } } });\n`,
};

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  for (const started = performance.now(); performance.now() - started < ms; await Bun.sleep(50)) if (check()) return true;
  return false;
}

describe("compiled connectors", () => {
  test("install compiles the config and its imports into one private file; a hook call needs no registry", () => {
    const box = installed(WITH_HELPER);
    const meta = header(box);
    expect(meta).toMatchObject({ v: 1, id: "test", kind: "script", source: join(box.project, "agent-connector.config.ts") });
    expect(meta.inputs.map((input: unknown[]) => input[0]).sort()).toEqual([join(box.project, "agent-connector.config.ts"), join(box.project, "reason.ts")]);
    expect(statSync(compiledFile(box)).mode & 0o777).toBe(0o600);
    box.write(join(box.env.AGENT_CONNECTOR_HOME!, "registry.json"), "not json");
    expect(box.hook("claude-code", "PreToolUse", payload).stdout).toBe(deny("from the helper"));
  });

  test("an edited import is used at once, and the compiled copy catches up in the background", async () => {
    const box = installed(WITH_HELPER);
    const before = header(box).inputs;
    box.write(join(box.project, "reason.ts"), `export const reason = "edited, longer reason";\n`);
    expect(box.hook("claude-code", "PreToolUse", payload).stdout).toBe(deny("edited, longer reason"));
    expect(await until(() => JSON.stringify(header(box).inputs) !== JSON.stringify(before))).toBe(true);
    box.write(join(box.env.AGENT_CONNECTOR_HOME!, "registry.json"), "not json");
    expect(box.hook("claude-code", "PreToolUse", payload).stdout).toBe(deny("edited, longer reason"));
  });

  test("an edited config is used at once, never the stale copy", () => {
    const box = installed(WITH_HELPER);
    box.write(
      join(box.project, "agent-connector.config.ts"),
      WITH_HELPER["agent-connector.config.ts"].replace('decision: "deny", reason }', 'decision: "deny", reason: "edited config" }'),
    );
    expect(box.hook("claude-code", "PreToolUse", payload).stdout).toBe(deny("edited config"));
  });

  test("a config that cannot be compiled (top-level await) runs from its source, and install says so", () => {
    const box = sandbox();
    const config = box.write(
      join(box.project, "agent-connector.config.ts"),
      `import { defineConnector } from "agent-connector";\nconst reason = await Promise.resolve("awaited");\nexport default defineConnector({ id: "test", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason }) } } });\n`,
    );
    const result = box.cli(["install", "--platform", "claude-code", "--json"]);
    expect(result.exitCode).toBe(0);
    const compiled = JSON.parse(result.stdout).compiled;
    expect(compiled.ok).toBe(false);
    expect(compiled.reason).toBeString();
    expect(header(box)).toMatchObject({ kind: "source", source: config });
    expect(box.cli(["install", "--platform", "claude-code"]).stderr).toContain("cannot be compiled");
    expect(box.hook("claude-code", "PreToolUse", payload).stdout).toBe(deny("awaited"));
  });

  test("a JSON config is kept as JSON", () => {
    const box = installed({
      "agent-connector.config.json": JSON.stringify({ id: "test", hooks: { PreToolUse: { response: { decision: "deny", reason: "json" } } } }),
    });
    expect(header(box).kind).toBe("json");
    box.write(join(box.env.AGENT_CONNECTOR_HOME!, "registry.json"), "not json");
    expect(box.hook("claude-code", "PreToolUse", payload).stdout).toBe(deny("json"));
  });

  test("a large connector is also kept as bytecode", () => {
    const table = Array.from({ length: 4000 }, (_, i) => `"entry number ${i} of a big table"`).join(",");
    const box = installed({
      "big.ts": `export const TABLE = [${table}];\n`,
      "agent-connector.config.ts": `import { defineConnector } from "agent-connector";\nimport { TABLE } from "./big.ts";\nexport default defineConnector({ id: "test", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: TABLE[3999] }) } } });\n`,
    });
    const meta = header(box);
    expect(meta.bytecode).toBe(compiledFile(box, "test.bytecode.cjs"));
    expect(box.exists(compiledFile(box, "test.bytecode.cjs.jsc"))).toBe(true);
    expect(box.hook("claude-code", "PreToolUse", payload).stdout).toBe(deny("entry number 3999 of a big table"));
  });

  test("uninstalling the last install removes the compiled files", () => {
    const box = installed(WITH_HELPER);
    expect(box.cli(["uninstall", "--connector", "test"]).exitCode).toBe(0);
    expect(box.exists(compiledFile(box))).toBe(false);
  });

  test("compile: rebuilds an installed connector; an unknown one is a usage error", () => {
    const box = installed(WITH_HELPER);
    box.write(join(box.project, "reason.ts"), `export const reason = "recompiled";\n`);
    const result = box.cli(["compile", "--connector", "test", "--json"]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, path: compiledFile(box), bytecode: false });
    expect(box.read(compiledFile(box))).toContain("recompiled");
    const unknown = box.cli(["compile", "--connector", "nope"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain(`connector "nope" is not installed`);
  });
});
