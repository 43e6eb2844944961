import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { dirname } from "node:path";
import { BIN, sandbox, writeConfig } from "./support/harness.ts";
import { has, terminal } from "./support/tmux.ts";
import { HOST_IDS } from "../adapters/index.ts";

setDefaultTimeout(60_000);

/** Completion in real bash, zsh and fish: the words each shell offers, from the compiled binary. */

const box = sandbox();
writeConfig(box, `{ id: "guard", hooks: { Stop: { handler: () => undefined } } }`);
expect(box.cli(["install", "--platform", "claude-code"]).exitCode).toBe(0);
const env = { ...box.env, PATH: `${dirname(BIN)}:${process.env.PATH ?? "/usr/bin:/bin"}`, TERM: "xterm" };
const script = (shell: string) => box.write(`completion.${shell}`, box.cli(["completion", shell]).stdout);

const missing = (programs: string[]) => programs.filter((p) => !has(p));
const skipReason = (shell: string, programs: string[]) => {
  const absent = missing(programs);
  if (absent.length) console.log(`[skip] ${shell} completion tests: ${absent.join(" and ")} not installed on this machine`);
  return absent.length > 0;
};

/** What bash offers for a line typed up to its end, as bash hands it to the function (COMP_LINE, COMP_POINT). */
function bashOffers(line: string): string[] {
  const run = Bun.spawnSync(
    [
      "bash",
      "-c",
      `source "$1"; COMP_LINE="$2"; COMP_POINT=\${#COMP_LINE}; read -ra COMP_WORDS <<< "$COMP_LINE"; COMP_CWORD=\${#COMP_WORDS[@]}; _agent_connector; printf '%s\\n' "\${COMPREPLY[@]}"`,
      "bash",
      script("bash"),
      line,
    ],
    { env, cwd: box.project, stdout: "pipe", stderr: "pipe" },
  );
  return run.stdout.toString().split("\n").filter(Boolean);
}

describe("bash", () => {
  test("commands, flags, host ids, installed connector ids", () => {
    expect(bashOffers("agent-connector do")).toEqual(["doctor"]);
    expect(bashOffers("agent-connector install --pl")).toEqual(["--platform"]);
    expect(bashOffers("agent-connector install --platform co")).toEqual(HOST_IDS.filter((id) => id.startsWith("co")));
    expect(bashOffers("agent-connector status --connector ")).toEqual(["guard"]);
  });

  test("comma lists, --flag=value, daemon and completion actions, --scope managed, --only", () => {
    expect(bashOffers("agent-connector install --platform claude-code,gem")).toEqual(["claude-code,gemini-cli"]);
    expect(bashOffers("agent-connector install --platform claude-code,")).not.toContain("claude-code,claude-code");
    // Readline replaces what follows "=": the candidate is the value alone.
    expect(bashOffers("agent-connector install --platform=gem")).toEqual(["gemini-cli"]);
    expect(bashOffers("agent-connector daemon ")).toEqual(["status", "start", "stop", "serve"]);
    expect(bashOffers("agent-connector completion ")).toEqual(["bash", "zsh", "fish", "powershell"]);
    expect(bashOffers("agent-connector install --scope ")).toEqual(["user", "project", "managed"]);
    expect(bashOffers("agent-connector install --only ")).toEqual(["hooks", "mcp"]);
    expect(bashOffers("agent-connector simulate claude-code PreT")).toEqual(["PreToolUse"]);
    // A typed --help is a word like any other, not a request for help text.
    expect(bashOffers("agent-connector install --help --sc")).toEqual(["--scope"]);
  });

  test("a path flag completes files", () => {
    box.write("project/my-config.ts", "");
    expect(bashOffers("agent-connector install --config my-c")).toEqual(["my-config.ts"]);
  });
});

describe("fish", () => {
  const absent = skipReason("fish", ["fish"]);
  const fishOffers = (line: string): string[] =>
    Bun.spawnSync(["fish", "--no-config", "-c", `source $argv[1]; complete -C $argv[2]`, script("fish"), line], { env, cwd: box.project, stdout: "pipe" })
      .stdout.toString()
      .split("\n")
      .filter(Boolean)
      .map((candidate) => candidate.split("\t")[0]!);

  test.skipIf(absent)("comma lists, --flag=value, actions, scopes, parts, connector ids, files", () => {
    expect(fishOffers("agent-connector install --platform claude-code,gem")).toEqual(["claude-code,gemini-cli"]);
    expect(fishOffers("agent-connector install --platform=gem")).toEqual(["--platform=gemini-cli"]);
    expect(fishOffers("agent-connector daemon ").sort()).toEqual(["serve", "start", "status", "stop"]);
    expect(fishOffers("agent-connector completion ").sort()).toEqual(["bash", "fish", "powershell", "zsh"]);
    expect(fishOffers("agent-connector install --scope ma")).toEqual(["managed"]);
    expect(fishOffers("agent-connector install --only ").sort()).toEqual(["hooks", "mcp"]);
    expect(fishOffers("agent-connector logs --connector ")).toEqual(["guard"]);
    box.write("project/my-config.ts", "");
    expect(fishOffers("agent-connector install --config my-c")).toEqual(["my-config.ts"]);
  });
});

describe("zsh, typed at a terminal", () => {
  const absent = skipReason("zsh", ["zsh", "tmux"]);
  const open: { close(): void }[] = [];
  afterAll(() => {
    for (const t of open) t.close();
  });

  /** A bare zsh (no ~/.zshrc, no compinit) that evaluates the script, then the line and TAB. */
  async function zshLine(line: string, expected: string) {
    const zsh = terminal(["zsh", "-f"], env);
    open.push(zsh);
    zsh.type([`cd ${box.project} && eval "$(agent-connector completion zsh)" && echo loaded`, "Enter"]);
    const loaded = await zsh.waitFor(/^loaded$/m);
    expect(loaded).not.toContain("command not found");
    zsh.type([line, "Tab"]);
    return zsh.waitFor(expected);
  }

  test.skipIf(absent)("works in zsh -f without compinit; comma lists and --flag=value", async () => {
    expect(await zshLine("agent-connector install --platform claude-code,gem", "claude-code,gemini-cli")).toContain("--platform claude-code,gemini-cli");
    expect(await zshLine("agent-connector install --platform=gem", "--platform=gemini-cli")).toContain("install --platform=gemini-cli");
    expect(await zshLine("agent-connector install --scope ma", "managed")).toContain("--scope managed");
    expect(await zshLine("agent-connector daemon sto", "stop")).toContain("daemon stop");
    expect(await zshLine("agent-connector completion fi", "fish")).toContain("completion fish");
    expect(await zshLine("agent-connector install --only m", "mcp")).toContain("--only mcp");
  });
});

describe("bash, typed at a terminal", () => {
  const absent = skipReason("interactive bash", ["tmux"]);
  test.skipIf(absent)("--platform=<TAB> keeps the flag and completes the value", async () => {
    const bash = terminal(["bash", "--norc", "--noprofile"], env);
    try {
      bash.type([`source ${script("bash")}`, "Enter"]);
      bash.type(["agent-connector install --platform=gem", "Tab"]);
      expect(await bash.waitFor("--platform=gemini-cli")).toContain("agent-connector install --platform=gemini-cli");
    } finally {
      bash.close();
    }
  });
});
