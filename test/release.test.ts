/**
 * From a release to working hooks, as a new user gets there: build/release.ts for this machine's
 * target, served on 127.0.0.1; install.sh picks the archive, checks it, runs self-install; install
 * wires a connector; upgrade replaces the binary. The hook commands in the host's config are
 * never rewritten and keep working. Every target, reproducibility and sizes: test/release-slow/.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, REPO, sandbox, type Sandbox } from "./support/harness.ts";
import { buildRelease, checkRubySyntax, formulaDownloads, readSums, runAsync, serveRelease, sha256, type ReleaseServer } from "./support/release.ts";
import { tempDir } from "./support/temp.ts";
import { archive } from "../build/release/archive.ts";
import { scoopManifest } from "../build/release/scoop.ts";
import { hostTarget } from "../src/install/self/release.ts";
import pkg from "../package.json" with { type: "json" };
import { generous } from "./support/budget.ts";

// Each test runs the 100 MB binary several times (install.sh, install, upgrade) on a shared machine.
setDefaultTimeout(120_000);

const TARGET = hostTarget();
const BINARY = `agent-connector-${TARGET}`;
const ARCHIVE = `${BINARY}.tar.gz`;
const VERSION_LINE = new RegExp(`^agent-connector ${pkg.version.replace(/\./g, "\\.")} \\(commit [0-9a-f]{12}(-dirty)?, ${TARGET}\\)\\n$`);

let out = "";
let server: ReleaseServer;

beforeAll(() => {
  server = serveRelease(() => out);
  out = buildRelease(["--targets", "host", "--binary", BIN, "--fast", "--base-url", server.base.replace(pkg.version, "{version}")]);
}, generous(300_000));
afterAll(() => server.stop());

const stablePath = (box: Sandbox) => join(box.env.AGENT_CONNECTOR_HOME!, "bin", "agent-connector");

/** install.sh as the README has users run it (the server answers from this process: never spawnSync). */
const runInstallScript = (box: Sandbox) => runAsync(["sh", join(out, "install.sh")], { cwd: box.root, env: box.env });

/** Runs a hook command line as the host does (a shell), payload on stdin. */
function runHostCommand(box: Sandbox, command: string, payload: unknown) {
  const proc = Bun.spawnSync(["sh", "-c", command], {
    cwd: box.project,
    env: box.env,
    stdin: Buffer.from(JSON.stringify(payload)),
    stdout: "pipe",
    stderr: "pipe",
  });
  return { exitCode: proc.exitCode, stdout: proc.stdout.toString() };
}

