import { afterAll, describe, expect, test } from "bun:test";
import { generous } from "./support/budget.ts";
import { statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { sandbox, type Sandbox } from "./support/harness.ts";
import { claudeDeny, DAEMON_ON, daemonReady, prePayload } from "./reliability/support.ts";

/**
 * A compiled connector (src/compiled/artifact.ts) is used only while every file it was made from
 * is unchanged. A file rewritten with the same size and its old modification time put back (`cp -p`
 * of a copy made with `touch -r`, `touch -r` after an edit, some sync tools) must not be served
 * from the stale copy: the stamp holds the change time and the inode too, which such tools cannot
 * restore. Both ways: a call in a process of its own, and a daemon's worker.
 */
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, generous(60_000));

const MODES: [string, Record<string, string>][] = [
  ["in a process of its own", {}],
  ["in a daemon's worker", DAEMON_ON],
];

const CONFIG = `import { defineConnector } from "agent-connector";\nimport { reason } from "./reason.ts";\nexport default defineConnector({ id: "test", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason }) } } });\n`;
const reasonFile = (word: string) => `export const reason = "${word}";\n`;

function installed(env: Record<string, string>): Sandbox {
  const box = sandbox();
  boxes.push(box);
  box.write(join(box.project, "reason.ts"), reasonFile("one"));
  box.write(join(box.project, "agent-connector.config.ts"), CONFIG);
  expect(box.cli(["install", "--platform", "claude-code"]).exitCode).toBe(0);
  if (env === DAEMON_ON) daemonReady(box);
  return box;
}

const compiledMtime = (box: Sandbox) => statSync(join(box.env.AGENT_CONNECTOR_HOME!, "compiled", "test.js")).mtimeMs;

for (const [mode, env] of MODES) {
  describe(`a file rewritten with its old size and time is not served stale (${mode})`, () => {
    test(
      "cp -p of a same-size copy made with touch -r",
      () => {
        const box = installed(env);
        expect(box.hook("claude-code", "PreToolUse", prePayload(), { env }).stdout).toBe(claudeDeny("one"));
        const reason = join(box.project, "reason.ts");
        const copy = box.write(join(box.root, "reason.new"), reasonFile("two"));
        expect(Bun.spawnSync(["touch", "-r", reason, copy]).exitCode).toBe(0);
        const before = statSync(reason);
        expect(Bun.spawnSync(["cp", "-p", copy, reason]).exitCode).toBe(0);
        const after = statSync(reason);
        expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
        expect(box.hook("claude-code", "PreToolUse", prePayload(), { env }).stdout).toBe(claudeDeny("two"));
      },
      generous(30_000),
    );

    test(
      "an edit of the config in place, its old time put back; an unchanged file keeps the compiled copy",
      async () => {
        const box = installed(env);
        expect(box.hook("claude-code", "PreToolUse", prePayload(), { env }).stdout).toBe(claudeDeny("one"));
        // Nothing changed: the calls use the compiled copy and leave it as it is (no compile started).
        const compiled = compiledMtime(box);
        await Bun.sleep(300);
        expect(box.hook("claude-code", "PreToolUse", prePayload(), { env }).stdout).toBe(claudeDeny("one"));
        await Bun.sleep(500);
        expect(compiledMtime(box)).toBe(compiled);
        const config = join(box.project, "agent-connector.config.ts");
        const { atime, mtime, size } = statSync(config);
        // The same size: the reason becomes "1", five spaces fewer.
        box.write(
          config,
          CONFIG.replace('decision: "deny", reason }', 'decision: "deny", reason: "1" }').replace(
            "hooks: { PreToolUse: { handler: () =>",
            "hooks:{PreToolUse:{handler: ()=>",
          ),
        );
        utimesSync(config, atime, mtime);
        expect([statSync(config).size, statSync(config).mtimeMs]).toEqual([size, mtime.getTime()]);
        expect(box.hook("claude-code", "PreToolUse", prePayload(), { env }).stdout).toBe(claudeDeny("1"));
      },
      generous(30_000),
    );
  });
}
