import type { ArgsDef, CommandDef } from "citty";
import { HOST_IDS } from "../../adapters/index.ts";
import { EVENT_NAMES } from "../events.ts";
import { readRegistry } from "../registry/read.ts";
import { defineAcCommand } from "./_command.ts";
import { UsageError } from "./_fail.ts";
import { printStdout } from "./_output.ts";
import { rootCommand } from "./_root.ts";

/** A command's name and flags, read from its citty definition. */
interface Spec {
  name: string;
  flags: string[];
  /** What its positionals take, in order. */
  positionals: ("platform" | "event")[];
}

const resolve = async <T,>(value: T | (() => T | Promise<T>) | Promise<T>): Promise<T> => (typeof value === "function" ? await (value as () => T | Promise<T>)() : await value);

async function commandSpecs(): Promise<Spec[]> {
  const subs = (await resolve(rootCommand().subCommands)) ?? {};
  const specs: Spec[] = [];
  for (const [name, load] of Object.entries(subs)) {
    const command = (await resolve(load as CommandDef)) as CommandDef;
    const meta = await resolve(command.meta);
    if ((meta as { hidden?: boolean })?.hidden) continue;
    const args = ((await resolve(command.args)) ?? {}) as ArgsDef;
    const positional = Object.entries(args).filter(([, def]) => def.type === "positional").map(([key]) => key);
    specs.push({
      name,
      flags: ["--help", ...Object.entries(args).filter(([, def]) => def.type !== "positional").map(([key]) => `--${key}`)],
      positionals: positional.filter((key): key is "platform" | "event" => key === "platform" || key === "event"),
    });
  }
  return specs;
}

/** Flags whose value is a file, or a word from a fixed list; --connector asks the binary for installed ids. */
const FILE_FLAGS = ["--config", "--payload", "--project-dir"];
const SCOPES = ["user", "project"];

function bash(specs: Spec[]): string {
  const cases = specs.map((s) => {
    const positional = s.positionals.map((kind, i) => `      [ "$COMP_CWORD" -eq ${i + 2} ] && { COMPREPLY=($(compgen -W "${kind === "platform" ? "$platforms" : "$events"}" -- "$cur")); return; }`);
    return [`    ${s.name})`, ...positional, `      COMPREPLY=($(compgen -W "${s.flags.join(" ")}" -- "$cur"));;`].join("\n");
  });
  return `# agent-connector completion for bash: eval "$(agent-connector completion bash)"
_agent_connector() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local platforms="${HOST_IDS.join(" ")}" events="${EVENT_NAMES.join(" ")}"
  case "$prev" in
    --platform) COMPREPLY=($(compgen -W "$platforms" -- "$cur")); return;;
    --connector) COMPREPLY=($(compgen -W "$(agent-connector completion --connectors 2>/dev/null)" -- "$cur")); return;;
    --scope) COMPREPLY=($(compgen -W "${SCOPES.join(" ")}" -- "$cur")); return;;
    ${FILE_FLAGS.join("|")}) COMPREPLY=($(compgen -f -- "$cur")); return;;
  esac
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "${specs.map((s) => s.name).join(" ")} --help --version" -- "$cur")); return; fi
  case "\${COMP_WORDS[1]}" in
${cases.join("\n")}
  esac
}
complete -F _agent_connector agent-connector`;
}

const zsh = (specs: Spec[]): string => `# agent-connector completion for zsh: eval "$(agent-connector completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bash(specs).split("\n").slice(1).join("\n")}`;

function fish(specs: Spec[]): string {
  const lines = [
    "# agent-connector completion for fish: agent-connector completion fish | source",
    "complete -c agent-connector -f",
    ...specs.map((s) => `complete -c agent-connector -n __fish_use_subcommand -a ${s.name}`),
  ];
  for (const s of specs) {
    const when = `-n "__fish_seen_subcommand_from ${s.name}"`;
    for (const flag of s.flags) {
      const name = flag.slice(2);
      const values =
        flag === "--platform" ? ` -xa "${HOST_IDS.join(" ")}"` : flag === "--connector" ? ` -xa "(agent-connector completion --connectors 2>/dev/null)"` : flag === "--scope" ? ` -xa "${SCOPES.join(" ")}"` : FILE_FLAGS.includes(flag) ? " -rF" : "";
      lines.push(`complete -c agent-connector ${when} -l ${name}${values}`);
    }
    if (s.positionals.length) lines.push(`complete -c agent-connector ${when} -a "${s.positionals.includes("platform") ? HOST_IDS.join(" ") : ""} ${s.positionals.includes("event") ? EVENT_NAMES.join(" ") : ""}"`);
  }
  return lines.join("\n");
}

function powershell(specs: Spec[]): string {
  const table = specs.map((s) => `    '${s.name}' = @(${s.flags.map((f) => `'${f}'`).join(", ")})`).join("\n");
  return `# agent-connector completion for PowerShell: agent-connector completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName agent-connector -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $flags = @{
${table}
  }
  $platforms = @(${HOST_IDS.map((id) => `'${id}'`).join(", ")})
  $events = @(${EVENT_NAMES.map((e) => `'${e}'`).join(", ")})
  $words = @($commandAst.CommandElements | ForEach-Object { $_.ToString() })
  $previous = if ($wordToComplete) { $words[-2] } else { $words[-1] }
  $candidates = switch ($previous) {
    '--platform' { $platforms }
    '--connector' { @(agent-connector completion --connectors 2>$null) }
    '--scope' { @('user', 'project') }
    default {
      if ($words.Count -le 1 -or ($words.Count -eq 2 -and $wordToComplete)) { $flags.Keys }
      elseif ($words[1] -eq 'simulate') { $platforms + $events + $flags['simulate'] }
      else { $flags[$words[1]] }
    }
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object { [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_) }
}`;
}

const SHELLS = { bash, zsh, fish, powershell } as const;

export default defineAcCommand({
  meta: { name: "completion", description: "Print a shell completion script (commands, flags, host ids, connector ids): bash, zsh, fish or powershell" },
  args: {
    shell: { type: "positional", description: `One of ${Object.keys(SHELLS).join(", ")}`, required: false },
    connectors: { type: "boolean", description: "Print the installed connector ids, one a line (the scripts call this)" },
  },
  async run({ args }) {
    if (args.connectors) return void printStdout(Object.keys(await readRegistry()).join("\n"));
    const shell = SHELLS[args.shell as keyof typeof SHELLS];
    if (!shell) throw new UsageError(`name a shell: agent-connector completion ${Object.keys(SHELLS).join("|")}`);
    printStdout(shell(await commandSpecs()));
  },
});