const DENY_CONFIG = JSON.stringify({ id: "no-shell", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no shell" } } } });
const BASH_CALL = { session_id: "s1", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, cwd: "/" };
const DENIED = `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no shell" } })}\n`;

describe("release artifacts for this machine", () => {
  test("--version prints the version, the commit and the target", () => {
    const proc = Bun.spawnSync([BIN, "--version"], { stdout: "pipe" });
    expect(proc.stdout.toString()).toMatch(VERSION_LINE);
  });

  test("SHA256SUMS lists the binary and its archive with their hashes", () => {
    const sums = readSums(out);
    expect([...sums.keys()]).toEqual([BINARY, ARCHIVE]);
    for (const [name, hash] of sums) expect(sha256(readFileSync(join(out, name)))).toBe(hash);
    expect(sha256(readFileSync(join(out, BINARY)))).toBe(sha256(readFileSync(BIN)));
  });

  test("the Homebrew formula is valid Ruby; its URL is under the base and its sha256 is the archive's", () => {
    const formula = readFileSync(join(out, "agent-connector.rb"), "utf8");
    const syntax = checkRubySyntax(join(out, "agent-connector.rb"));
    expect(syntax).toMatchObject({ ok: true });
    expect(formula).toContain(`version "${pkg.version}"`);
    expect(formulaDownloads(formula)).toEqual([{ url: `${server.base}/${ARCHIVE}`, sha256: sha256(readFileSync(join(out, ARCHIVE))) }]);
    expect(formula).toContain('bin.install "agent-connector"');
  });

  test("the Scoop manifest is JSON with the zip's URL (base configurable) and hash, and the exe as bin", () => {
    const zipDir = tempDir("ac-scoop-");
    const stand = join(zipDir, "agent-connector.exe");
    writeFileSync(stand, "a stand-in for the Windows binary");
    const zip = join(zipDir, "agent-connector-windows-x64.zip");
    archive(stand, "agent-connector.exe", zip, 315532800, 1);
    const text = scoopManifest({
      version: pkg.version,
      base: "https://example.test/dl/v1.2.3",
      baseTemplate: "https://example.test/dl/v{version}",
      homepage: "https://example.test",
      description: "d",
      sha256: (name) => sha256(readFileSync(join(zipDir, name))),
    });
    const manifest = JSON.parse(text);
    expect(manifest).toMatchObject({
      version: pkg.version,
      bin: "agent-connector.exe",
      architecture: { "64bit": { url: "https://example.test/dl/v1.2.3/agent-connector-windows-x64.zip", hash: sha256(readFileSync(zip)) } },
      autoupdate: { architecture: { "64bit": { url: "https://example.test/dl/v$version/agent-connector-windows-x64.zip" } } },
    });
    const listed = Bun.spawnSync(["unzip", "-Z1", zip], { stdout: "pipe" }).stdout.toString();
    expect(listed).toBe("agent-connector.exe\n");
  });

  test("install.sh downloads this machine's archive from the base, checks it and runs self-install", async () => {
    const box = sandbox();
    const result = await runInstallScript(box);
    expect(result.stderr).toContain(`agent-connector install: ${server.base}/${ARCHIVE}`);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toStartWith(`installed ~/.agent-connector/bin/agent-connector: agent-connector ${pkg.version}`);
    expect(sha256(readFileSync(stablePath(box)))).toBe(sha256(readFileSync(BIN)));
  });

  test("install.sh refuses an archive whose checksum does not match, and installs nothing", async () => {
    const box = sandbox();
    const good = readFileSync(join(out, ARCHIVE));
    server.override.set(ARCHIVE, Buffer.concat([good, Buffer.from("tampered")]));
    try {
      const result = await runInstallScript(box);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`agent-connector install: checksum mismatch for ${ARCHIVE}: SHA256SUMS says ${sha256(good)}`);
      expect(existsSync(stablePath(box))).toBe(false);
    } finally {
      server.override.clear();
    }
  });
});

describe("one command installs the binary, a second wires a connector, upgrade replaces it", () => {
  test(
    "hooks keep working across all three; the host's config is never rewritten; stale plugin modules are refreshed",
    async () => {
      const box = sandbox();
      expect((await runInstallScript(box)).exitCode).toBe(0);
      const stable = stablePath(box);
      const config = box.write(join(box.project, "agent-connector.config.json"), DENY_CONFIG);

      const installed = box.cli(["install", "--platform", "claude-code,opencode", "--config", config], {
        env: { PATH: `${join(box.env.AGENT_CONNECTOR_HOME!, "bin")}:${box.env.PATH}` },
      });
      expect(installed.exitCode).toBe(0);
      const settingsFile = join(box.home, ".claude", "settings.json");
      const settings = readFileSync(settingsFile);
      const command = JSON.parse(settings.toString()).hooks.PreToolUse[0].hooks[0].command as string;
      expect(command).toBe(`${stable} hook claude-code PreToolUse --connector no-shell`);
      expect(runHostCommand(box, command, BASH_CALL)).toEqual({ exitCode: 0, stdout: DENIED });

      // A module generated by an older agent-connector: upgrade regenerates it with the new one.
      const moduleFile = join(box.home, ".config", "opencode", "plugins", "agent-connector-no-shell-opencode.ts");
      writeFileSync(moduleFile, readFileSync(moduleFile, "utf8").replace(`agent-connector ${pkg.version} `, "agent-connector 0.0.1 "));

      const newer = Buffer.concat([readFileSync(BIN), Buffer.from("\n# a newer build\n")]);
      server.override.set(BINARY, newer);
      server.override.set("SHA256SUMS", Buffer.from(`${sha256(newer)}  ${BINARY}\n`));
      try {
        const upgraded = await runAsync([stable, "upgrade"], { cwd: box.project, env: { ...box.env, AGENT_CONNECTOR_RELEASE_BASE: server.base } });
        expect(upgraded.stderr).toBe("");
        expect(upgraded.stdout).toBe(
          [
            `upgraded ~/.agent-connector/bin/agent-connector: ${versionOf(BIN)} → ${versionOf(BIN)} (sha256 verified against ${server.base}/SHA256SUMS)`,
            `refreshed opencode plugin module of no-shell: ~/.config/opencode/plugins/agent-connector-no-shell-opencode.ts (generated by 0.0.1, now ${pkg.version})`,
            "",
          ].join("\n"),
        );
        expect(upgraded.exitCode).toBe(0);
      } finally {
        server.override.clear();
      }
      expect(sha256(readFileSync(stable))).toBe(sha256(newer));
      expect(readdirSync(join(box.env.AGENT_CONNECTOR_HOME!, "bin"))).toEqual(["agent-connector"]);
      expect(readFileSync(settingsFile)).toEqual(settings);
      expect(readFileSync(moduleFile, "utf8")).toStartWith(`// Generated by agent-connector ${pkg.version} for connector "no-shell"`);
      expect(runHostCommand(box, command, BASH_CALL)).toEqual({ exitCode: 0, stdout: DENIED });
    },
    generous(120_000),
  );

  test("upgrade keeps the old binary when the new one does not answer --version, or its checksum is wrong", async () => {
    const box = sandbox();
    expect((await runInstallScript(box)).exitCode).toBe(0);
    const stable = stablePath(box);
    const before = sha256(readFileSync(stable));
    const broken = Buffer.from("#!/bin/sh\necho 'not agent-connector'\nexit 3\n");
    const dir = tempDir("ac-upgrade-");
    writeFileSync(join(dir, BINARY), broken);
    writeFileSync(join(dir, "SHA256SUMS"), `${sha256(broken)}  ${BINARY}\n`);
    const refused = Bun.spawnSync([stable, "upgrade", "--from", join(dir, BINARY)], { env: box.env, stdout: "pipe", stderr: "pipe" });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr.toString()).toBe(
      `[error] ${stable}.new did not answer --version as agent-connector does (exit 3: not agent-connector). ${stable} was not changed.\n`,
    );

    writeFileSync(join(dir, "SHA256SUMS"), `${"0".repeat(64)}  ${BINARY}\n`);
    const mismatch = Bun.spawnSync([stable, "upgrade", "--from", join(dir, BINARY)], { env: box.env, stdout: "pipe", stderr: "pipe" });
    expect(mismatch.exitCode).toBe(1);
    expect(mismatch.stderr.toString()).toContain(
      `checksum mismatch for ${join(dir, BINARY)}: ${join(dir, "SHA256SUMS")} says ${"0".repeat(64)}, the file is ${sha256(broken)}. ${stable} was not changed.`,
    );

    expect(sha256(readFileSync(stable))).toBe(before);
    expect(readdirSync(join(box.env.AGENT_CONNECTOR_HOME!, "bin"))).toEqual(["agent-connector"]);
  });

  test("install from a build folder says so, and uses the stable binary once there is one", () => {
    const box = sandbox();
    const config = box.write(join(box.project, "agent-connector.config.json"), DENY_CONFIG);
    const first = box.cli(["install", "--platform", "claude-code", "--config", config]);
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toContain(
      `[warn] ${BIN} is in a build or package folder (dist/): hook commands will break when it is moved or deleted. Run \`${BIN} self-install\``,
    );
    expect(box.read(join(box.home, ".claude", "settings.json"))).toContain(`"${BIN} hook claude-code PreToolUse --connector no-shell"`);

    expect(box.cli(["self-install"]).exitCode).toBe(0);
    const second = box.cli(["install", "--platform", "claude-code", "--config", config]);
    expect(second.stderr).toContain(`[info] ${BIN} is in a build or package folder (dist/): hook commands call the installed ${stablePath(box)} instead`);
    const settings = box.read(join(box.home, ".claude", "settings.json"));
    expect(settings).toContain(`"${stablePath(box)} hook claude-code PreToolUse --connector no-shell"`);
    expect(settings).not.toContain(BIN);
    expect(runHostCommand(box, `${stablePath(box)} hook claude-code PreToolUse --connector no-shell`, BASH_CALL)).toEqual({ exitCode: 0, stdout: DENIED });
    // The entry written by the dist binary is still recognised as ours.
    expect(box.cli(["uninstall", "--connector", "no-shell"]).exitCode).toBe(0);
    expect(box.exists(join(box.home, ".claude", "settings.json"))).toBe(false);
  });
});

