/**
 * Hook commands as Windows hosts get them: the `.exe` path in the one form each host's shell
 * (Git Bash, cmd.exe, PowerShell) reads back verbatim. Every json-stdio host's command is rendered
 * for awkward Windows paths and read back by a model of that shell's quoting rules; Git Bash's
 * rendering also by a real bash. The launchers written into hooks folders likewise, in every flavour.
 */
import { describe, expect, test } from "bun:test";
import { ADAPTERS } from "../adapters/index.ts";
import { commandShell, currentInvocation, hookCommand, isOurCommand } from "../src/install/command-line.ts";
import { fileSpecOn } from "../src/install/deliveries.ts";
import { renderLauncher, type LauncherFlavour } from "../src/install/launcher.ts";
import { UnquotablePathError } from "../src/install/shells.ts";
import type { CommandShell } from "../src/adapter.ts";

const PATHS = [
  String.raw`C:\Users\ann\.agent-connector\bin\agent-connector.exe`,
  String.raw`C:\Users\Ann Lee\.agent-connector\bin\agent-connector.exe`,
  String.raw`C:\Users\O'Brien\AppData\Local\agent connector (x86)\bin\agent-connector.exe`,
  String.raw`D:\R&D;team\$env\a^b,c{d}@e#f\agent-connector.exe`,
  String.raw`C:\Users\Zoë ‘quoted’\bin\agent-connector.exe`,
];

/** POSIX shell words (Git Bash): quotes, backslash escapes; an unquoted operator is a failure. */
function bashWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error("unclosed '");
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      word ??= "";
      for (i++; line[i] !== '"'; i++) {
        if (i >= line.length) throw new Error('unclosed "');
        if (line[i] === "\\" && '$`"\\'.includes(line[i + 1]!)) i++;
        else if (line[i] === "$" || line[i] === "`") throw new Error("expansion inside double quotes");
        word += line[i];
      }
    } else if (c === "\\") word = (word ?? "") + line[++i];
    else if (c === " ") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (";&|<>()$`*?[#~{}".includes(c)) throw new Error(`unquoted ${c}`);
    else word = (word ?? "") + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** cmd.exe /d /s /c "<line>": outside double quotes & | < > ^ ( ) are operators; %…% expands anywhere. */
function cmdWords(line: string): string[] {
  if (line.includes("%")) throw new Error("% expands in cmd.exe");
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && "&|<>^()".includes(c)) throw new Error(`unquoted ${c}`);
  }
  if (quoted) throw new Error('unclosed "');
  const match = /^(?:"([^"]*)"|(\S+))((?: \S+)*)$/.exec(line);
  if (!match) throw new Error("no program");
  const args = match[3]!.trim().split(" ").filter(Boolean);
  if (args.some((a) => a.includes('"'))) throw new Error("quote in an argument");
  return [match[1] ?? match[2]!, ...args];
}

