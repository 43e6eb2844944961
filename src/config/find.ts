import { existsSync } from "node:fs";
import { join } from "node:path";

export const CONFIG_FILE_NAMES = [
  "agent-connector.config.ts",
  "agent-connector.config.mts",
  "agent-connector.config.mjs",
  "agent-connector.config.js",
  "agent-connector.config.json",
] as const;

/** Every config in `dir`, by the names above in that order: more than one is the user's to resolve. */
export function findConfigs(dir: string): string[] {
  return CONFIG_FILE_NAMES.map((name) => join(dir, name)).filter((path) => existsSync(path));
}
