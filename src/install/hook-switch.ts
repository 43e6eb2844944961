import { existsSync, readFileSync } from "node:fs";
import { parse } from "smol-toml";
import type { Adapter, PathContext } from "../adapter.ts";

/**
 * A host setting that some of its versions require before they run any hook (Mistral Vibe 2.18's
 * `enable_experimental_hooks`): install reads it and says what it found. It never sets it: that
 * is the user's choice.
 */
export function hookSwitchReport(adapter: Adapter, paths: PathContext): string | undefined {
  const gate = adapter.hookSwitch;
  if (!gate) return undefined;
  const file = gate.file(paths);
  const fromEnv = gate.env ? paths.env[gate.env] : undefined;
  let value: unknown;
  try {
    value = existsSync(file) ? (parse(readFileSync(file, "utf8")) as Record<string, unknown>)[gate.key] : undefined;
  } catch {
    return `${adapter.name}: ${file} cannot be read as TOML, so whether \`${gate.key}\` is on is unknown (versions that gate hooks need it on).`;
  }
  if (fromEnv?.toLowerCase() === "true" || value === true)
    return `${adapter.name}: \`${gate.key}\` is on (${value === true ? file : gate.env}): versions that gate hooks behind it will run them.`;
  if (value === false)
    return `${adapter.name}: \`${gate.key} = false\` in ${file}: versions that gate hooks behind it will not run them; agent-connector leaves this switch to you.`;
  return undefined;
}
