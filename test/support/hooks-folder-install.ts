/**
 * install / uninstall checks for the hosts that run one executable per event from a hooks folder
 * (Cline): the exact launchers and their mode, the launcher answering as the host runs it, scopes,
 * reinstall, a user's own hook never overwritten (exit 4, nothing written), another connector's
 * launcher shared, --dry-run, --json, uninstall removing exactly our launchers.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Sandbox } from "./harness.ts";
import { installSetup } from "./install.ts";
import { asReply } from "./decisions.ts";

export interface HooksFolderInstall {
  /** The connector (id "guard") installed in every check. */
  source: string;
  /** The hooks folder, user scope and project scope. */
  folder: (box: Sandbox) => string;
  projectFolder: (project: string) => string;
  /** An env var that moves the user folder, and where the folder then is. */
  override?: { name: string; folder: (dir: string) => string };
  /** File name → exact launcher text of a fresh install; nothing else is written. */
  fresh: Record<string, string>;
  /** Lines install prints about it (warnings, degradations). */
  freshStderr: string[];
  /** The PreToolUse launcher's exact reply to the host's PreToolUse payload (`source` denies): JSON, or an ExitReply. */
  deny: unknown;
  /** The file that runs PreToolUse (default `PreToolUse`, the event's own name). */
  preToolUseFile?: string;
  /** The host hands the payload over in environment variables, not on stdin (Mux). */
  payloadInEnv?: boolean;
  /** What a refusal says about the other scope (default: it installs beside this one). */
  otherScope?: string;
  /** What install tells the owner of a PreToolUse hook of their own to do to keep it running. */
  besideOwn: string;
  /** `source` less one event, and the launcher file that then goes. */
  dropped: { source: string; file: string };
  /** A connector (id "audit") that wants one of the same events, for the two-connector check. */
  otherSource: string;
}

const listing = (folder: string) => readdirSync(folder).sort();
const mode = (file: string) => statSync(file).mode & 0o777;

