import { existsSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { tilde } from "./_output.ts";

/** Where init puts the authoring types, relative to the project: its tsconfig `paths` entry points here. */
export const TYPES_FILE = ".agent-connector/types/agent-connector.ts";

/** The config init writes, the one file its tsconfig.json includes. */
const INIT_CONFIG = "agent-connector.config.ts";

/**
 * For a config in TypeScript or JavaScript, how to have its types checked: loading it checks its
 * shape, and a handler's answer is only checked when a hook calls it (a `decision: "block"` passes
 * install and fails open in the host). Undefined for JSON, whose every field install checks.
 */
export function typeCheckHint(configPath: string, home: string): string | undefined {
  const ext = extname(configPath);
  if (![".ts", ".mts", ".js", ".mjs"].includes(ext)) return undefined;
  const name = basename(configPath);
  const dir = dirname(configPath);
  const types = existsSync(join(dir, TYPES_FILE))
    ? `the types agent-connector init wrote (${TYPES_FILE})`
    : `the types agent-connector init writes beside a new config (${TYPES_FILE}, with a tsconfig.json paths entry to them)`;
  const included = name === INIT_CONFIG ? "" : `, ${name} listed in tsconfig.json's include`;
  const tsc = `npx tsc --noEmit -p ${tilde(dir, home)}`;
  if (ext === ".ts" || ext === ".mts") return `install checks ${name}'s shape, not its types: ${tsc} checks them against ${types}${included}.`;
  return `install checks ${name}'s shape, not its types: with // @ts-check at its top, allowJs in tsconfig.json${included}, ${tsc} checks them against ${types}.`;
}
