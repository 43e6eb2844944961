import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { sandbox, stdoutJson, writeConfig } from "./support/harness.ts";
import { findAdapter } from "../adapters/index.ts";

setDefaultTimeout(60_000);

/**
 * Issue 34: installing for a host that is not on this machine says so (and installs anyway), and
 * the files install wrote never make the host count as present afterwards.
 */

const connector = (id: string) => `{ id: "${id}", hooks: { PreToolUse: { matcher: "Bash", handler: () => undefined } } }`;
const CURSOR_NOT_FOUND =
  "Cursor was not found on this machine (no cursor or cursor-agent on PATH, nothing of its own in ~/.cursor): installed anyway; its hooks run once Cursor is there.";

/** A sandbox whose PATH is one folder of its own: no host's program is on it unless the test puts it there. */
function bareMachine() {
  const box = sandbox();
  const bin = join(box.root, "bin");
  mkdirSync(bin);
  const env = { PATH: bin };
  const guard = writeConfig(box, connector("guard"), "guard.config.ts");
  const audit = writeConfig(box, connector("audit"), "audit.config.ts");
  const install = (...args: string[]) => box.cli(["install", "--config", guard, ...args], { env });
  const installAudit = (...args: string[]) => box.cli(["install", "--config", audit, ...args], { env });
  return { box, bin, install, installAudit };
}

describe("a host that is not on this machine", () => {
  test("install warns that it was not found, installs anyway, and --json carries the warning", () => {
    const { box, install } = bareMachine();
    const dry = install("--platform", "cursor", "--dry-run");
    expect(dry.stderr).toContain(`[warn] ${CURSOR_NOT_FOUND.replace("installed anyway", "would be installed anyway")}\n`);
    const result = install("--platform", "cursor");
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`[warn] ${CURSOR_NOT_FOUND}\n`);
    expect(box.exists(join(box.home, ".cursor", "hooks.json"))).toBe(true);
    const json = stdoutJson(install("--platform", "cursor", "--json")) as { results: { platform: string; warnings: string[] }[] };
    expect(json.results.map((r) => [r.platform, r.warnings[0]])).toEqual([["cursor", CURSOR_NOT_FOUND]]);
  });

  test("our own hook file is no sign of the host: later installs neither find it nor say it is here", () => {
    const { install, installAudit } = bareMachine();
    expect(install("--platform", "cursor").exitCode).toBe(0);
    // Cursor runs Claude Code's user hooks too: for a connector not installed for Cursor, that is
    // only worth a word when Cursor is here.
    const claude = installAudit("--platform", "claude-code");
    expect(claude.exitCode).toBe(0);
    expect(claude.stderr).not.toContain("Cursor is on this machine");
    expect(install("--platform", "cursor").stderr).toContain(CURSOR_NOT_FOUND);
    // Without --platform, install goes to the hosts found: none.
    const detected = install();
    expect(detected.stderr).toStartWith("[error] no supported host detected on this machine");
    expect(detected.exitCode).toBe(2);
  });

  test("neither is any other file install writes: settings, hooks.json and trust, a hooks folder, a plugin module", () => {
    const { install } = bareMachine();
    const hosts = ["claude-code", "codex", "gemini-cli", "cline", "opencode"];
    expect(install("--platform", hosts.join(",")).exitCode).toBe(0);
    const again = stdoutJson(install("--platform", hosts.join(","), "--json")) as { results: { platform: string; warnings: string[] }[] };
    expect(
      again.results.map((r) => [r.platform, r.warnings.some((w) => w.startsWith(`${findAdapter(r.platform)!.name} was not found on this machine`))]),
    ).toEqual(hosts.map((h) => [h, true]));
    expect(install().stderr).toStartWith("[error] no supported host detected on this machine");
  });

  test("a host with files of its own, or its program on PATH, is found", () => {
    const withFiles = bareMachine();
    withFiles.box.write(join(withFiles.box.home, ".cursor", "mcp.json"), "{}\n");
    const files = withFiles.install("--platform", "cursor");
    expect(files.exitCode).toBe(0);
    expect(files.stderr).not.toContain("was not found");
    expect(withFiles.installAudit("--platform", "claude-code").stderr).toContain("Cursor is on this machine");

    const withProgram = bareMachine();
    withProgram.box.write(join(withProgram.bin, "cursor-agent"), "#!/bin/sh\n");
    chmodSync(join(withProgram.bin, "cursor-agent"), 0o755);
    expect(withProgram.install("--platform", "cursor").stderr).not.toContain("was not found");
  });
});