/** `preToolUse` is the host's PreToolUse payload, which the installed launcher is fed. */
export function hooksFolderInstallSuite(platform: string, host: HooksFolderInstall, preToolUse: (box: Sandbox) => unknown): void {
  const names = Object.keys(host.fresh).sort();
  const hooks = names.length;
  const pre = host.preToolUseFile ?? "PreToolUse";

  describe(`${platform}: install (hooks folder)`, () => {
    test("fresh: exactly our launchers, executable, and what install reports", () => {
      const { box, install } = installSetup(platform, host.source);
      const result = install();
      expect(result.exitCode).toBe(0);
      const folder = host.folder(box);
      expect(listing(folder)).toEqual(names);
      for (const name of names) {
        expect(box.read(join(folder, name))).toBe(host.fresh[name]!);
        expect(mode(join(folder, name))).toBe(0o755);
      }
      for (const line of host.freshStderr) expect(result.stderr).toContain(line);
    });

    test("the launcher answers as the host runs it, from its PreToolUse payload", () => {
      const { box, install } = installSetup(platform, host.source);
      install();
      const payload = preToolUse(box) as Record<string, string>;
      const input = host.payloadInEnv ? { env: { ...box.env, ...payload } } : { env: box.env, stdin: Buffer.from(JSON.stringify(payload)) };
      const proc = Bun.spawnSync([join(host.folder(box), pre)], { cwd: box.project, ...input });
      const { stdout, exitCode } = asReply(host.deny);
      expect({ stdout: proc.stdout.toString(), exitCode: proc.exitCode }).toEqual({ stdout, exitCode });
    });

    test("project scope: the same launchers in the project's folder", () => {
      const { box, install } = installSetup(platform, host.source);
      expect(install("--scope", "project", "--project-dir", box.project).exitCode).toBe(0);
      const folder = host.projectFolder(box.project);
      expect(listing(folder)).toEqual(names);
      for (const name of names) expect(box.read(join(folder, name))).toBe(host.fresh[name]!);
      expect(box.exists(host.folder(box))).toBe(false);
    });

    if (host.override) {
      const override = host.override;
      test(`${override.name} moves the user folder`, () => {
        const { box, config } = installSetup(platform, host.source);
        const moved = join(box.root, "moved");
        expect(box.cli(["install", "--config", config, "--platform", platform], { env: { [override.name]: moved } }).exitCode).toBe(0);
        expect(listing(override.folder(moved))).toEqual(names);
        expect(box.exists(host.folder(box))).toBe(false);
      });
    }

    test("reinstall: same files, already up to date", () => {
      const { box, install } = installSetup(platform, host.source);
      install();
      const again = install();
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toContain("already up to date");
      for (const name of names) expect(box.read(join(host.folder(box), name))).toBe(host.fresh[name]!);
    });

    test("an event dropped from the config loses its launcher on reinstall", () => {
      const { box, config, install } = installSetup(platform, host.source);
      install();
      box.write(config, `import { defineConnector } from "agent-connector";\nexport default defineConnector(${host.dropped.source});\n`);
      expect(install().exitCode).toBe(0);
      expect(listing(host.folder(box))).toEqual(names.filter((n) => n !== host.dropped.file));
    });

    test("a launcher edited since is no longer ours: reinstall refuses to overwrite it (exit 4)", () => {
      const { box, install } = installSetup(platform, host.source);
      install();
      const file = join(host.folder(box), pre);
      box.write(file, `${host.fresh[pre]}# my addition\n`);
      const result = install();
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toContain(`${file}: is a hook of your own`);
      expect(box.read(file)).toBe(`${host.fresh[pre]}# my addition\n`);
    });

    test("a user's own hook of the same name is never overwritten: exit 4, nothing written, what to do", () => {
      const { box, install } = installSetup(platform, host.source);
      const mine = box.write(join(host.folder(box), pre), "#!/bin/sh\necho '{}'\n");
      const result = install();
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toContain(`${mine}: is a hook of your own, not a launcher agent-connector wrote`);
      expect(result.stderr).toContain(host.besideOwn);
      expect(result.stderr).toContain(host.otherScope ?? "--scope project installs beside it");
      expect(box.read(mine)).toBe("#!/bin/sh\necho '{}'\n");
      expect(listing(host.folder(box))).toEqual([pre]);
    });

    test("two connectors on one event in one folder share its launcher (test/shared-launcher.test.ts runs it); at the other scope both install too", () => {
      const { box, install } = installSetup(platform, host.source);
      install();
      const other = box.write(
        join(box.root, "audit.config.ts"),
        `import { defineConnector } from "agent-connector";\nexport default defineConnector(${host.otherSource});\n`,
      );
      const shared = box.cli(["install", "--config", other, "--platform", platform]);
      expect(shared.exitCode).toBe(0);
      expect(box.read(join(host.folder(box), pre))).toContain("--connector guard --connector audit");
      for (const name of names.filter((n) => n !== pre)) expect(box.read(join(host.folder(box), name))).toBe(host.fresh[name]!);
      expect(box.cli(["install", "--config", other, "--platform", platform, "--scope", "project", "--project-dir", box.project]).exitCode).toBe(0);
      expect(box.read(join(host.projectFolder(box.project), pre))).toContain("--connector audit");
    });

    test("--dry-run prints the diff and writes nothing; --json reports the folder", () => {
      const { box, install } = installSetup(platform, host.source);
      const result = install("--dry-run");
      expect(result.exitCode).toBe(0);
      for (const name of names) expect(result.stdout).toContain(`+++ ${join(host.folder(box), name)}`);
      expect(box.exists(host.folder(box))).toBe(false);
      expect(box.exists(join(box.home, ".agent-connector", "registry.json"))).toBe(false);
      const json = JSON.parse(install("--json").stdout);
      expect(json.results[0]).toMatchObject({ platform, paradigm: "json-stdio", file: host.folder(box), status: "installed" });
    });
  });

  describe(`${platform}: uninstall (hooks folder)`, () => {
    test("removes only our launchers; the user's files and a folder they had stay", () => {
      const { box, install, uninstall } = installSetup(platform, host.source);
      const folder = host.folder(box);
      box.write(join(folder, "TaskError"), "#!/bin/sh\necho mine\n");
      box.write(join(folder, "notes.txt"), "mine\n");
      install();
      const result = uninstall();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(`removed ${hooks} hook`);
      expect(listing(folder)).toEqual(["TaskError", "notes.txt"]);
      expect(box.read(join(folder, "TaskError"))).toBe("#!/bin/sh\necho mine\n");
    });

    test("round trip on no folder removes the folder we created", () => {
      const { box, install, uninstall } = installSetup(platform, host.source);
      install();
      expect(uninstall().exitCode).toBe(0);
      expect(box.exists(host.folder(box))).toBe(false);
    });

    test("a launcher the user edited since is left, and uninstall says it found none of ours there", () => {
      const { box, install, uninstall } = installSetup(platform, host.source);
      install();
      const file = join(host.folder(box), pre);
      box.write(file, `${host.fresh[pre]}# edited\n`);
      const result = uninstall();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(`removed ${hooks - 1} hook`);
      expect(box.read(file)).toBe(`${host.fresh[pre]}# edited\n`);
    });

    test("--dry-run writes nothing", () => {
      const { box, install, uninstall } = installSetup(platform, host.source);
      install();
      const result = uninstall("--dry-run");
      expect(result.stdout).toContain(`--- ${join(host.folder(box), pre)}`);
      for (const name of names) expect(box.read(join(host.folder(box), name))).toBe(host.fresh[name]!);
    });
  });
}
