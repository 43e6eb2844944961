import type { Adapter } from "../adapter.ts";
import type { Reply } from "../dialects/dialect.ts";
import { isEventName } from "../events.ts";
import { resolveResponse } from "../core/resolve.ts";
import { whereOf, type HookArgs } from "./argv.ts";

/**
 * The deny a call that fails closed (`onFailure: "deny"`) gives when it cannot decide, in the
 * host's own reply shape. Where the host has no deny for the event, or its reply cannot be made
 * (an unknown host, a native event), exit 2 with the reason on stderr: the blocking answer of
 * every json-stdio host we drove (docs/hosts/<id>.md).
 */
export function closedReply(adapter: Adapter | undefined, args: HookArgs, why: string, raw: unknown, logPath: string): Reply {
  const connectorId = args.connector ?? "agent-connector";
  const reason = `${connectorId} failed closed: ${why}`;
  const stderr = `agent-connector: ${whereOf(args)}: ${why}; denied (fail-closed), see ${logPath}\n`;
  const event = args.event;
  const nativeEvent = !args.native && isEventName(event) ? adapter?.events[event] : undefined;
  if (adapter && nativeEvent && isEventName(event)) {
    try {
      const response = resolveResponse(event, { decision: "deny", reason }, adapter.dialect.capabilities);
      if (response.decision === "deny") {
        const body = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
        const reply = adapter.dialect.render({ event, nativeEvent, response, connectorId, raw: body });
        // A host that denies by exit code reads the reason from stderr (Kiro, Windsurf, Grok CLI): it stays.
        return { ...reply, stderr: reply.exitCode !== 0 && reply.stderr ? reply.stderr : stderr, denyReason: reason };
      }
    } catch {
      // The host's reply shape could not take it: exit 2 below.
    }
  }
  return { exitCode: 2, stderr: `${reason}\n`, denyReason: reason };
}
