import { describe, expect, test } from "bun:test";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { BIN, sandbox, writeConfig, type Result, type Sandbox } from "../support/harness.ts";

/**
 * How install and uninstall treat the files they touch (issue 15 §3, §4 invalid UTF-8, §5):
 * safe temporary files, symlinks, modes and owners, unreadable or unparseable files, backups.
 * We run as root here, so files of other users are made with chown, and a normal user's view is
 * taken by running the binary under setpriv as another uid.
 */

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { handler: () => undefined },
    SessionStart: { handler: () => undefined },
    Stop: { handler: () => undefined },
  },
}`;

const OTHER_UID = 12345;
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
const hasSetpriv = existsSync("/usr/bin/setpriv");

function setup() {
  const box = sandbox();
  const config = writeConfig(box, CONFIG);
  const settings = join(box.home, ".claude", "settings.json");
  const projectSettings = join(box.project, ".claude", "settings.json");
  const install = (...extra: string[]) => box.cli(["install", "--config", config, "--platform", "claude-code", ...extra]);
  const uninstall = (...extra: string[]) => box.cli(["uninstall", "--connector", "guard", "--platform", "claude-code", ...extra]);
  return { box, config, settings, projectSettings, install, uninstall };
}

const ourEntries = (text: string) => text.split("--connector guard").length - 1;
const mode = (file: string) => statSync(file).mode & 0o777;
const backupsDir = (box: Sandbox) => join(box.home, ".agent-connector", "backups");
const backupFiles = (box: Sandbox) => (existsSync(backupsDir(box)) ? readdirSync(backupsDir(box)).map((name) => join(backupsDir(box), name)) : []);
const tempFilesIn = (folder: string) => readdirSync(folder).filter((name) => name.includes(".tmp"));

/** Gives the whole sandbox to `uid`, for runs as that user. */
const handOver = (box: Sandbox, uid: number) => Bun.spawnSync(["chown", "-R", `${uid}:${uid}`, box.root]);

/** Runs the binary as another user (setpriv), as the sandbox's HOME. */
function cliAs(box: Sandbox, uid: number, args: string[]): Result {
  const proc = Bun.spawnSync(["setpriv", "--reuid", String(uid), "--regid", String(uid), "--clear-groups", BIN, ...args], {
    cwd: box.project,
    env: box.env,
    stdout: "pipe",
    stderr: "pipe",
  });
  return { stdout: proc.stdout.toString(), stderr: proc.stderr.toString(), exitCode: proc.exitCode ?? -1 };
}

function expectRefused(result: Result, file: string, why: RegExp) {
  expect(result.exitCode).toBe(4);
  expect(result.stderr).toContain(file);
  expect(result.stderr).toMatch(why);
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
}

describe("install files: temporary files", () => {
  test("symlinks named like our temporary files do not redirect the write nor the chmod", () => {
    const { box, projectSettings, install } = setup();
    const folder = join(box.project, ".claude");
    const victim = box.write("victim.txt", "precious\n");
    chmodSync(victim, 0o600);
    box.write(projectSettings, `{ "model": "opus" }\n`);
    chmodSync(projectSettings, 0o644);
    // The names the old writer used (settings.json.agent-connector-<pid>.tmp), for the pids the next process is likely to get.
    const nextPid = Bun.spawnSync(["true"]).pid;
    for (let pid = nextPid; pid < nextPid + 400; pid++) symlinkSync(victim, join(folder, `settings.json.agent-connector-${pid}.tmp`));
    const seeded = readdirSync(folder).length;

    const result = install("--scope", "project", "--project-dir", box.project);
    expect(result.exitCode).toBe(0);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    expect(mode(victim)).toBe(0o600);
    expect(lstatSync(projectSettings).isFile()).toBe(true);
    expect(ourEntries(box.read(projectSettings))).toBe(4);
    expect(mode(projectSettings)).toBe(0o644);
    expect(readdirSync(folder).length).toBe(seeded); // no temporary file left behind
  });

  test("a file keeps its mode across install and uninstall", () => {
    const { box, settings, install, uninstall } = setup();
    box.write(settings, `{ "apiKey": "sk-secret" }\n`);
    chmodSync(settings, 0o600);
    expect(install().exitCode).toBe(0);
    expect(mode(settings)).toBe(0o600);
    box.write(settings, box.read(settings).replace(`"sk-secret"`, `"sk-other"`));
    expect(uninstall().exitCode).toBe(0);
    expect(mode(settings)).toBe(0o600);
    expect(tempFilesIn(join(box.home, ".claude"))).toEqual([]);
  });
});

describe("install files: symlinked host files", () => {
  test("a symlinked settings.json is edited at its target and stays a link", () => {
    const { box, settings, install, uninstall } = setup();
    const original = `{\n  // managed by my dotfiles\n  "model": "opus"\n}\n`;
    const target = box.write("dotfiles/claude-settings.json", original);
    mkdirSync(join(box.home, ".claude"), { recursive: true });
    symlinkSync("../../dotfiles/claude-settings.json", settings);

    expect(install().exitCode).toBe(0);
    expect(lstatSync(settings).isSymbolicLink()).toBe(true);
    expect(readlinkSync(settings)).toBe("../../dotfiles/claude-settings.json");
    expect(ourEntries(readFileSync(target, "utf8"))).toBe(4);
    expect(tempFilesIn(join(box.root, "dotfiles"))).toEqual([]);

    const removed = uninstall();
    expect(removed.exitCode).toBe(0);
    expect(removed.stderr).toContain("removed 4 hooks");
    expect(lstatSync(settings).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe(original);
  });

  test("a dangling symlink is refused, naming the file; nothing is written", () => {
    const { box, settings, install } = setup();
    mkdirSync(join(box.home, ".claude"), { recursive: true });
    symlinkSync(join(box.root, "nowhere", "settings.json"), settings);
    expectRefused(install(), settings, /symbolic link/);
    expect(lstatSync(settings).isSymbolicLink()).toBe(true);
    expect(existsSync(join(box.root, "nowhere"))).toBe(false);
  });

  test("a symlink to /dev/null is refused, naming the file; nothing is written", () => {
    const { box, settings, install } = setup();
    mkdirSync(join(box.home, ".claude"), { recursive: true });
    symlinkSync("/dev/null", settings);
    expectRefused(install(), settings, /not a regular file/);
    expect(readlinkSync(settings)).toBe("/dev/null");
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
  });
});

