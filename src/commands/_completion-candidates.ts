import type { ArgsDef, CommandDef } from "citty";
import { HOST_IDS } from "../../adapters/index.ts";
import type { Scope } from "../adapter.ts";
import { EVENT_NAMES } from "../events.ts";
import type { Part } from "../install/plan.ts";
import { readRegistry } from "../registry/read.ts";
import { ACTIONS as DAEMON_ACTIONS } from "./daemon.ts";
import { rootCommand } from "./_root.ts";

/**
 * What a shell may complete, answered by the binary for every shell alike: the commands and flags
 * are read from the citty definitions, so a new flag completes without touching any shell script.
 */

export const SHELL_NAMES = ["bash", "zsh", "fish", "powershell"] as const;

/** A command as completion sees it: its arguments, and whether `agent-connector <TAB>` lists it. */
export interface CommandSpec {
  name: string;
  hidden: boolean;
  args: ArgsDef;
}

const resolve = async <T>(value: T | (() => T | Promise<T>) | Promise<T>): Promise<T> =>
  typeof value === "function" ? await (value as () => T | Promise<T>)() : await value;

export async function commandSpecs(): Promise<CommandSpec[]> {
  const subs = (await resolve(rootCommand().subCommands)) ?? {};
  const specs: CommandSpec[] = [];
  for (const [name, load] of Object.entries(subs)) {
    const command = (await resolve(load as CommandDef)) as CommandDef;
    const meta = (await resolve(command.meta)) as { hidden?: boolean } | undefined;
    specs.push({ name, hidden: Boolean(meta?.hidden), args: ((await resolve(command.args)) ?? {}) as ArgsDef });
  }
  return specs;
}

/** `files`: the value is a path, which each shell completes better itself. */
export type Answer = { kind: "words"; words: string[] } | { kind: "files" };

const SCOPES = ["user", "project", "managed"] as const satisfies readonly Scope[];
const PARTS = ["hooks", "mcp"] as const satisfies readonly Part[];
const PATH_ARGS = new Set(["config", "payload", "project-dir", "from", "sums"]);

/** Host ids, several of them comma-separated: the ids not named yet, after what is already typed. */
function commaList(all: readonly string[], typed: string): string[] {
  const cut = typed.lastIndexOf(",") + 1;
  const named = new Set(typed.slice(0, cut).split(","));
  return all.filter((id) => !named.has(id)).map((id) => typed.slice(0, cut) + id);
}

/** The values an argument takes; undefined when they cannot be listed (a number, a new id). */
async function valuesOf(arg: string, typed: string, positional: boolean): Promise<Answer | undefined> {
  const words = (list: readonly string[]): Answer => ({ kind: "words", words: [...list] });
  if (PATH_ARGS.has(arg)) return { kind: "files" };
  switch (arg) {
    case "platform":
      // simulate takes one host; --platform takes a list.
      return words(positional ? HOST_IDS : commaList(HOST_IDS, typed));
    case "event":
      return words(EVENT_NAMES);
    case "scope":
      return words(SCOPES);
    case "only":
      return words(PARTS);
    case "action":
      return words(DAEMON_ACTIONS);
    case "shell":
      return words(SHELL_NAMES);
    case "connector":
      return words(Object.keys(await readRegistry()));
  }
  return undefined;
}

const flagName = (word: string): string => word.replace(/^--?/, "");
const takesValue = (args: ArgsDef, word: string): boolean => args[flagName(word)]?.type === "string";

/** Candidates for the last of `words` (the words after `agent-connector`; the last is the one being completed, maybe ""). */
export async function completionCandidates(words: readonly string[], specs: readonly CommandSpec[]): Promise<Answer> {
  const typed = words.at(-1) ?? "";
  const starting = (answer: Answer | undefined): Answer =>
    answer?.kind === "words" ? { kind: "words", words: answer.words.filter((w) => w.startsWith(typed)) } : (answer ?? { kind: "words", words: [] });
  if (words.length <= 1) return starting({ kind: "words", words: [...specs.filter((s) => !s.hidden).map((s) => s.name), "--help", "--version"] });

  const spec = specs.find((s) => s.name === words[0]);
  if (!spec) return starting(undefined);
  const positionals = Object.entries(spec.args)
    .filter(([, def]) => def.type === "positional")
    .map(([key]) => key);

  // Walk the words before the one being completed: flag values are not positionals.
  let filled = 0;
  for (let i = 1; i < words.length - 1; i++) {
    const word = words[i]!;
    if (!word.startsWith("-")) filled++;
    else if (!word.includes("=") && takesValue(spec.args, word)) {
      if (i === words.length - 2) return starting(await valuesOf(flagName(word), typed, false));
      i++;
    }
  }

  const equals = typed.indexOf("=");
  if (typed.startsWith("--") && equals > 0) {
    const flag = typed.slice(0, equals + 1);
    const answer = await valuesOf(flagName(typed.slice(0, equals)), typed.slice(equals + 1), false);
    return starting(answer?.kind === "words" ? { kind: "words", words: answer.words.map((w) => flag + w) } : answer);
  }
  if (typed.startsWith("-"))
    return starting({
      kind: "words",
      words: [
        "--help",
        ...Object.entries(spec.args)
          .filter(([, def]) => def.type !== "positional")
          .map(([key]) => `--${key}`),
      ],
    });
  const positional = positionals[filled];
  return starting(positional ? await valuesOf(positional, typed, true) : undefined);
}
