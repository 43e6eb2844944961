import type { Adapter } from "../adapter.ts";
import { ADAPTERS } from "../../adapters/index.ts";

/** Who really called a hook command: its id, and the event names, payload and dialect it uses. */
export type CallingHost = Pick<Adapter, "id" | "events" | "payload" | "dialect">;

/**
 * A command we installed for one host may be run by another that reads that host's files
 * (adapter `alsoRuns`: Copilot CLI and VS Code run `.claude/settings.json`, VS Code runs
 * `~/.copilot/hooks`, …). That host is recognised by its marker (an env var it sets, a payload key
 * only it sends) and then read and answered in the shape it uses for foreign files (`guest`).
 * A few property lookups: this runs on every hook call.
 */
export function callingHost(installed: Adapter, payload: Record<string, unknown>, env: Record<string, string | undefined>): CallingHost {
  for (const host of ADAPTERS) {
    if (!host.alsoRuns?.some((also) => also.platform === installed.id)) continue;
    if (hasMarker(host, payload, env)) return { id: host.id, ...(host.guest ?? host) };
  }
  return installed;
}

function hasMarker(host: Adapter, payload: Record<string, unknown>, env: Record<string, string | undefined>): boolean {
  if (!host.marker) return false;
  const { env: vars, payloadKeys: keys, payloadKeysTogether: together } = host.marker;
  const has = (key: string) => Object.hasOwn(payload, key);
  const keysMatch = (!keys && !together) || keys?.some(has) || (together !== undefined && together.every(has));
  return (!vars || vars.some((name) => env[name])) && keysMatch;
}
