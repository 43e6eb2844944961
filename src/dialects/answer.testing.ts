import type { EventName, HookResponse } from "../events.ts";
import { resolveResponse, type Degradation } from "../core/resolve.ts";
import type { Dialect, Reply } from "./dialect.ts";

/** The connector id every dialect test answers as: it shows in the default deny reason. */
export const CONNECTOR = "guard";

/**
 * What a host gets for a handler's response, computed as a hook call does (src/hook/decide.ts):
 * resolved against the dialect's capabilities, then rendered. What the host could not take is
 * listed in `lost` ("from → to"), left out when nothing was lost, so a test states it exactly.
 */
export function answer(
  dialect: Dialect,
  event: EventName,
  nativeEvent: string,
  response: HookResponse,
  raw: Record<string, unknown> = {},
): Reply & { lost?: string[] } {
  const lost: Degradation[] = [];
  const resolved = resolveResponse(event, response, dialect.capabilities, lost, dialect.rewrite, dialect.extras);
  const reply = dialect.render({ event, nativeEvent, response: resolved, connectorId: CONNECTOR, raw });
  return lost.length ? { ...reply, lost: lost.map((d) => `${d.from} → ${d.to}`) } : reply;
}

/** A JSON reply on stdout, exit 0: the shape most hosts read. */
export const json = (body: unknown): Reply => ({ stdout: `${JSON.stringify(body)}\n`, exitCode: 0 });
