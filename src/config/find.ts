import { existsSync } from "node:fs";
import { join } from "node:path";

export const CONFIG_FILE_NAMES = [
  "agent-connector.config.ts",
  "agent-connector.config.mts",
  "agent-connector.config.mjs",
  "agent-connector.config.js",
  "agent-connector.config.json",
] as const;

/** The config in `dir`, by the names above in that order. */
export function findConfig(dir: string): string | undefined {
  return CONFIG_FILE_NAMES.map((name) => join(dir, name)).find((path) => existsSync(path));
}
