import type { ArgsDef } from "citty";

/** Arguments several commands share, defined once. */
export const sharedArgs = {
  config: { type: "string", description: "Connector config file (default: agent-connector.config.{ts,mts,mjs,js,json} in the current directory)" },
  platform: { type: "string", description: "Host id(s), comma-separated (e.g. claude-code,codex); default: every host detected on this machine" },
  scope: { type: "string", description: "user (the host's config in your home) or project (the host's config in --project-dir)", default: "user" },
  "project-dir": { type: "string", description: "Project directory for --scope project (default: current directory)" },
  "dry-run": { type: "boolean", description: "Print the diff of every file that would change; write nothing" },
  json: { type: "boolean", description: "Print one JSON document on stdout, for scripts" },
} as const satisfies ArgsDef;

/** Exit codes: what went wrong, for scripts. */
export const EXIT = { ok: 0, failure: 1, usage: 2, connectorConfig: 3, hostConfig: 4 } as const;

/** citty accepts any flag; a typo must not silently change what install does. */
export function unknownFlags(args: Record<string, unknown>, def: ArgsDef): string[] {
  const camel = (key: string) => key.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const known = new Set(["_", ...Object.keys(def).flatMap((k) => [k, camel(k)])]);
  return Object.keys(args).filter((key) => !known.has(key)).map((key) => `--${key}`);
}
