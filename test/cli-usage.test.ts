import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, sandbox, stdoutJson, writeConfig } from "./support/harness.ts";
import { ADAPTERS } from "../adapters/index.ts";
import { COMMANDS as CLI_COMMANDS } from "../src/main.ts";

setDefaultTimeout(60_000);

/** The command line itself, on the compiled binary: host names, usage errors, --help, and the CLI reference in docs/cli.md (issue 34: 5, 6, 7, 12). */

const GUARD = `{ id: "guard", hooks: { PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny", reason: "no" }) }, Stop: { handler: () => undefined } } }`;

const box = sandbox();
writeConfig(box, GUARD);

/** Every command the top-level --help lists (a new command is covered without editing this file). */
const COMMANDS: string[] = [];
for (const [name, load] of Object.entries(CLI_COMMANDS)) if (!((await load()).meta as { hidden?: boolean }).hidden) COMMANDS.push(name);

/** The flags a --help lists under OPTIONS. */
const helpFlags = (command: string): string[] => {
  const help = box.cli([command, "--help"]).stdout;
  const options = help.includes("OPTIONS\n")
    ? help
        .slice(help.indexOf("OPTIONS\n") + "OPTIONS\n".length)
        .replace(/^\n/, "")
        .split("\n\n")[0]!
    : "";
  return [
    ...new Set(
      options
        .split("\n")
        .filter((line) => /^ {2}-/.test(line))
        .flatMap(
          (line) =>
            line
              .trim()
              .split(/\s{2,}/)[0]!
              .match(/--[a-z-]+/g) ?? [],
        ),
    ),
  ].sort();
};

test("the top-level --help lists the commands", () => {
  const help = box.cli(["--help"]).stdout;
  expect(COMMANDS).toContain("simulate");
  for (const command of COMMANDS) expect(help).toMatch(new RegExp(`^ +${command} `, "m"));
});

