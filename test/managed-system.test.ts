/**
 * `install --scope managed` as an administrator runs it: as root, the system folders as they are
 * named (overlays in a private mount namespace, test/support/system-namespace.ts), the hooks run by
 * another user. What it writes names only the system copies of the binary and the snapshots.
 */
import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sandbox, writeConfig, type Sandbox } from "./support/harness.ts";
import { MANAGED_PATHS, systemBox, systemSkip, type SystemBox } from "./support/system-namespace.ts";
import { tempDir } from "./support/temp.ts";

const { LIB, CLAUDE, CURSOR, CODEX, CODEX_REQUIREMENTS, GEMINI, WINDSURF } = MANAGED_PATHS;
/** Every host with a machine-wide hook file, and the file. */
const MANAGED_HOSTS = [
  ["claude-code", CLAUDE],
  ["cursor", CURSOR],
  ["codex", CODEX],
  ["gemini-cli", GEMINI],
  ["windsurf", WINDSURF],
] as const;
const PLATFORMS = MANAGED_HOSTS.map(([id]) => id).join(",");
const ADMIN_REQUIREMENTS = '# the admin\'s own requirements\nallowed_approval_policies = ["on-request"]\n\n[features]\nhooks = true\n';
const NOBODY = 65534;
const ADMIN_SETTINGS = '{\n  // the admin\'s own policy\n  "permissions": { "deny": ["WebFetch"] }\n}\n';

const call = (tool: string, input: Record<string, unknown>) =>
  JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse", tool_name: tool, tool_input: input, cwd: "/" });
const denied = (reason: string) =>
  `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } })}\n`;

/** A home of another user (nobody), who can read nothing of the administrator's. */
function otherUser(): string {
  const home = tempDir("ac-other-user-");
  chmodSync(home, 0o755);
  chownSync(home, NOBODY, NOBODY);
  return home;
}

