/**
 * `agent-connector bundle` as an administrator hands it to an MDM: archives for three targets,
 * each checking its own sums; the Linux one unpacked and its install.sh and uninstall.sh run as
 * root with the system folders as they are named (overlays in a private mount namespace,
 * test/support/system-namespace.ts).
 */
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { appendFileSync, chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, sandbox, type Sandbox } from "./support/harness.ts";
import { MANAGED_PATHS, systemBox, systemSkip, type SystemBox } from "./support/system-namespace.ts";
import { tempDir } from "./support/temp.ts";
import pkg from "../package.json" with { type: "json" };

const { LIB, CLAUDE, CODEX, CODEX_REQUIREMENTS, CURSOR } = MANAGED_PATHS;
const HOSTS = "claude-code,codex,cursor";
const TARGETS = ["linux-x64", "darwin-arm64", "windows-x64"] as const;
/** Every file a bundle's install may write on Linux. */
const SYSTEM_FILES = [CLAUDE, CODEX, CODEX_REQUIREMENTS, CURSOR, `${LIB}/bin/agent-connector`, `${LIB}/connectors/no-shell.snapshot.js`];
const ADMIN_SETTINGS = '{\n  // the admin\'s own policy\n  "permissions": { "deny": ["WebFetch"] }\n}\n';
const ADMIN_REQUIREMENTS = '# the admin\'s own requirements\nallowed_approval_policies = ["on-request"]\n';
const V = pkg.version;

const NOBODY = 65534;

