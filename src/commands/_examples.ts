/**
 * One or two examples for each command's --help (by the command's name; `agent-connector` is the
 * top level). Data of their own, so a command's file keeps to what the command does.
 */
const EXAMPLES: Record<string, readonly string[]> = {
  "agent-connector": ["agent-connector init && agent-connector install --platform claude-code", "agent-connector status"],
  status: ["agent-connector status", "agent-connector status --connector guard --json"],
  list: ["agent-connector list"],
  doctor: ["agent-connector doctor", "agent-connector doctor --platform claude-code,codex --fix"],
  init: ["agent-connector init", "agent-connector init --id guard --force"],
  install: ["agent-connector install --platform claude-code,gemini-cli", "agent-connector install --scope project --dry-run"],
  uninstall: ["agent-connector uninstall --connector guard", "agent-connector uninstall --connector guard --platform codex --scope project"],
  explain: ["agent-connector explain --platform claude-code,codex", "agent-connector explain --tools --json"],
  compile: ["agent-connector compile", "agent-connector compile --connector guard --quiet"],
  simulate: ["agent-connector simulate claude-code PreToolUse", "agent-connector simulate codex PreToolUse --payload payload.json --json"],
  logs: ["agent-connector logs --lines 20", "agent-connector logs --connector guard --follow"],
  completion: ['eval "$(agent-connector completion bash)"', "agent-connector completion fish | source"],
  "self-install": ["./agent-connector-linux-x64 self-install", "agent-connector self-install --dry-run"],
  upgrade: ["agent-connector upgrade", "agent-connector upgrade --from ./agent-connector-linux-x64 --sums ./SHA256SUMS"],
  bundle: ["agent-connector bundle --config guard.config.ts --out bundles", "agent-connector bundle --target darwin-x64 --binaries release --lock --out b"],
  hook: ["agent-connector hook claude-code PreToolUse --connector guard < payload.json"],
  daemon: ["agent-connector daemon", "agent-connector daemon stop"],
};

export const examplesOf = (command: string): readonly string[] => EXAMPLES[command] ?? [];