/** Two connectors: a JSON one, and a script one (compiled), in the administrator's own folders. */
function twoConnectors(box: Sandbox): { json: string; script: string } {
  const json = box.write(
    join(box.project, "shell", "agent-connector.config.json"),
    JSON.stringify({ id: "no-shell", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no shell" } } } }),
  );
  const script = writeConfig(
    box,
    `{ id: "no-write", hooks: { PreToolUse: { matcher: "Write", handler: () => ({ decision: "deny", reason: "no writes" }) } } }`,
  );
  return { json, script };
}

/** Each hook command of the managed file, run the way the host runs it, as another user, with and without the daemon. */
function runAsOtherUser(sys: SystemBox, command: string, stdin: string): string[] {
  const home = otherUser();
  const env = { HOME: home, AGENT_CONNECTOR_HOME: join(home, ".agent-connector") };
  const outputs = ["0", "1", "1"].map(
    (daemon) => sys.run(["sh", "-c", command], { user: NOBODY, cwd: "/", stdin, env: { ...env, AGENT_CONNECTOR_DAEMON: daemon } }).stdout,
  );
  sys.run([command.split(" ")[0]!, "daemon", "stop"], { user: NOBODY, cwd: "/", env });
  return outputs;
}

const commands = (text: string): string[] =>
  Object.values(JSON.parse(text.replace(/^\s*\/\/.*$/gm, "")).hooks as Record<string, { hooks: { command: string }[] }[]>).flatMap((groups) =>
    groups.flatMap((g) => g.hooks.map((h) => h.command)),
  );

describe.skipIf(Boolean(systemSkip))(`install --scope managed as root${systemSkip ? ` (skipped: ${systemSkip})` : ""}`, () => {
  test("copies the binary and each snapshot to /usr/local/lib/agent-connector; every managed host's hooks name only those, run for another user, and leave the files byte for byte", () => {
    const box = sandbox();
    const sys = systemBox(box);
    expect(sys.run(["sh", "-c", `mkdir -p /etc/claude-code && printf '%s' "$1" > ${CLAUDE}`, "sh", ADMIN_SETTINGS]).exitCode).toBe(0);
    const { json, script } = twoConnectors(box);
    for (const config of [json, script]) {
      const result = sys.cli(["install", "--scope", "managed", "--platform", PLATFORMS, "--config", config, "--json"]);
      expect(result.exitCode).toBe(0);
      const report = JSON.parse(result.stdout);
      expect(report.results.map((r: { file: string; status: string }) => [r.file, r.status])).toEqual(MANAGED_HOSTS.map(([, file]) => [file, "installed"]));
      expect(report.binary).toBe(`${LIB}/bin/agent-connector`);
    }

    const claude = sys.read(CLAUDE)!;
    expect(commands(claude)).toEqual([
      `${LIB}/bin/agent-connector hook claude-code PreToolUse --connector no-shell --config ${LIB}/connectors/no-shell.snapshot.js`,
      `${LIB}/bin/agent-connector hook claude-code PreToolUse --connector no-write --config ${LIB}/connectors/no-write.snapshot.js`,
    ]);
    // Nothing written names the administrator's home, the sources' folder or a temporary folder.
    const written = MANAGED_HOSTS.map(([, file]) => sys.read(file)!);
    const snapshots = ["no-shell", "no-write"].map((id) => sys.read(`${LIB}/connectors/${id}.snapshot.js`)!);
    for (const text of snapshots) {
      expect(text).not.toContain(box.root);
      expect(text).not.toContain(tmpdir());
    }
    for (const text of written) {
      expect(text).toContain(`${LIB}/bin/agent-connector hook `);
      expect(text).not.toContain(box.root);
      expect(text).not.toContain(tmpdir());
    }
    // Codex trusts managed hooks by policy: nothing is written to the administrator's own config.toml.
    expect(box.exists(join(box.home, ".codex", "config.toml"))).toBe(false);
    const modes = sys.run([
      "stat",
      "-c",
      "%n %a %u",
      LIB,
      `${LIB}/bin`,
      `${LIB}/bin/agent-connector`,
      `${LIB}/connectors`,
      `${LIB}/connectors/no-write.snapshot.js`,
    ]);
    expect(modes.stdout).toBe(
      [`${LIB} 755 0`, `${LIB}/bin 755 0`, `${LIB}/bin/agent-connector 755 0`, `${LIB}/connectors 755 0`, `${LIB}/connectors/no-write.snapshot.js 644 0`]
        .map((line) => `${line}\n`)
        .join(""),
    );

    // Only root replaces the managed copy (test/bundle.test.ts: as root).
    const userHome = otherUser();
    const upgrade = sys.run([`${LIB}/bin/agent-connector`, "upgrade", "--dry-run"], {
      user: NOBODY,
      cwd: "/",
      env: { HOME: userHome, AGENT_CONNECTOR_HOME: join(userHome, ".agent-connector") },
    });
    expect(upgrade.exitCode).toBe(2);
    expect(upgrade.stderr).toContain(
      `${LIB}/bin/agent-connector is the managed copy every user's hooks run, and only root replaces it: run sudo ${LIB}/bin/agent-connector upgrade, or make a bundle with the new release (agent-connector bundle) and run its install script again on each machine`,
    );

    // A second install changes no byte.
    const again = JSON.parse(sys.cli(["install", "--scope", "managed", "--platform", PLATFORMS, "--config", json, "--json"]).stdout);
    expect([again.results.map((r: { status: string }) => r.status), again.managed.binary.changed, again.managed.snapshot.changed]).toEqual([
      MANAGED_HOSTS.map(() => "unchanged"),
      false,
      false,
    ]);
    expect(MANAGED_HOSTS.map(([, file]) => sys.read(file))).toEqual(written);

    // The administrator's sources may go: the hooks run the snapshots.
    writeFileSync(json, "{ broken");
    writeFileSync(script, "throw new Error('gone')");
    const [shell, write] = commands(claude);
    expect(runAsOtherUser(sys, shell!, call("Bash", { command: "ls" }))).toEqual(Array(3).fill(denied("no shell")));
    expect(runAsOtherUser(sys, write!, call("Write", { file_path: "/x", content: "" }))).toEqual(Array(3).fill(denied("no writes")));

    const first = sys.cli(["uninstall", "--connector", "no-shell", "--scope", "managed"]);
    expect(first.exitCode).toBe(0);
    expect(commands(sys.read(CLAUDE)!)).toEqual([write!]);
    expect(sys.exists(`${LIB}/connectors/no-shell.snapshot.js`)).toBe(false);
    expect(sys.exists(`${LIB}/bin/agent-connector`)).toBe(true);

    const last = sys.cli(["uninstall", "--connector", "no-write", "--scope", "managed"]);
    expect(last.exitCode).toBe(0);
    expect(sys.read(CLAUDE)).toBe(ADMIN_SETTINGS);
    for (const [, file] of MANAGED_HOSTS.slice(1)) expect(sys.exists(file)).toBe(false);
    expect(sys.exists(LIB)).toBe(false);
  });

  test("--lock: listed by --dry-run first, set in Claude Code's managed settings and Codex's requirements, named where a host has none; kept while another connector locks, gone with the last", () => {
    const box = sandbox();
    const sys = systemBox(box);
    expect(sys.run(["sh", "-c", `mkdir -p /etc/claude-code && printf '%s' "$1" > ${CLAUDE}`, "sh", ADMIN_SETTINGS]).exitCode).toBe(0);
    expect(sys.run(["sh", "-c", `mkdir -p /etc/codex && printf '%s' "$1" > ${CODEX_REQUIREMENTS}`, "sh", ADMIN_REQUIREMENTS]).exitCode).toBe(0);
    const { json, script } = twoConnectors(box);
    const install = (config: string, ...extra: string[]) =>
      sys.cli(["install", "--scope", "managed", "--lock", "--platform", PLATFORMS, "--config", config, ...extra]);

    const dry = install(json, "--dry-run");
    expect(dry.exitCode).toBe(0);
    expect(dry.stderr).toContain(
      `Claude Code: "allowManagedHooksOnly": true in ${CLAUDE} (would be set): only managed hooks run there; users' and projects' own hooks are skipped`,
    );
    expect(dry.stderr).toContain(
      `Codex: allow_managed_hooks_only = true in ${CODEX_REQUIREMENTS} (would be set): only managed hooks run there; users' and projects' own hooks are skipped`,
    );
    for (const name of ["Cursor", "Gemini CLI", "Windsurf"])
      expect(dry.stderr).toContain(`${name} has no setting that makes managed hooks the only ones: --lock sets nothing there`);
    expect(dry.stdout).toContain('+  "allowManagedHooksOnly": true');
    expect(dry.stdout).toContain("+allow_managed_hooks_only = true");
    expect(sys.read(CLAUDE)).toBe(ADMIN_SETTINGS);
    expect(sys.read(CODEX_REQUIREMENTS)).toBe(ADMIN_REQUIREMENTS);
    expect(sys.exists(LIB)).toBe(false);

    for (const config of [json, script]) {
      const result = JSON.parse(install(config, "--json").stdout);
      expect(result.results.map((r: { locks?: unknown }) => r.locks ?? null)).toEqual([
        [{ setting: '"allowManagedHooksOnly": true', file: CLAUDE }],
        null,
        [{ setting: "allow_managed_hooks_only = true", file: CODEX_REQUIREMENTS }],
        null,
        null,
      ]);
    }
    const locked = sys.read(CLAUDE)!;
    expect(JSON.parse(locked.replace(/^\s*\/\/.*$/gm, "")).allowManagedHooksOnly).toBe(true);
    expect(sys.read(CODEX_REQUIREMENTS)).toBe(`allow_managed_hooks_only = true\n${ADMIN_REQUIREMENTS}`);

    // Day 2: status and doctor show the managed installs, what they run, and the locks.
    const status = sys.cli(["status", "--scope", "managed"]);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain(
      ["no-shell on Claude Code (managed):", `  snapshot: frozen: every user's hooks run ${LIB}/connectors/no-shell.snapshot.js, made `].join("\n"),
    );
    expect(status.stdout).toContain(`  lock: "allowManagedHooksOnly": true in ${CLAUDE}: only managed hooks run\n`);
    expect(status.stdout).toContain(`  lock: allow_managed_hooks_only = true in ${CODEX_REQUIREMENTS}: only managed hooks run\n`);
    const doctor = JSON.parse(sys.cli(["doctor", "--scope", "managed", "--platform", "claude-code", "--json"]).stdout);
    expect(doctor.ok).toBe(true);
    expect(sys.cli(["status", "--scope", "user"]).stdout).not.toContain("managed");

    // A lock taken out by hand is reported, with what to run.
    sys.run(["sh", "-c", `sed -i '/allow_managed_hooks_only/d' ${CODEX_REQUIREMENTS}`]);
    const unlocked = sys.cli(["status", "--scope", "managed", "--platform", "codex", "--json"]);
    expect(unlocked.exitCode).toBe(5);
    const codexInstall = JSON.parse(unlocked.stdout).installs[0];
    expect(codexInstall.checks.filter((c: { name: string }) => c.name === "lock")).toEqual([
      {
        name: "lock",
        ok: false,
        detail: `allow_managed_hooks_only = true is gone from ${CODEX_REQUIREMENTS}: users' and projects' own hooks run again (install again with --lock)`,
      },
    ]);
    expect(codexInstall.fix).toBe(`sudo agent-connector install --config ${json} --platform codex --scope managed --lock`);
    sys.run(["sh", "-c", `printf 'allow_managed_hooks_only = true\n%s' "$1" > ${CODEX_REQUIREMENTS}`, "sh", ADMIN_REQUIREMENTS]);

    const first = JSON.parse(sys.cli(["uninstall", "--connector", "no-shell", "--scope", "managed", "--json"]).stdout);
    expect(first.results.find((r: { platform: string }) => r.platform === "claude-code").locks).toEqual([
      { setting: '"allowManagedHooksOnly": true', file: CLAUDE, status: "locked-by-another" },
    ]);
    expect(JSON.parse(sys.read(CLAUDE)!.replace(/^\s*\/\/.*$/gm, "")).allowManagedHooksOnly).toBe(true);

    const last = JSON.parse(sys.cli(["uninstall", "--connector", "no-write", "--scope", "managed", "--json"]).stdout);
    expect(last.results.find((r: { platform: string }) => r.platform === "claude-code").locks).toEqual([
      { setting: '"allowManagedHooksOnly": true', file: CLAUDE, status: "removed" },
    ]);
    expect(sys.read(CLAUDE)).toBe(ADMIN_SETTINGS);
    expect(sys.read(CODEX_REQUIREMENTS)).toBe(ADMIN_REQUIREMENTS);
  });

  test("--lock needs --scope managed", () => {
    const box = sandbox();
    const { json } = twoConnectors(box);
    const result = box.cli(["install", "--lock", "--platform", "claude-code", "--config", json]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("--lock sets the hosts' managed-hooks-only switches: it needs --scope managed");
  });

  test("without root, says what it needs (exit 7) and writes nothing", () => {
    const box = sandbox();
    const sys = systemBox(box);
    const home = otherUser();
    const config = join(home, "agent-connector.config.json");
    writeFileSync(config, JSON.stringify({ id: "no-shell", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no shell" } } } }));
    chownSync(config, NOBODY, NOBODY);
    const env = { HOME: home, AGENT_CONNECTOR_HOME: join(home, ".agent-connector") };
    const result = sys.cli(["install", "--scope", "managed", "--platform", "claude-code", "--config", config], { user: NOBODY, env });
    expect(result.exitCode).toBe(7);
    expect(result.stderr).toContain(
      "--scope managed writes the machine's files (the hosts' managed settings and /usr/local/lib/agent-connector): run it as root, e.g. sudo agent-connector install --scope managed",
    );
    expect(sys.exists(CLAUDE)).toBe(false);
    expect(sys.exists(LIB)).toBe(false);
  });
});
