import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { sandbox, stdoutJson, writeConfig, type Sandbox } from "./support/harness.ts";

/**
 * A host of a paradigm we build for where nothing install writes would ever run (NemoClaw: its
 * OpenClaw lives in a sandbox). It is listed, so users learn why; install writes nothing for it.
 */
const SOURCE = `{ id: "test", hooks: { PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny" }) }, Stop: { handler: () => undefined } } }`;
const REASON =
  "its OpenClaw runs inside an OpenShell sandbox that loads only plugins baked into the sandbox image (nemoclaw onboard --from <Dockerfile>), and neither the agent-connector binary nor the compiled connector is reachable from there.";

/** Every file under the sandbox, except agent-connector's own folder. */
function files(box: Sandbox): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  return walk(box.root)
    .map((file) => relative(box.root, file))
    .filter((file) => !file.startsWith("home/.agent-connector/"))
    .sort();
}

describe("nemoclaw: listed as a plugin host, not supported", () => {
  test("install reports every declared event unavailable with the reason, and writes nothing, either scope", () => {
    const box = sandbox();
    const config = writeConfig(box, SOURCE);
    const before = files(box);
    for (const scope of ["user", "project"]) {
      const result = box.cli(["install", "--config", config, "--platform", "nemoclaw", "--scope", scope, "--json"]);
      expect(result.exitCode).toBe(0);
      const [host] = (stdoutJson(result) as { results: Record<string, unknown>[] }).results;
      expect(host).toEqual({
        platform: "nemoclaw",
        name: "NemoClaw",
        paradigm: "ts-plugin",
        scope,
        wired: [],
        unavailable: ["PreToolUse", "Stop"],
        degradations: [],
        extras: [],
        warnings: [`NemoClaw cannot run agent-connector hooks: ${REASON} Nothing is installed for PreToolUse, Stop.`],
        matcherWarnings: [],
        nativeSkipped: [],
        status: "nothing-to-install",
      });
    }
    expect(files(box)).toEqual(before);
    // Nothing was installed there, so there is nothing to remove: a usage error, as for any host it never went to.
    const uninstall = box.cli(["uninstall", "--connector", "test", "--platform", "nemoclaw"]);
    expect(uninstall.exitCode).toBe(2);
    expect(uninstall.stderr).toContain(`connector "test" is not installed for nemoclaw`);
    expect(files(box)).toEqual(before);
  });

  test("explain lists nine plugin hosts, NemoClaw's with no handlers and the reason", () => {
    const box = sandbox();
    const config = writeConfig(box, SOURCE);
    const json = stdoutJson(box.cli(["explain", "--config", config, "--json"])) as { hosts: { platform: string; paradigm: string; handlers: string }[] };
    const plugins = json.hosts.filter((host) => host.paradigm === "ts-plugin").map((host) => `${host.platform}: ${host.handlers}`);
    expect(plugins).toEqual(
      ["opencode", "kilo-cli", "kilo", "mimo-code", "pi", "omp", "amp", "openclaw"].map((id) => `${id}: in-process-worker`).concat("nemoclaw: none"),
    );
    const text = box.cli(["explain", "--config", config]).stdout;
    expect(text).toContain(`\nnemoclaw (ts-plugin) is not supported: ${REASON}\n`);
    expect(text).toMatch(/^nemoclaw +user +unavailable +unavailable$/m);
  });
});