describe("install files: mode and owner", () => {
  test("a read-only (0444) file is refused with the reason, even as root, and a dry run says so too", () => {
    const { box, settings, install } = setup();
    const original = `{ "model": "opus" }\n`;
    box.write(settings, original);
    chmodSync(settings, 0o444);
    expectRefused(install("--dry-run"), settings, /read-only \(mode 0444\)/);
    expectRefused(install(), settings, /read-only \(mode 0444\)/);
    expect(box.read(settings)).toBe(original);
    expect(mode(settings)).toBe(0o444);
  });

  test.skipIf(!isRoot)("as root, a file of another user is refused naming its owner (docs/decisions/root-install-into-another-users-file.md)", () => {
    const { box, settings, install } = setup();
    const original = `{ "model": "opus" }\n`;
    box.write(settings, original);
    chownSync(settings, NOBODY, NOBODY);
    chmodSync(settings, 0o640);
    expectRefused(install("--dry-run"), settings, /belongs to another user \(nobody, uid 65534\).*sudo -u nobody agent-connector install/);
    expectRefused(install(), settings, /belongs to another user \(nobody, uid 65534\)/);
    expect(box.read(settings)).toBe(original);
    const after = statSync(settings);
    expect([after.uid, after.mode & 0o777]).toEqual([NOBODY, 0o640]);
  });

  test.skipIf(!isRoot)("as root, a file of root's with another group keeps its group and mode", () => {
    const { box, settings, install, uninstall } = setup();
    box.write(settings, `{ "model": "opus" }\n`);
    chownSync(settings, 0, OTHER_UID + 1);
    chmodSync(settings, 0o640);
    expect(install().exitCode).toBe(0);
    const after = statSync(settings);
    expect([after.uid, after.gid, after.mode & 0o777]).toEqual([0, OTHER_UID + 1, 0o640]);
    expect(ourEntries(box.read(settings))).toBe(4);
    expect(uninstall().exitCode).toBe(0);
    const restored = statSync(settings);
    expect([restored.uid, restored.gid, restored.mode & 0o777]).toEqual([0, OTHER_UID + 1, 0o640]);
  });

  test.skipIf(!isRoot || !hasSetpriv)("as a normal user, a writable file of another user is refused, not taken over", () => {
    const { box, settings, config } = setup();
    const original = `{ "model": "opus" }\n`;
    box.write(settings, original);
    handOver(box, NOBODY);
    chownSync(settings, OTHER_UID, OTHER_UID);
    chmodSync(settings, 0o666);
    expectRefused(cliAs(box, NOBODY, ["install", "--config", config, "--platform", "claude-code"]), settings, /belongs to another user/);
    expect(box.read(settings)).toBe(original);
    expect(statSync(settings).uid).toBe(OTHER_UID);
  });
});

describe("install files: files we cannot read or parse", () => {
  test("a folder where settings.json should be: exit 4 naming it", () => {
    const { settings, install } = setup();
    mkdirSync(settings, { recursive: true });
    expectRefused(install(), settings, /a folder, not a file/);
    expect(statSync(settings).isDirectory()).toBe(true);
  });

  test.skipIf(!isRoot || !hasSetpriv)("a file we may not read (EACCES): exit 4 naming it", () => {
    const { box, settings, config } = setup();
    box.write(settings, `{ "model": "opus" }\n`);
    handOver(box, NOBODY);
    chownSync(settings, 0, 0);
    chmodSync(settings, 0o600);
    expectRefused(cliAs(box, NOBODY, ["install", "--config", config, "--platform", "claude-code"]), settings, /permission denied/);
  });

  test("a file nested 100,000 levels deep: exit 4 naming it, not a stack overflow", () => {
    const { box, settings, install } = setup();
    const deep = "[".repeat(100_000);
    box.write(settings, deep);
    expectRefused(install(), settings, /nested too deeply/);
    expect(box.read(settings)).toBe(deep);
  });
});

