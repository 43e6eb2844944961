import type { EventName } from "../events.ts";
import type { Dialect, Extra, ExtrasFacts, ExtrasSpelling, RenderInput, Reply } from "./dialect.ts";
import { jsonReply } from "./reply.ts";

/** halt, systemMessage, suppressOutput: their types and which a host honours are in dialect.ts (ExtrasFacts). */
export const EXTRAS: readonly Extra[] = ["halt", "systemMessage", "suppressOutput"];

export const honours = (facts: ExtrasFacts | undefined, extra: Extra, event: EventName): boolean => {
  const on = facts?.[extra];
  return on === "all" || (Array.isArray(on) && on.includes(event));
};

/** What an extra the host cannot honour becomes (the same words in install, explain, simulate and the ledger). */
export const EXTRA_FALLBACK: Record<Extra, string> = {
  halt: "ignored: the run goes on (the halt is recorded in the ledger)",
  systemMessage: "dropped (the host shows the user no message from a hook here)",
  suppressOutput: "ignored (the host shows the hook's output as usual)",
};

/** Never blank: the host shows it to the user as why the run ended. */
export const haltReason = (reason: string | undefined, connectorId: string): string => (reason?.trim() ? reason : `Stopped by the ${connectorId} hook`);

/** The extras in the host's words, over the reply its dialect made (a JSON object on stdout, or nothing). */
export function withExtras(dialect: Dialect, facts: ExtrasFacts): Dialect {
  return { ...dialect, extras: facts, render: (input) => renderWith(dialect.render(input), input, facts.spelling) };
}

function renderWith(reply: Reply, { response, connectorId }: RenderInput, spelling: ExtrasSpelling): Reply {
  const { halt, systemMessage, suppressOutput } = response;
  if (!halt && systemMessage === undefined && !suppressOutput) return reply;
  // Only a JSON object reply, or none, can carry them (an exit-code or text reply has no place).
  if (reply.exitCode !== 0 || (reply.stdout && !reply.stdout.trimStart().startsWith("{"))) return reply;
  const body = reply.stdout ? (JSON.parse(reply.stdout) as Record<string, unknown>) : {};
  const stopReason = halt ? haltReason(halt.reason, connectorId) : undefined;
  if (spelling === "cursor") {
    if (halt) Object.assign(body, { continue: false, user_message: stopReason });
  } else {
    if (halt) Object.assign(body, { continue: false, stopReason });
    if (systemMessage !== undefined) body.systemMessage = systemMessage;
    if (suppressOutput) body.suppressOutput = true;
  }
  return { ...reply, ...jsonReply(body) };
}
