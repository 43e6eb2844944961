/**
 * install / uninstall checks for the hosts whose hooks live in a JSON hook file (Cursor, Codex,
 * Copilot CLI, VS Code Copilot): exact bytes written, the written command answering as the host
 * runs it, scopes, reinstall, files we will not touch, --dry-run, byte-identical uninstall.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Sandbox } from "./harness.ts";
import { installSetup } from "./install.ts";
import { asReply } from "./decisions.ts";

export interface HookFileInstall {
  /** The connector (id "guard") installed in every check. */
  source: string;
  /** Where install writes, user scope and project scope (none: the host has user-scope hooks only). */
  file: (box: Sandbox) => string;
  projectFile?: (project: string) => string;
  /** The host has hooks at project scope only: every check installs with --scope project, and `file` is the project file. */
  projectOnly?: boolean;
  /** An env var that moves the user file, and where the file then is. */
  override?: { name: string; file: (dir: string) => string };
  /** The exact bytes of a fresh install, and lines install prints about it. */
  fresh: (box: Sandbox) => string;
  freshStderr: (box: Sandbox) => string[];
  /** How the file is read (default JSON.parse). */
  parse?: (text: string) => any;
  /** The installed command (PreToolUse's unless `commandEvent`) in the parsed file, the env the host gives it, its exact reply (JSON, or an ExitReply). */
  commandEvent?: "SessionStart";
  command: (written: any) => string;
  commandEnv?: Record<string, string>;
  deny: unknown;
  /** How many hooks of ours the file holds. */
  hooks: number;
  /** A file of the user's at our path, and (if checked) the exact bytes after install. */
  existing?: { text: string; merged?: (box: Sandbox) => string };
  /** Files install refuses to touch (exit 4): their text and the message. */
  refused: { text: string; error: (box: Sandbox) => string }[];
  /** Lines the install diff holds besides `+++ <file>`, and a path --dry-run must not create. */
  dryRun: string[];
  dryRunAbsent?: (box: Sandbox) => string;
  /** A line the uninstall diff holds. */
  uninstallDryRun: (box: Sandbox) => string;
}