describe("install files: --project-dir", () => {
  test("a backslash is part of a folder name on POSIX, not a separator", () => {
    const { box, install } = setup();
    const result = install("--scope", "project", "--project-dir", "proj\\..\\..\\escaped");
    expect(result.exitCode).toBe(0);
    expect(existsSync(join(box.project, "proj\\..\\..\\escaped", ".claude", "settings.json"))).toBe(true);
    expect(existsSync(join(box.root, "escaped"))).toBe(false);
    expect(existsSync(join(box.project, "..", "..", "escaped"))).toBe(false);
  });
});

describe("install files: bytes that are not UTF-8", () => {
  const original = Buffer.concat([
    Buffer.from(`{\n  "model": "op`),
    Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
    Buffer.from(`us",\n  "name": "Jos\u00e9"\n}\n`),
  ]);

  test("survive install and uninstall byte for byte", () => {
    const { settings, install, uninstall } = setup();
    mkdirSync(join(settings, ".."), { recursive: true });
    writeFileSync(settings, original);
    expect(install().exitCode).toBe(0);
    const installed = readFileSync(settings);
    expect(installed.includes(Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]))).toBe(true);
    expect(installed.includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(false); // no U+FFFD
    expect(uninstall().exitCode).toBe(0);
    expect(readFileSync(settings).equals(original)).toBe(true);
  });

  test("survive an uninstall that removes our entries by content (no backup)", () => {
    const { box, settings, install, uninstall } = setup();
    mkdirSync(join(settings, ".."), { recursive: true });
    writeFileSync(settings, original);
    expect(install().exitCode).toBe(0);
    rmSync(backupsDir(box), { recursive: true });
    expect(uninstall().stderr).toContain("removed 4 hooks");
    const after = readFileSync(settings);
    expect(ourEntries(after.toString("latin1"))).toBe(0);
    expect(after.includes(Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]))).toBe(true);
  });
});

describe("install files: backups", () => {
  test("a backup gets the file's mode, 0600 when there was no file, and no temporary file stays", () => {
    const { box, settings, install, uninstall } = setup();
    expect(install().exitCode).toBe(0);
    expect(backupFiles(box).map(mode)).toEqual([0o600]);
    expect(uninstall().exitCode).toBe(0);

    box.write(settings, `{ "apiKey": "sk-secret" }\n`);
    chmodSync(settings, 0o640);
    expect(install().exitCode).toBe(0);
    expect(backupFiles(box).map(mode)).toEqual([0o640]);
    expect(tempFilesIn(backupsDir(box))).toEqual([]);
  });

  test("a 0600 file holding secrets gets a 0600 backup", () => {
    const { box, settings, install } = setup();
    box.write(settings, `{ "env": { "ANTHROPIC_API_KEY": "sk-secret" } }\n`);
    chmodSync(settings, 0o600);
    expect(install().exitCode).toBe(0);
    expect(backupFiles(box).map(mode)).toEqual([0o600]);
  });

  test("a torn backup blocks neither install nor uninstall, is named in a warning, and uninstall does not lie", () => {
    const { box, settings, install, uninstall } = setup();
    box.write(settings, `{ "model": "opus" }\n`);
    expect(install().exitCode).toBe(0);
    const [backup] = backupFiles(box);
    truncateSync(backup!, 40);

    const again = install();
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain("already up to date");

    const removed = uninstall();
    expect(removed.exitCode).toBe(0);
    expect(removed.stderr).toContain(backup!);
    expect(removed.stderr).toContain("removed 4 hooks");
    expect(ourEntries(box.read(settings))).toBe(0);
    expect(JSON.parse(box.read(settings))).toEqual({ model: "opus" });
  });

  test("a lost backup does not make uninstall restore an 'original' that holds our entries", () => {
    const { box, settings, install, uninstall } = setup();
    box.write(settings, `{ "model": "opus" }\n`);
    expect(install().exitCode).toBe(0);
    rmSync(backupsDir(box), { recursive: true });
    // The connector drops an event: the install changes the file and records its current text,
    // our entries included, as the original.
    writeConfig(box, CONFIG.replace(/\n\s*Stop: [^\n]*/, ""));
    expect(install().exitCode).toBe(0);
    expect(backupFiles(box)).toHaveLength(1);

    const removed = uninstall();
    expect(removed.exitCode).toBe(0);
    expect(removed.stderr).toContain("removed 3 hooks");
    expect(ourEntries(box.read(settings))).toBe(0);
    expect(JSON.parse(box.read(settings))).toEqual({ model: "opus" });
  });
});