/** Another user (nobody), with a home and the connector's config of their own. */
function userWithConfig(): { config: string; env: Record<string, string> } {
  const home = tempDir("ac-bundle-user-");
  const config = join(home, "agent-connector.config.json");
  writeFileSync(config, JSON.stringify({ id: "no-shell", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no shell" } } } }));
  for (const path of [home, config]) chownSync(path, NOBODY, NOBODY);
  chmodSync(home, 0o755);
  return { config, env: { HOME: home, AGENT_CONNECTOR_HOME: join(home, ".agent-connector") } };
}

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** A connector that denies the shell, and stand-ins for the release binaries of the other targets (with their SHA256SUMS). */
function setup(box: Sandbox): { config: string; binaries: string } {
  const config = box.write(
    join(box.project, "agent-connector.config.json"),
    JSON.stringify({ id: "no-shell", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no shell" } } } }),
  );
  const binaries = join(box.root, "release");
  mkdirSync(binaries);
  const names = ["agent-connector-darwin-arm64", "agent-connector-windows-x64.exe"];
  for (const name of names) writeFileSync(join(binaries, name), `stand-in for ${name}\n`);
  writeFileSync(join(binaries, "SHA256SUMS"), names.map((name) => `${sha256(readFileSync(join(binaries, name)))}  ${name}\n`).join(""));
  return { config, binaries };
}

/** Bundles the connector, unpacks every archive; returns each target's folder. */
function bundleAndUnpack(box: Sandbox, extra: string[] = []): Record<(typeof TARGETS)[number], string> {
  const { config, binaries } = setup(box);
  const out = join(box.root, "out");
  const made = box.cli([
    "bundle",
    "--config",
    config,
    "--platform",
    HOSTS,
    "--target",
    TARGETS.join(","),
    "--binaries",
    binaries,
    "--out",
    out,
    "--json",
    ...extra,
  ]);
  expect(made.stderr).toBe("");
  expect(made.exitCode).toBe(0);
  const report = JSON.parse(made.stdout);
  expect(report.bundles.map((b: { target: string; status: string }) => [b.target, b.status])).toEqual(TARGETS.map((t) => [t, "written"]));
  const unpacked = join(box.root, "unpacked");
  mkdirSync(unpacked);
  const folders = {} as Record<(typeof TARGETS)[number], string>;
  for (const target of TARGETS) {
    const name = `agent-connector-bundle-no-shell-${target}`;
    const archive = join(out, `${name}${target === "windows-x64" ? ".zip" : ".tar.gz"}`);
    const unpack = target === "windows-x64" ? ["unzip", "-q", archive, "-d", unpacked] : ["tar", "-xzf", archive, "-C", unpacked];
    expect(Bun.spawnSync(unpack).exitCode).toBe(0);
    folders[target] = join(unpacked, name);
  }
  // The archives' own sums, beside them.
  expect(Bun.spawnSync(["sha256sum", "-c", "--quiet", "SHA256SUMS"], { cwd: out }).exitCode).toBe(0);
  return folders;
}

const sh = (sys: SystemBox, folder: string, script: string) => sys.run(["sh", join(folder, script)], { cwd: "/" });
const systemFiles = (sys: SystemBox) => SYSTEM_FILES.map((file) => [file, sys.read(file)]);
const line = (result: string, rc: number, reason?: string) =>
  `agent-connector-bundle: ${result} no-shell ${V} hosts=${HOSTS} rc=${rc}${reason ? ` reason=${reason}` : ""}\n`;

describe("bundle", () => {
  test("three targets: each archive holds its binary, the snapshot, a manifest naming that OS's files, and verifies its own sums", () => {
    const box = sandbox();
    const folders = bundleAndUnpack(box, ["--lock"]);
    for (const target of TARGETS) {
      const folder = folders[target];
      expect(Bun.spawnSync(["sha256sum", "-c", "--quiet", "SHA256SUMS"], { cwd: folder }).exitCode).toBe(0);
      const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8"));
      for (const [file, sum] of Object.entries(manifest.files as Record<string, string>))
        expect([file, sha256(readFileSync(join(folder, file)))]).toEqual([file, sum]);
      expect(Object.keys(manifest.files).sort()).toEqual([
        target === "windows-x64" ? "bin/agent-connector.exe" : "bin/agent-connector",
        "no-shell.snapshot.js",
      ]);
      expect([manifest.connector, manifest.version, manifest.target, manifest.lock]).toEqual(["no-shell", V, target, true]);
    }
    // The real binary for this machine; the release's for the others.
    expect(readFileSync(join(folders["linux-x64"], "bin/agent-connector")).equals(readFileSync(BIN))).toBe(true);
    expect(readFileSync(join(folders["darwin-arm64"], "bin/agent-connector"), "utf8")).toBe("stand-in for agent-connector-darwin-arm64\n");
    // Each OS's own managed files.
    const files = (target: (typeof TARGETS)[number]) =>
      JSON.parse(readFileSync(join(folders[target], "manifest.json"), "utf8")).hosts.map((h: { id: string; file: string; locks: { file: string }[] }) => [
        h.id,
        h.file,
        h.locks.map((l) => l.file),
      ]);
    expect(files("linux-x64")).toEqual([
      ["claude-code", CLAUDE, [CLAUDE]],
      ["codex", CODEX, [CODEX_REQUIREMENTS]],
      ["cursor", CURSOR, []],
    ]);
    expect(files("darwin-arm64")).toEqual([
      ["claude-code", "/Library/Application Support/ClaudeCode/managed-settings.json", ["/Library/Application Support/ClaudeCode/managed-settings.json"]],
      ["codex", CODEX, [CODEX_REQUIREMENTS]],
      ["cursor", "/Library/Application Support/Cursor/hooks.json", []],
    ]);
    expect(files("windows-x64")).toEqual([
      ["claude-code", "C:\\ProgramData\\ClaudeCode\\managed-settings.json", ["C:\\ProgramData\\ClaudeCode\\managed-settings.json"]],
      ["codex", "C:\\ProgramData\\OpenAI\\Codex\\hooks.json", ["C:\\ProgramData\\OpenAI\\Codex\\requirements.toml"]],
      ["cursor", "C:\\ProgramData\\Cursor\\hooks.json", []],
    ]);
    expect(Bun.spawnSync(["ls", folders["windows-x64"]]).stdout.toString()).toBe(
      "SHA256SUMS\nbin\ninstall.ps1\nmanifest.json\nno-shell.snapshot.js\nuninstall.ps1\n",
    );
  });

  test("a target without a release binary, or an unknown one, is refused (exit 2) and nothing is written", () => {
    const box = sandbox();
    const { config } = setup(box);
    const out = join(box.root, "out");
    const missing = box.cli(["bundle", "--config", config, "--target", "linux-x64,darwin-x64", "--out", out]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      "no binary for darwin-x64: pass --binaries <folder> holding the release's agent-connector-darwin-x64 (download it from the release, or build it with bun build/release.ts --targets darwin-x64)",
    );
    const unknown = box.cli(["bundle", "--config", config, "--target", "linux-x32", "--out", out]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("unknown --target linux-x32; known: linux-x64, linux-arm64, darwin-x64, darwin-arm64, windows-x64");
    expect(box.exists(out)).toBe(false);
  });

  test("install --snapshot refuses a snapshot that is not a bundle's frozen one (exit 3)", () => {
    const box = sandbox();
    const folders = bundleAndUnpack(box);
    const snapshot = join(folders["linux-x64"], "no-shell.snapshot.js");
    writeFileSync(snapshot, readFileSync(snapshot, "utf8").replace('"frozen":true', '"frozen":false'));
    const result = box.cli(["install", "--scope", "managed", "--snapshot", snapshot, "--platform", "claude-code", "--dry-run"]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain(`${snapshot}: header.frozen: must be true: only a frozen snapshot can be installed as it is`);
  });

  test.skipIf(!Bun.which("pwsh"))(`install.ps1 and uninstall.ps1 parse${Bun.which("pwsh") ? "" : " (skipped: pwsh is not installed here)"}`, () => {
    const box = sandbox();
    const folder = bundleAndUnpack(box)["windows-x64"];
    for (const script of ["install.ps1", "uninstall.ps1"]) {
      const check = `$errors = $null; $null = [System.Management.Automation.Language.Parser]::ParseFile('${join(folder, script)}', [ref]$null, [ref]$errors); if ($errors) { $errors | ForEach-Object { $_.Message }; exit 1 }`;
      const result = Bun.spawnSync(["pwsh", "-NoProfile", "-Command", check], { stdout: "pipe", stderr: "pipe" });
      expect([script, result.stdout.toString(), result.exitCode]).toEqual([script, "", 0]);
    }
  });
});

describe.skipIf(Boolean(systemSkip))(`the bundle's scripts as root${systemSkip ? ` (skipped: ${systemSkip})` : ""}`, () => {
  test("install.sh installs at managed scope with the locks, says so in one line, changes no byte the second time; uninstall.sh gives every file back byte for byte", () => {
    const box = sandbox();
    const sys = systemBox(box);
    expect(sys.run(["sh", "-c", `mkdir -p /etc/claude-code && printf '%s' "$1" > ${CLAUDE}`, "sh", ADMIN_SETTINGS]).exitCode).toBe(0);
    expect(sys.run(["sh", "-c", `mkdir -p /etc/codex && printf '%s' "$1" > ${CODEX_REQUIREMENTS}`, "sh", ADMIN_REQUIREMENTS]).exitCode).toBe(0);
    const before = systemFiles(sys);
    const folder = bundleAndUnpack(box, ["--lock"])["linux-x64"];

    const first = sh(sys, folder, "install.sh");
    expect([first.stdout, first.exitCode]).toEqual([line("installed", 0), 0]);
    const command = `${LIB}/bin/agent-connector hook claude-code PreToolUse --connector no-shell --config ${LIB}/connectors/no-shell.snapshot.js`;
    const claude = JSON.parse(sys.read(CLAUDE)!.replace(/^\s*\/\/.*$/gm, ""));
    expect([claude.allowManagedHooksOnly, claude.hooks.PreToolUse[0].hooks[0].command]).toEqual([true, command]);
    expect(sys.read(CODEX)).toContain(`${LIB}/bin/agent-connector hook codex PreToolUse --connector no-shell`);
    expect(sys.read(CURSOR)).toContain(`${LIB}/bin/agent-connector hook cursor`);
    expect(sys.read(CODEX_REQUIREMENTS)).toBe(`allow_managed_hooks_only = true\n${ADMIN_REQUIREMENTS}`);
    expect(sys.run(["sha256sum", `${LIB}/bin/agent-connector`]).stdout.split(" ")[0]).toBe(sha256(readFileSync(BIN)));
    // The hook runs the bundled snapshot.
    const call = JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, cwd: "/" });
    expect(JSON.parse(sys.run(["sh", "-c", command], { stdin: call, cwd: "/" }).stdout).hookSpecificOutput.permissionDecisionReason).toBe("no shell");

    const installed = systemFiles(sys);
    const again = sh(sys, folder, "install.sh");
    expect([again.stdout, again.exitCode]).toEqual([line("unchanged", 0), 0]);
    expect(systemFiles(sys)).toEqual(installed);

    // Day 2, a user: their own install of the same connector is covered by the managed one (and on
    // Claude Code silenced by the lock); their status and doctor say so.
    const user = userWithConfig();
    // The binary the bundle put on the machine, as a user there has it (the test's own may sit in a folder only root can enter).
    const asUser = (args: string[]) => sys.run([`${LIB}/bin/agent-connector`, ...args], { user: NOBODY, env: user.env });
    expect(asUser(["install", "--platform", "cursor,claude-code", "--config", user.config]).exitCode).toBe(0);
    const mine = asUser(["status"]);
    expect(mine.exitCode).toBe(5);
    expect(mine.stdout).toContain(
      [
        "no-shell on Cursor (user):",
        `  shadowed: no-shell is also installed at managed scope on this machine (${CURSOR}): those hooks run for every user, and this install's beside them answer each call a second time`,
        "  fix: fix it by removing yours: agent-connector uninstall --connector no-shell --platform cursor --scope user",
      ].join("\n"),
    );
    expect(mine.stdout).toContain(`  host-switch: inactive — "allowManagedHooksOnly": true in ${CLAUDE}`);
    expect(mine.stdout).toMatch(/no-shell\s+cursor\s+user\s+~\/\.cursor\/hooks\.json\s+shadowed\n/);
    expect(mine.stdout).toMatch(/no-shell\s+claude-code\s+user\s+~\/\.claude\/settings\.json\s+inactive\n/);
    const doctor = asUser(["doctor", "--platform", "cursor"]);
    expect(doctor.stdout).toContain(`  FAIL  shadowed: no-shell is also installed at managed scope on this machine (${CURSOR})`);

    // Day 2, root: upgrade from the managed copy replaces it in place (here a dry run: the stand-in would not start).
    const release = join(box.root, "new-release");
    mkdirSync(release);
    writeFileSync(join(release, "agent-connector-linux-x64"), "a newer binary\n");
    writeFileSync(join(release, "SHA256SUMS"), `${sha256(readFileSync(join(release, "agent-connector-linux-x64")))}  agent-connector-linux-x64\n`);
    const upgrade = sys.run([`${LIB}/bin/agent-connector`, "upgrade", "--from", join(release, "agent-connector-linux-x64"), "--dry-run"], { cwd: "/" });
    expect(upgrade.exitCode).toBe(0);
    expect(upgrade.stdout).toStartWith(`would replace ${LIB}/bin/agent-connector (agent-connector ${V}`);
    expect(upgrade.stdout).toEndWith(`with ${join(release, "agent-connector-linux-x64")} (sha256 verified)\n`);
    expect(systemFiles(sys)).toEqual(installed);

    // Day 2, root: status shows the install, its snapshot and its locks; the fix names the snapshot.
    const status = sys.cli(["status", "--scope", "managed"]);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain(
      `no-shell on Claude Code (managed):\n  snapshot: frozen: every user's hooks run ${LIB}/connectors/no-shell.snapshot.js, made `,
    );
    expect(status.stdout).toContain(`  lock: "allowManagedHooksOnly": true in ${CLAUDE}: only managed hooks run\n`);
    sys.run(["sh", "-c", `sed -i '/allow_managed_hooks_only/d' ${CODEX_REQUIREMENTS}`]);
    const drift = JSON.parse(sys.cli(["status", "--scope", "managed", "--platform", "codex", "--json"]).stdout);
    expect(drift.installs[0].fix).toBe(
      `sudo agent-connector install --snapshot ${LIB}/connectors/no-shell.snapshot.js --platform codex --scope managed --lock (or run the bundle's install script again)`,
    );
    const repaired = sys.cli(["doctor", "--fix", "--scope", "managed", "--platform", "codex"]);
    expect(repaired.stdout).toStartWith(`fixed: ${drift.installs[0].fix}\n`);
    expect(systemFiles(sys)).toEqual(installed);
    const third = sh(sys, folder, "install.sh");
    expect([third.stdout, third.exitCode]).toEqual([line("unchanged", 0), 0]);

    const removed = sh(sys, folder, "uninstall.sh");
    expect([removed.stdout, removed.exitCode]).toEqual([line("uninstalled", 0), 0]);
    expect(systemFiles(sys)).toEqual(before);
    expect(sys.exists(LIB)).toBe(false);
    const removedAgain = sh(sys, folder, "uninstall.sh");
    expect([removedAgain.stdout, removedAgain.exitCode]).toEqual([line("unchanged", 0), 0]);
    expect(systemFiles(sys)).toEqual(before);
  });

  test("a file changed after bundling: install.sh refuses (exit 11) before anything is written", () => {
    const box = sandbox();
    const sys = systemBox(box);
    expect(sys.run(["sh", "-c", `mkdir -p /etc/claude-code && printf '%s' "$1" > ${CLAUDE}`, "sh", ADMIN_SETTINGS]).exitCode).toBe(0);
    const before = systemFiles(sys);
    const folder = bundleAndUnpack(box)["linux-x64"];
    appendFileSync(join(folder, "no-shell.snapshot.js"), "\n");
    const result = sh(sys, folder, "install.sh");
    expect([result.stdout, result.exitCode]).toEqual([line("failed", 11, "sha256-no-shell.snapshot.js"), 11]);
    expect(systemFiles(sys)).toEqual(before);
    expect(sys.exists(LIB)).toBe(false);
    expect(box.exists(join(box.home, ".agent-connector", "registry.json"))).toBe(false);
  });

  test("a host's managed file that cannot be parsed: install.sh says so (exit 13)", () => {
    const box = sandbox();
    const sys = systemBox(box);
    expect(sys.run(["sh", "-c", `mkdir -p /etc/cursor && printf '{ broken' > ${CURSOR}`]).exitCode).toBe(0);
    const folder = bundleAndUnpack(box)["linux-x64"];
    const result = sh(sys, folder, "install.sh");
    expect([result.stdout, result.exitCode]).toEqual([line("failed", 13, "host-file"), 13]);
    expect(result.stderr).toContain(CURSOR);
  });
});
