import type { CommandSpec, SHELL_NAMES } from "./_completion-candidates.ts";

/**
 * The shell side of completion. bash, zsh and fish hand the words typed so far to
 * `agent-connector completion --complete` (one a line on stdin, so a typed `--help` stays a word)
 * and show its answer: a first line `words` or `files`, then the candidates. One list of
 * candidates for every shell, and a new flag or host completes without a new script.
 */

const bash = (): string => `# agent-connector completion for bash: eval "$(agent-connector completion bash)"
_agent_connector() {
  # COMP_LINE, not COMP_WORDS: bash splits "--platform=x" at "=", and the binary wants the word whole.
  local line="\${COMP_LINE:0:COMP_POINT}" out kind
  local -a words
  read -ra words <<< "$line"
  [[ $line == *[[:space:]] ]] && words+=("")
  out="$(printf '%s\\n' "\${words[@]:1}" | agent-connector completion --complete 2>/dev/null)" || return
  kind="\${out%%$'\\n'*}"
  local typed="\${words[\${#words[@]}-1]}"
  # Readline replaces only what follows the last "=" or ":", so the candidates lose what precedes it.
  local kept="\${typed%"\${typed##*[=:]}"}"
  if [[ $kind == files ]]; then
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "\${typed#"$kept"}"))
  else
    COMPREPLY=()
    local candidate
    while IFS= read -r candidate; do [[ -n $candidate ]] && COMPREPLY+=("\${candidate#"$kept"}"); done <<< "\${out#"$kind"}"
  fi
}
complete -F _agent_connector agent-connector`;

const zsh = (): string => `# agent-connector completion for zsh: eval "$(agent-connector completion zsh)"
_agent_connector() {
  local -a out
  out=("\${(@f)$(printf '%s\\n' "\${(@)words[2,CURRENT]}" | agent-connector completion --complete 2>/dev/null)}")
  if [[ $out[1] == files ]]; then _files; else compadd -- "\${(@)out[2,-1]}"; fi
}
# compdef comes with zsh's completion system; a shell started without it (zsh -f, no compinit in
# ~/.zshrc) gets it here, rather than "command not found: compdef".
if ! (( $+functions[compdef] )); then autoload -Uz compinit && compinit -i; fi
compdef _agent_connector agent-connector`;

const fish = (): string => `# agent-connector completion for fish: agent-connector completion fish | source
function __agent_connector_complete
  set -l out (printf '%s\\n' (commandline -opc)[2..-1] (commandline -ct) | agent-connector completion --complete 2>/dev/null)
  if test "$out[1]" = files
    __fish_complete_path (commandline -ct)
  else
    printf '%s\\n' $out[2..-1]
  end
end
complete -c agent-connector -f -a '(__agent_connector_complete)'`;

/** PowerShell cannot be tried here; its script keeps the fixed lists it always had. */
function powershell(specs: readonly CommandSpec[], lists: { platforms: readonly string[]; events: readonly string[] }): string {
  const visible = specs.filter((s) => !s.hidden);
  const flagsOf = (s: CommandSpec) => [
    "--help",
    ...Object.entries(s.args)
      .filter(([, def]) => def.type !== "positional")
      .map(([key]) => `--${key}`),
  ];
  const table = visible
    .map(
      (s) =>
        `    '${s.name}' = @(${flagsOf(s)
          .map((f) => `'${f}'`)
          .join(", ")})`,
    )
    .join("\n");
  return `# agent-connector completion for PowerShell: agent-connector completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName agent-connector -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $flags = @{
${table}
  }
  $platforms = @(${lists.platforms.map((id) => `'${id}'`).join(", ")})
  $events = @(${lists.events.map((e) => `'${e}'`).join(", ")})
  $words = @($commandAst.CommandElements | ForEach-Object { $_.ToString() })
  $previous = if ($wordToComplete) { $words[-2] } else { $words[-1] }
  $candidates = switch ($previous) {
    '--platform' { $platforms }
    '--connector' { @(agent-connector completion --connectors 2>$null) }
    '--scope' { @('user', 'project', 'managed') }
    default {
      if ($words.Count -le 1 -or ($words.Count -eq 2 -and $wordToComplete)) { $flags.Keys }
      elseif ($words[1] -eq 'simulate') { $platforms + $events + $flags['simulate'] }
      else { $flags[$words[1]] }
    }
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object { [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_) }
}`;
}

export const COMPLETION_SCRIPTS: Record<(typeof SHELL_NAMES)[number], typeof powershell> = { bash, zsh, fish, powershell };
