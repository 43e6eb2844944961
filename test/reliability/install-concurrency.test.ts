/**
 * Parallel installs and uninstalls end in exactly the state some serial order gives: every
 * connector whose last word was install is in every host file, in the registry and (Codex) trusted
 * with the right hash; every uninstalled one is gone; the user's own settings are untouched.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BIN, sandbox, writeConfig, type Sandbox } from "../support/harness.ts";
import { codexHookHash, codexEventLabel } from "../../src/host-config/codex-trust.ts";
import { parse as parseToml } from "smol-toml";
import { generous } from "../support/budget.ts";

const HOSTS = ["claude-code", "codex", "copilot-cli"];
const STAYING = 20;
const LEAVING = 12;
const USER_SETTINGS = `{\n  // mine\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "my-guard" }] }]\n  }\n}\n`;

const id = (i: number) => `c${i}`;

function writeConnector(box: Sandbox, i: number): string {
  return writeConfig(
    box,
    `{ id: "${id(i)}", hooks: { PreToolUse: { matcher: "Bash", handler: () => undefined }, Stop: { handler: () => undefined } } }`,
    `c${i}.config.ts`,
  );
}

async function run(box: Sandbox, args: string[]) {
  const proc = Bun.spawn([BIN, ...args], { cwd: box.project, env: box.env, stdout: "pipe", stderr: "pipe" });
  const [exitCode, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  return { exitCode, stderr, args: args.join(" ") };
}

/** Connector ids whose commands are in a hook file's text. */
const idsIn = (text: string) => [...new Set([...text.matchAll(/--connector (c\d+)/g)].map((m) => m[1]!))].sort();

describe("parallel install and uninstall", () => {
  test(
    `${STAYING} installs ∥ ${LEAVING} uninstalls on ${HOSTS.length} hosts end as a serial order would`,
    async () => {
      const box = sandbox();
      const settings = join(box.home, ".claude", "settings.json");
      box.write(settings, USER_SETTINGS);
      const configs = Array.from({ length: STAYING + LEAVING }, (_, i) => writeConnector(box, i));
      // The leaving ones are installed first, one after another.
      for (let i = STAYING; i < STAYING + LEAVING; i++)
        expect((await run(box, ["install", "--config", configs[i]!, "--platform", HOSTS.join(",")])).exitCode).toBe(0);

      const runs = await Promise.all([
        ...configs.slice(0, STAYING).map((config) => run(box, ["install", "--config", config, "--platform", HOSTS.join(",")])),
        ...configs.slice(STAYING).map((_, j) => run(box, ["uninstall", "--connector", id(STAYING + j)])),
      ]);
      expect(runs.filter((r) => r.exitCode !== 0)).toEqual([]);

      const staying = Array.from({ length: STAYING }, (_, i) => id(i)).sort();
      expect(idsIn(box.read(settings))).toEqual(staying);
      expect(box.read(settings)).toContain(`"command": "my-guard"`);
      expect(box.read(settings)).toContain("// mine");
      const codexHooks = join(box.home, ".codex", "hooks.json");
      expect(idsIn(box.read(codexHooks))).toEqual(staying);
      const copilotFiles = staying.map((c) => join(box.home, ".copilot", "hooks", `agent-connector-${c}.json`));
      expect(copilotFiles.every((file) => box.exists(file))).toBe(true);
      for (let i = STAYING; i < STAYING + LEAVING; i++) expect(box.exists(join(box.home, ".copilot", "hooks", `agent-connector-${id(i)}.json`))).toBe(false);

      const registry = JSON.parse(box.read(join(box.home, ".agent-connector", "registry.json")));
      expect(Object.keys(registry.connectors).sort()).toEqual(staying);
      for (const c of staying) expect(registry.connectors[c].installs.map((r: { platform: string }) => r.platform).sort()).toEqual([...HOSTS].sort());

      // Codex trust: exactly one entry per handler of ours, at its position, with its hash.
      const hooks = JSON.parse(box.read(codexHooks)).hooks as Record<string, { matcher?: string; hooks: { command: string; timeout: number }[] }[]>;
      const expected: Record<string, string> = {};
      for (const [event, groups] of Object.entries(hooks)) {
        for (const [g, group] of groups.entries()) {
          for (const [j, h] of group.hooks.entries()) {
            expected[`${codexHooks}:${codexEventLabel(event)}:${g}:${j}`] = codexHookHash(codexEventLabel(event), group.matcher, {
              command: h.command,
              timeout: h.timeout,
            });
          }
        }
      }
      const state = (parseToml(box.read(join(box.home, ".codex", "config.toml"))) as { hooks: { state: Record<string, { trusted_hash: string }> } }).hooks
        .state;
      expect(Object.fromEntries(Object.entries(state).map(([key, value]) => [key, value.trusted_hash]))).toEqual(expected);
      expect(Object.keys(expected)).toHaveLength(STAYING * 2);

      // And everything goes back: all uninstalled in parallel, the user's file has its bytes again.
      const out = await Promise.all(staying.map((c) => run(box, ["uninstall", "--connector", c])));
      expect(out.filter((r) => r.exitCode !== 0)).toEqual([]);
      expect(box.read(settings)).toBe(USER_SETTINGS);
      expect(box.exists(codexHooks)).toBe(false);
      expect(JSON.parse(box.read(join(box.home, ".agent-connector", "registry.json"))).connectors).toEqual({});
      console.log(
        `# concurrency: ${runs.length} parallel processes (${STAYING} install, ${LEAVING} uninstall) on ${HOSTS.length} hosts, then ${out.length} parallel uninstalls`,
      );
    },
    generous(120_000),
  );

  test("a lock left by a killed install is taken over", async () => {
    const box = sandbox();
    const config = writeConnector(box, 0);
    // pid 2^22+1 does not exist (above Linux's pid_max default); the lock names this host.
    const { hostname } = await import("node:os");
    box.write(join(box.home, ".agent-connector", "install.lock"), JSON.stringify({ pid: 4194305, host: hostname(), since: "2026-01-01T00:00:00Z" }));
    const result = await run(box, ["install", "--config", config, "--platform", "claude-code"]);
    expect(result.exitCode).toBe(0);
    expect(box.exists(join(box.home, ".agent-connector", "install.lock"))).toBe(false);
    expect(idsIn(box.read(join(box.home, ".claude", "settings.json")))).toEqual(["c0"]);
  });
});