describe("5: --platform takes a host id, or a program name only one host has", () => {
  test("claude and gemini are the programs of Claude Code and Gemini CLI", () => {
    const result = box.cli(["install", "--platform", "claude,gemini", "--dry-run"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(join(box.home, ".claude", "settings.json"));
    expect(result.stdout).toContain(join(box.home, ".gemini", "settings.json"));
    expect(box.cli(["simulate", "claude", "PreToolUse"]).stdout).toStartWith("guard on Claude Code, PreToolUse");
  });

  test("copilot could mean three hosts: they are named, and nothing is installed", () => {
    const result = box.cli(["install", "--platform", "copilot"]);
    expect(result).toEqual({
      stdout: "",
      stderr: `[error] "copilot" could be any of copilot-cli (GitHub Copilot CLI), vscode-copilot (GitHub Copilot in VS Code), jetbrains-copilot (GitHub Copilot for JetBrains); name one of them\n`,
      exitCode: 2,
    });
    expect(box.exists(join(box.home, ".copilot"))).toBe(false);
  });

  test("a misspelt id or program name gets did you mean, not the list of every host", () => {
    expect(box.cli(["status", "--platform", "claude-cod"]).stderr).toBe(`[error] unknown host "claude-cod"; did you mean claude-code?\n`);
    expect(box.cli(["install", "--platform", "gemni"]).stderr).toBe(`[error] unknown host "gemni"; did you mean gemini-cli?\n`);
    expect(box.cli(["simulate", "cursr", "PreToolUse"]).stderr).toBe(`[error] unknown host "cursr"; did you mean cursor?\n`);
  });

  test("every program name an adapter declares names its host, alone or among the hosts it could mean", () => {
    for (const adapter of ADAPTERS) {
      for (const program of adapter.detect.bins) {
        const result = box.cli(["explain", "--platform", program, "--json"]);
        // A host id stays that host's: `kilo` is Kilo Code, though the Kilo CLI's program is kilo too.
        const id = ADAPTERS.some((other) => other.id === program) ? program : adapter.id;
        if (result.exitCode === 0) expect((stdoutJson(result) as { hosts: { platform: string }[] }).hosts.map((h) => h.platform)).toEqual([id]);
        else expect((stdoutJson(result) as { error: { message: string } }).error.message).toContain(`${adapter.id} (${adapter.name})`);
      }
    }
  });
});

describe("6: a usage error exits 2, usage on stderr, stdout empty; with --json, a JSON error on stdout", () => {
  // hook is what hosts run: wrong words there fail open (exit 0), test/hook-argv.test.ts.
  const commands = () => COMMANDS.filter((command) => command !== "hook");

  test("the top level without a command", () => {
    const result = box.cli([]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("USAGE agent-connector");
  });

  test("each command's missing positional arguments", () => {
    let checked = 0;
    for (const command of commands()) {
      const usage = box
        .cli([command, "--help"])
        .stdout.split("\n")
        .find((line) => line.startsWith("USAGE "))!;
      if (!/<[A-Z_]+>/.test(usage)) continue;
      checked++;
      const result = box.cli([command]);
      expect({ command, exitCode: result.exitCode, stdout: result.stdout }).toEqual({ command, exitCode: 2, stdout: "" });
      expect(result.stderr).toContain(usage);
      const json = box.cli([command, "--json"]);
      expect({ command, exitCode: json.exitCode }).toEqual({ command, exitCode: 2 });
      expect(stdoutJson(json)).toMatchObject({ ok: false, error: { kind: "UsageError" } });
    }
    expect(checked).toBeGreaterThan(0);
    const one = box.cli(["simulate", "claude-code", "--json"]);
    expect(stdoutJson(one)).toEqual({ ok: false, error: { kind: "UsageError", message: "Missing required positional argument: EVENT" } });
  });

  test("each command's unknown flag", () => {
    for (const command of commands()) {
      const result = box.cli([command, "--bogus-flag"]);
      expect({ command, exitCode: result.exitCode, stdout: result.stdout }).toEqual({ command, exitCode: 2, stdout: "" });
      // A command that misses its arguments says that first.
      expect(result.stderr).toMatch(/--bogus-flag|Missing required/);
      const json = box.cli([command, "--bogus-flag", "--json"]);
      expect({ command, exitCode: json.exitCode }).toEqual({ command, exitCode: 2 });
      expect(stdoutJson(json)).toMatchObject({ ok: false, error: { kind: "UsageError" } });
    }
  });
});

describe("7: --help", () => {
  test("every --help has examples of that command, and fits 80 columns in a pipe", () => {
    for (const command of [undefined, ...COMMANDS]) {
      const help = box.cli(command ? [command, "--help"] : ["--help"]).stdout;
      const examples = help
        .slice(help.indexOf("\nEXAMPLES\n"))
        .split("\n")
        .slice(2)
        .filter((line) => /^ {2}\S/.test(line));
      expect({ command, examples: help.includes("\nEXAMPLES\n") && examples.length > 0 }).toEqual({ command, examples: true });
      // The binary may be a download's name (agent-connector-linux-x64 self-install).
      for (const example of examples) expect(example).toMatch(new RegExp(`agent-connector\\S* ${command ?? ""}`));
      expect({ command, tooLong: help.split("\n").filter((line) => line.length > 80) }).toEqual({ command, tooLong: [] });
    }
  });

  test("explain --platform shows only the hosts asked for", () => {
    const human = box.cli(["explain", "--platform", "claude-code,codex"]);
    expect(human.exitCode).toBe(0);
    expect(human.stdout.split("\n")[0]).toEndWith(": 2 events on 2 hosts");
    const ids = new Set<string>(ADAPTERS.map((adapter) => adapter.id));
    const rowsOf = (stdout: string) => [
      ...new Set(
        stdout
          .split("\n")
          .map((line) => line.split(" ")[0]!)
          .filter((word) => ids.has(word)),
      ),
    ];
    expect(rowsOf(human.stdout)).toEqual(["claude-code", "codex"]);
    expect(rowsOf(box.cli(["explain"]).stdout).length).toBe(ADAPTERS.length);
    const json = stdoutJson(box.cli(["explain", "--platform", "gemini", "--json"])) as { hosts: { platform: string }[] };
    expect(json.hosts.map((h) => h.platform)).toEqual(["gemini-cli"]);
  });
});

describe("12: the CLI reference (docs/cli.md), the README and --help agree", () => {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const cli = readFileSync(join(REPO, "docs", "cli.md"), "utf8");
  const synopsis = cli.slice(cli.indexOf("```\n") + 4, cli.indexOf("\n```", cli.indexOf("```\n") + 4)).split("\n");
  const documented = (command: string): string[] => {
    const line = synopsis.find((l) => l.split(/\s+/)[1] === command);
    return [...new Set(line?.match(/--[a-z-]+/g) ?? [])].sort();
  };

  test("every command is in the synopsis, with exactly the flags its --help lists", () => {
    for (const command of COMMANDS) expect({ command, flags: documented(command) }).toEqual({ command, flags: helpFlags(command) });
  });

  test("every command in the synopsis is one the binary has", () => {
    for (const line of synopsis.filter((l) => l.startsWith("agent-connector ") && !l.startsWith("agent-connector --"))) {
      const command = line.split(/\s+/)[1]!;
      expect({ command, known: COMMANDS.includes(command) }).toEqual({ command, known: true });
    }
  });

  test("the install script's settings are shown beside it", () => {
    const script = readFileSync(join(REPO, "build", "release", "install.sh"), "utf8");
    const install = readme.slice(readme.indexOf("\n## Install\n"));
    const block = install.slice(install.indexOf("```sh\n"), install.indexOf("\n```\n", install.indexOf("```sh\n")));
    // What the script reads with a default (${NAME:-…}): its own settings.
    const variables = [...script.matchAll(/\$\{(AGENT_CONNECTOR_[A-Z_]+):-/g)].map((match) => match[1]!);
    expect(variables).toContain("AGENT_CONNECTOR_RELEASE_BASE");
    for (const variable of variables) expect({ variable, shown: block.includes(variable) }).toEqual({ variable, shown: true });
  });
});