function versionOf(binary: string): string {
  return Bun.spawnSync([binary, "--version"], { stdout: "pipe" }).stdout.toString().trim();
}

describe("the npm types package", () => {
  test(
    '`npm i -D agent-connector` lets tsc resolve `import … from "agent-connector"` and check a config',
    () => {
      const project = tempDir("ac-types-");
      const packed = Bun.spawnSync(["npm", "pack", "--silent", "--pack-destination", project], { cwd: join(out, "npm"), stdout: "pipe", stderr: "pipe" });
      expect(packed.exitCode).toBe(0);
      const tarball = join(project, packed.stdout.toString().trim());
      writeFileSync(join(project, "package.json"), JSON.stringify({ name: "my-guard", private: true, type: "module" }));
      const installed = Bun.spawnSync(["npm", "install", "--offline", "--no-audit", "--no-fund", "-D", tarball], {
        cwd: project,
        stdout: "pipe",
        stderr: "pipe",
      });
      expect(installed.stderr.toString()).not.toContain("ERR");
      expect(installed.exitCode).toBe(0);
      const tsc = (file: string) =>
        Bun.spawnSync(
          [
            process.execPath,
            join(REPO, "node_modules", "typescript", "bin", "tsc"),
            "--noEmit",
            "--strict",
            "--module",
            "nodenext",
            "--moduleResolution",
            "nodenext",
            "--target",
            "es2022",
            file,
          ],
          { cwd: project, stdout: "pipe" },
        );
      writeFileSync(
        join(project, "agent-connector.config.ts"),
        `import { defineConnector, type HookResponse } from "agent-connector";\nconst deny = (reason: string): HookResponse => ({ decision: "deny", reason });\nexport default defineConnector({ id: "guard", hooks: { PreToolUse: { matcher: "Bash", handler: (e) => (String(e.toolInput.command).includes("rm") ? deny(e.toolName) : undefined) } } });\n`,
      );
      const good = tsc("agent-connector.config.ts");
      expect(good.stdout.toString()).toBe("");
      expect(good.exitCode).toBe(0);
      writeFileSync(
        join(project, "bad.config.ts"),
        `import { defineConnector } from "agent-connector";\nexport default defineConnector({ id: "guard", hooks: { PreToolUse: { handler: () => ({ decision: "block" }) } } });\n`,
      );
      const bad = tsc("bad.config.ts");
      expect(bad.exitCode).toBe(2);
      expect(bad.stdout.toString()).toContain(`bad.config.ts(2,`);
      expect(bad.stdout.toString()).toContain(`'"block"' is not assignable`);
    },
    generous(120_000),
  );
});