/** `preToolUse` is the host's PreToolUse payload, which the installed command is fed. */
export function hookFileInstallSuite(platform: string, host: HookFileInstall, preToolUse: (box: Sandbox) => unknown): void {
  const setup = (existing?: string) => {
    const s = installSetup(platform, host.source);
    if (existing !== undefined) s.box.write(host.file(s.box), existing);
    if (!host.projectOnly) return s;
    const scoped = ["--scope", "project", "--project-dir", s.box.project];
    return { ...s, install: (...extra: string[]) => s.install(...scoped, ...extra), uninstall: (...extra: string[]) => s.uninstall(...scoped, ...extra) };
  };
  const ours = (text: string) => text.split("--connector guard").length - 1;

  describe(`${platform}: install`, () => {
    test("fresh: the exact file, and what install reports", () => {
      const { box, install } = setup();
      const result = install();
      expect(result.exitCode).toBe(0);
      expect(box.read(host.file(box))).toBe(host.fresh(box));
      for (const line of host.freshStderr(box)) expect(result.stderr).toContain(line);
    });

    test(`the installed command answers as the host runs it, from its ${host.commandEvent ?? "PreToolUse"} payload`, () => {
      const { box, install } = setup();
      install();
      const command = host.command((host.parse ?? JSON.parse)(box.read(host.file(box))));
      const payload = preToolUse(box);
      const proc = Bun.spawnSync(["sh", "-c", command], { env: { ...box.env, ...host.commandEnv }, stdin: Buffer.from(JSON.stringify(payload)) });
      expect({ stdout: proc.stdout.toString(), exitCode: proc.exitCode, stderr: proc.stderr.toString() }).toEqual(asReply(host.deny));
    });

    const projectFile = host.projectFile;
    if (host.projectOnly) {
      test("user scope: the host has none, install says so and writes nothing", () => {
        const { box, config } = installSetup(platform, host.source);
        const result = box.cli(["install", "--config", config, "--platform", platform]);
        expect(result.stderr).toContain("has no user-scope hook config; try --scope project.");
        expect(box.exists(host.file(box))).toBe(false);
      });
    } else if (projectFile) {
      test("project scope: the same file in the project", () => {
        const { box, install } = setup();
        expect(install("--scope", "project", "--project-dir", box.project).exitCode).toBe(0);
        expect(box.read(projectFile(box.project))).toBe(host.fresh(box));
        expect(box.exists(host.file(box))).toBe(false);
      });
    } else {
      test("project scope: the host has none, install says so and writes nothing", () => {
        const { box, install } = setup();
        const result = install("--scope", "project", "--project-dir", box.project);
        expect(result.stderr).toContain("has no project-scope hook config; try --scope user.");
        expect(box.exists(host.file(box))).toBe(false);
      });
    }

    if (host.override) {
      const override = host.override;
      test(`${override.name} moves the user file`, () => {
        const { box, config } = setup();
        const moved = join(box.root, "moved");
        expect(box.cli(["install", "--config", config, "--platform", platform], { env: { [override.name]: moved } }).exitCode).toBe(0);
        expect(box.read(override.file(moved))).toBe(host.fresh(box));
        expect(box.exists(host.file(box))).toBe(false);
      });
    }

    if (host.existing?.merged) {
      const { text, merged } = host.existing;
      test("the user's entries, keys and order stay; ours are appended", () => {
        const { box, install } = setup(text);
        expect(install().exitCode).toBe(0);
        expect(box.read(host.file(box))).toBe(merged(box));
      });
    }

    test("reinstall: one entry per event, same bytes", () => {
      const { box, install } = setup(host.existing?.text);
      install();
      const once = box.read(host.file(box));
      const again = install();
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toContain("already up to date");
      expect(box.read(host.file(box))).toBe(once);
      expect(ours(once)).toBe(host.hooks);
    });

    for (const refused of host.refused) {
      test(`a file it cannot edit safely is never overwritten: exit 4 (${JSON.stringify(refused.text)})`, () => {
        const { box, install } = setup(refused.text);
        const result = install();
        expect(result.exitCode).toBe(4);
        expect(result.stderr).toContain(refused.error(box));
        expect(box.read(host.file(box))).toBe(refused.text);
      });
    }

    test("--dry-run prints the diff and writes nothing", () => {
      const { box, install } = setup(host.existing?.text);
      const result = install("--dry-run");
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain(`+++ ${host.file(box)}`);
      for (const line of host.dryRun) expect(result.stdout).toContain(line);
      if (host.existing) expect(box.read(host.file(box))).toBe(host.existing.text);
      else expect(box.exists(host.dryRunAbsent?.(box) ?? host.file(box))).toBe(false);
      expect(box.exists(join(box.home, ".agent-connector", "registry.json"))).toBe(false);
    });
  });

  describe(`${platform}: uninstall`, () => {
    if (host.existing) {
      const { text } = host.existing;
      test("round trip on an existing file gives back the exact bytes", () => {
        const { box, install, uninstall } = setup(text);
        install();
        const result = uninstall();
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toContain(`removed ${host.hooks} hook${host.hooks === 1 ? "" : "s"}`);
        expect(box.read(host.file(box))).toBe(text);
      });
    }

    test("round trip on no file removes the file we created", () => {
      const { box, install, uninstall } = setup();
      install();
      const result = uninstall();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(`removed ${host.hooks} hook${host.hooks === 1 ? "" : "s"}`);
      expect(box.exists(host.file(box))).toBe(false);
    });

    test("--dry-run writes nothing", () => {
      const { box, install, uninstall } = setup(host.existing?.text);
      install();
      const installed = box.read(host.file(box));
      const result = uninstall("--dry-run");
      expect(result.stdout).toContain(host.uninstallDryRun(box));
      expect(box.read(host.file(box))).toBe(installed);
    });
  });
}
