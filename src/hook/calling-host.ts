import type { Adapter } from "../adapter.ts";
import { loadAdapter } from "../../adapters/hosts.ts";
import { guestsTable, type Guest } from "../../adapters/guests.ts" with { type: "macro" };

/** Who really called a hook command: its id, and the event names, payload and dialect it uses. */
export type CallingHost = Pick<Adapter, "id" | "events" | "payload" | "dialect" | "tools" | "mcp">;

// The macro is awaited when the code is bundled or transpiled: the call is replaced by its value.
const GUESTS = guestsTable() as unknown as Record<string, Guest[]>;

/**
 * A command we installed for one host may be run by another that reads that host's files
 * (adapter `alsoRuns`: Copilot CLI and VS Code run `.claude/settings.json`, VS Code runs
 * `~/.copilot/hooks`, …). That host is recognised by its marker (an env var it sets, a payload key
 * only it sends) and then read and answered in the shape it uses for foreign files (`guest`).
 * A few property lookups on a table built with the binary; only a matching host's adapter is loaded.
 */
export async function callingHost(installed: Adapter, payload: Record<string, unknown>, env: Record<string, string | undefined>): Promise<CallingHost> {
  for (const guest of GUESTS[installed.id] ?? []) {
    if (!hasMarker(guest.marker, payload, env)) continue;
    const host = await loadAdapter(guest.id);
    // Its own tools, unless its guest contract names them otherwise (Copilot CLI in Claude's files).
    if (host) return { id: host.id, mcp: host.mcp, ...(host.guest ?? host), tools: host.guest?.tools ?? host.tools };
  }
  return installed;
}

function hasMarker(marker: Guest["marker"], payload: Record<string, unknown>, env: Record<string, string | undefined>): boolean {
  const { env: vars, payloadKeys: keys, payloadKeysTogether: together } = marker;
  const has = (key: string) => Object.hasOwn(payload, key);
  const keysMatch = (!keys && !together) || keys?.some(has) || (together?.every(has) ?? false);
  return (!vars || vars.some((name) => env[name])) && keysMatch;
}