/** PowerShell: `& '<verbatim, quotes doubled>'` or a bare word; arguments bare. */
function powershellWords(line: string): string[] {
  const QUOTES = "'‘’‚‛";
  let rest = line;
  let program: string;
  if (rest.startsWith("& '")) {
    program = "";
    let i = 3;
    for (; ; i++) {
      if (i >= rest.length) throw new Error("unclosed '");
      if (QUOTES.includes(rest[i]!)) {
        if (QUOTES.includes(rest[i + 1] ?? "")) {
          program += rest[i];
          i++;
        } else break;
      } else program += rest[i];
    }
    rest = rest.slice(i + 1);
  } else {
    program = rest.split(" ")[0]!;
    rest = rest.slice(program.length);
  }
  const args = rest.trim().split(" ").filter(Boolean);
  for (const word of [...(line.startsWith("&") ? [] : [program]), ...args]) {
    if (/[\s$`'"(){};,&|@#<>‘’‚‛]/.test(word)) throw new Error(`${word} is not a bare word in PowerShell`);
  }
  return [program, ...args];
}

const READ: Record<Exclude<CommandShell, "posix">, (line: string) => string[]> = { bash: bashWords, cmd: cmdWords, powershell: powershellWords };

/** A line of a batch file as cmd.exe reads it: %% is a %, a lone % expands; outside quotes & | < > ^ ( ) are operators; inside them "" is a quote. */
function batchWords(line: string): string[] {
  if (line.replaceAll("%%", "").includes("%")) throw new Error("% expands in a batch file");
  const text = line.replaceAll("%%", "%");
  const words: string[] = [];
  let word: string | undefined;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' && quoted && text[i + 1] === '"') word += text[++i]!;
    else if (c === '"') {
      quoted = !quoted;
      word ??= "";
    } else if (!quoted && "&|<>^()".includes(c)) throw new Error(`unquoted ${c}`);
    else if (!quoted && c === " ") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + c;
  }
  if (quoted) throw new Error('unclosed "');
  if (word !== undefined) words.push(word);
  return words;
}

/** The one command line of a launcher (the first line `lead` matches, `lead` taken off), without our fixed stdin redirection. */
function commandLineOf(text: string, lead: RegExp, redirect: string): string {
  const line = text.split(/\r?\n/).find((l) => lead.test(l));
  if (line === undefined) throw new Error("no command line");
  const command = line.replace(lead, "");
  return redirect && command.endsWith(redirect) ? command.slice(0, -redirect.length) : command;
}

/** Each launcher flavour read by its shell: sh by (Git) bash, cmd as a batch file, ps1 by PowerShell. A new flavour fails to compile here until it has one. */
const READ_LAUNCHER: Record<LauncherFlavour, (text: string) => string[]> = {
  sh: (text) => bashWords(commandLineOf(text, /^exec /, " </dev/null")),
  cmd: (text) => batchWords(commandLineOf(text, /^(?!#|@echo off|rem |exit )(?=.)/, " <NUL")),
  ps1: (text) => powershellWords(commandLineOf(text, /^(?!#|exit )(?:\$input \| )?(?=.)/, "")),
};

/** The file names Windows runs with each flavour's shell (it picks the program by the suffix; a host that runs bash itself needs none). */
const LAUNCHER_SUFFIXES: Record<LauncherFlavour, readonly string[]> = { sh: ["", ".sh"], cmd: [".cmd", ".bat"], ps1: [".ps1"] };

const HOOK_FILE_HOSTS = ADAPTERS.flatMap((adapter) => (adapter.hooks.kind === "hook-file" ? [{ adapter, spec: adapter.hooks.file }] : []));

describe("hook commands on Windows", () => {
  test("every json-stdio host's Windows shell is one modelled here, so the read-back below covers every host; none named is cmd.exe", () => {
    expect(HOOK_FILE_HOSTS.length).toBeGreaterThan(0);
    expect(HOOK_FILE_HOSTS.filter(({ spec }) => !Object.hasOwn(READ, commandShell(spec, "win32"))).map(({ adapter }) => adapter.id)).toEqual([]);
    // What Node's spawn(…, { shell: true }) runs there; elsewhere every host gets the POSIX spelling.
    const unnamed = HOOK_FILE_HOSTS.find(({ spec }) => !spec.windows)!.spec;
    expect([commandShell(unnamed, "win32"), commandShell(unnamed, "linux"), commandShell(unnamed, "darwin")]).toEqual(["cmd", "posix", "posix"]);
  });

  for (const { adapter, spec } of HOOK_FILE_HOSTS) {
    const shell = commandShell(spec, "win32") as Exclude<CommandShell, "posix">;
    test(`${adapter.id} (${shell}): the shell reads back the .exe path and our words, and the command is recognised as ours`, () => {
      for (const path of PATHS) {
        if (shell === "cmd" && path.includes("%")) continue;
        const command = hookCommand(adapter.id, "PreToolUse", "guard", {}, shell, [path]);
        expect(READ[shell](command)).toEqual([path, "hook", adapter.id, "PreToolUse", "--connector", "guard"]);
        expect(isOurCommand(adapter.id, "guard", [currentInvocation(shell, [path])])(command)).toBe(true);
        expect(isOurCommand(adapter.id, "other", [currentInvocation(shell, [path])])(command)).toBe(false);
      }
    });
  }

  test("one shell's spelling is wrong in the others (the models tell them apart)", () => {
    const path = PATHS[3]!; // $, &, ;, ^: each shell's own specials
    const expected = [path, "hook", "codex", "Stop", "--connector", "guard"];
    const spelled = (shell: Exclude<CommandShell, "posix">) => hookCommand("codex", "Stop", "guard", {}, shell, [path]);
    const readsBack = (reader: (line: string) => string[], line: string) => {
      try {
        return JSON.stringify(reader(line)) === JSON.stringify(expected);
      } catch {
        return false;
      }
    };
    for (const written of ["bash", "cmd", "powershell"] as const) {
      for (const reader of ["bash", "cmd", "powershell"] as const)
        expect(`${written} read by ${reader}: ${readsBack(READ[reader], spelled(written))}`).toBe(`${written} read by ${reader}: ${written === reader}`);
    }
  });

  test("Git Bash's spelling is read back by a real bash", () => {
    for (const path of PATHS) {
      const command = hookCommand("claude-code", "Stop", "guard", {}, "bash", [path]);
      const proc = Bun.spawnSync(["bash", "-c", `set -- ${command}; printf '%s\\n' "$@"`], { stdout: "pipe" });
      expect(proc.stdout.toString()).toBe(`${[path, "hook", "claude-code", "Stop", "--connector", "guard"].join("\n")}\n`);
    }
  });

  test("a plain path is written bare, the same in every shell", () => {
    const path = PATHS[0]!;
    for (const shell of ["cmd", "powershell"] as const) expect(currentInvocation(shell, [path])).toBe(path);
    expect(currentInvocation("powershell", [PATHS[1]!])).toBe(String.raw`& 'C:\Users\Ann Lee\.agent-connector\bin\agent-connector.exe'`);
    expect(currentInvocation("cmd", [PATHS[1]!])).toBe(String.raw`"C:\Users\Ann Lee\.agent-connector\bin\agent-connector.exe"`);
    expect(currentInvocation("bash", [PATHS[2]!])).toBe(String.raw`'C:\Users\O'\''Brien\AppData\Local\agent connector (x86)\bin\agent-connector.exe'`);
  });

  test("a path cmd.exe cannot hold verbatim (%) is refused with what to do", () => {
    expect(() => currentInvocation("cmd", [String.raw`C:\Users\100%\bin\agent-connector.exe`])).toThrow(UnquotablePathError);
    expect(() => currentInvocation("cmd", [String.raw`C:\Users\100%\bin\agent-connector.exe`])).toThrow("set AGENT_CONNECTOR_HOME to a folder without them");
  });

  test("every flavour a launcher can be written in gives its shell back the .exe path and our words, stdin handed on or not", () => {
    // A batch file, unlike a `cmd /c` line, can hold a % (written %%).
    const paths = [...PATHS, String.raw`C:\Users\100%\bin\agent-connector.exe`];
    for (const flavour of Object.keys(READ_LAUNCHER) as LauncherFlavour[]) {
      for (const path of paths) {
        for (const noStdin of [false, true]) {
          // Install hands renderLauncher the POSIX spelling of our invocation (knownInvocations' first).
          const launcher = renderLauncher(flavour, currentInvocation("posix", [path]), {
            platform: "cline",
            event: "TaskStart",
            connectorId: "guard",
            native: false,
            noStdin,
          });
          expect(`${flavour}: ${JSON.stringify(READ_LAUNCHER[flavour](launcher))}`).toBe(
            `${flavour}: ${JSON.stringify([path, "hook", "cline", "TaskStart", "--connector", "guard"])}`,
          );
        }
      }
    }
  });

  test("an sh launcher's command line is read back by a real bash", () => {
    for (const path of PATHS) {
      const launcher = renderLauncher("sh", currentInvocation("posix", [path]), {
        platform: "mux",
        event: "tool_pre",
        connectorId: "guard",
        native: true,
        noStdin: true,
      });
      const words = commandLineOf(launcher, /^exec /, " </dev/null");
      const proc = Bun.spawnSync(["bash", "-c", `set -- ${words}; printf '%s\\n' "$@"`], { stdout: "pipe" });
      expect(proc.stdout.toString()).toBe(`${[path, "hook", "mux", "tool_pre", "--native", "--connector", "guard"].join("\n")}\n`);
    }
  });

  test("every hooks-folder host's Windows launcher is a file Windows runs with that flavour's shell", () => {
    const folders = ADAPTERS.flatMap((adapter) => (adapter.hooks.kind === "hooks-folder" ? [{ id: adapter.id, ...adapter.hooks.folder.windows }] : []));
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.filter(({ flavour, suffix }) => !LAUNCHER_SUFFIXES[flavour].includes(suffix)).map(({ id }) => id)).toEqual([]);
  });

  test("Copilot CLI's Windows command goes under `powershell`; elsewhere under `bash`", () => {
    const copilot = HOOK_FILE_HOSTS.find(({ adapter }) => adapter.id === "copilot-cli")!.spec;
    expect(fileSpecOn(copilot, "win32").entryKeys?.command).toBe("powershell");
    expect(fileSpecOn(copilot, "linux").entryKeys?.command).toBe("bash");
  });
});
