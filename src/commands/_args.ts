import type { ArgsDef } from "citty";

/** Argument groups the commands spread into their own `args`, each flag defined once. */

export const configArgs = {
  config: { type: "string", description: "Connector config file (default: agent-connector.config.{ts,mts,mjs,js,json} in the current directory)" },
} as const satisfies ArgsDef;

export const targetArgs = {
  platform: {
    type: "string",
    description:
      "Host id(s), comma-separated (e.g. claude-code,codex; a program name one host alone has works too: claude, gemini); default: every host detected on this machine",
  },
  scope: {
    type: "string",
    description:
      "user (the host's config in your home), project (in --project-dir) or managed (the machine-wide file an organisation deploys, for every user; needs administrator rights)",
    default: "user",
  },
  "project-dir": { type: "string", description: "Project directory for --scope project (default: current directory)" },
} as const satisfies ArgsDef;

/** Hosts that keep hooks inside an agent definition (Amazon Q): which agent's file. */
export const agentArgs = {
  agent: {
    type: "string",
    description: "Amazon Q: the agent whose file (cli-agents/<name>.json) gets the hooks (default: q_cli_default); the agent must exist",
  },
} as const satisfies ArgsDef;

export const dryRunArgs = {
  "dry-run": { type: "boolean", description: "Print the diff of every file that would change; write nothing" },
} as const satisfies ArgsDef;

export const jsonArgs = {
  json: { type: "boolean", description: "Print one JSON document on stdout, for scripts" },
} as const satisfies ArgsDef;

/** status and doctor: one scope's installs. */
export const scopeFilterArgs = {
  scope: {
    type: "string",
    description:
      "Only installs at this scope: user, project or managed (the machine-wide installs, with their locks; run as root, whose registry records them)",
  },
} as const satisfies ArgsDef;

export const connectorArgs = {
  connector: { type: "string", description: "Only this connector id (see agent-connector status)" },
} as const satisfies ArgsDef;

/** Exit codes: what went wrong, for scripts. docs/cli.md says the same. */
export const EXIT = { ok: 0, failure: 1, usage: 2, connectorConfig: 3, hostConfig: 4, problems: 5, untrusted: 6, needsAdmin: 7 } as const;
