import { describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, linkSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fixturePayload, sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { loadPlugin } from "./support/plugin-host.ts";

/**
 * MiMo Code: OpenCode's plugin contract (test/opencode-module.test.ts covers the module in full). No
 * capture of a real MiMo run exists; its plugin arguments are OpenCode's (its Hooks type).
 * MiMo also loads the project's .opencode/ plugins, so each module checks which host runs it.
 */

const opencodeModule = (box: Sandbox) => join(box.project, ".opencode", "plugins", "agent-connector-test-opencode.ts");
const mimoModule = (box: Sandbox) => join(box.project, ".mimocode", "plugin", "agent-connector-test-mimo-code.ts");

function installedForBoth() {
  const box = sandbox();
  const config = writeScriptedConfig(box);
  for (const platform of ["opencode", "mimo-code"]) {
    expect(box.cli(["install", "--config", config, "--platform", platform, "--scope", "project", "--project-dir", box.project]).exitCode).toBe(0);
  }
  return box;
}

/** This Bun under another executable name, as `process.execPath` shows a host's binary. */
function runtimeNamed(box: Sandbox, name: string): string {
  const dir = join(box.root, "bin");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  if (existsSync(file)) return file;
  try {
    linkSync(process.execPath, file);
  } catch {
    copyFileSync(process.execPath, file);
  }
  return file;
}

describe("mimo-code: loaded next to OpenCode's module", () => {
  test("distinct file names, so a name-based dedupe keeps both", () => {
    const box = installedForBoth();
    expect(box.exists(opencodeModule(box))).toBe(true);
    expect(box.exists(mimoModule(box))).toBe(true);
  });

  test("each module answers only in its own host (MiMo loads .opencode/ too)", () => {
    const box = installedForBoth();
    const probe = box.write(
      "probe.ts",
      `const plugin = (await import(process.argv[2]!)).default;\nconsole.log(Object.keys(await plugin.server({})).length > 0 ? "hooks" : "none");\n`,
    );
    const hooksIn = (host: string, module: string) =>
      Bun.spawnSync([runtimeNamed(box, host), probe, module], { env: box.env, cwd: box.project })
        .stdout.toString()
        .trim();
    expect(hooksIn("mimo", opencodeModule(box))).toBe("none");
    expect(hooksIn("mimo", mimoModule(box))).toBe("hooks");
    expect(hooksIn("opencode", opencodeModule(box))).toBe("hooks");
    expect(hooksIn("opencode", mimoModule(box))).toBe("none");
    expect(hooksIn("kilo.exe", mimoModule(box))).toBe("none");
  });

  test("deny and context through MiMo's module, with OpenCode-shaped arguments", async () => {
    const box = installedForBoth();
    const host = await loadPlugin(box, mimoModule(box));
    const deny = await host.call(fixturePayload("opencode", "tool.execute.before", box), {
      AC_TEST_RESPONSE: JSON.stringify({ decision: "deny", reason: "R" }),
    });
    expect(deny.threw).toBe("R");
    await host.call(fixturePayload("opencode", "chat.message", box), { AC_TEST_RESPONSE: JSON.stringify({ additionalContext: "P" }) });
    const transform = await host.run("experimental.chat.system.transform", { sessionID: "ses_dd613ea15ffeDQunEhIKBC638o" }, { system: [] });
    expect(transform.output.system).toEqual(["P"]);
  });
});
