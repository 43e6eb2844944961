import type { EventName } from "../events.ts";
import type { Dialect, RenderInput, Reply } from "./dialect.ts";
import { jsonReply } from "./reply.ts";

/**
 * The answer fields besides a decision that users have in their best host: `halt` (end the
 * agent's turn or run), `systemMessage` (a message shown to the user, never to the model),
 * `suppressOutput` (keep the hook's output out of the host's transcript). Which of them a host
 * honours, on which events, is data of its adapter (ExtrasFacts, with the host's sources beside
 * it in the adapter's `sources`); what it does not honour degrades by one rule (resolve.ts) and
 * is declared by install, explain and simulate like every other field.
 */
export type Extra = "halt" | "systemMessage" | "suppressOutput";

export const EXTRAS: readonly Extra[] = ["halt", "systemMessage", "suppressOutput"];

/** How a host spells the extras in its reply. */
export type ExtrasSpelling =
  /** Claude Code's top-level universal fields, copied by Codex and Gemini CLI: `continue: false` + `stopReason`, `systemMessage`, `suppressOutput`. */
  | "universal"
  /** Cursor's: a halt is `continue: false` + `user_message` (beforeSubmitPrompt: the prompt is not sent). */
  | "cursor";

/** Which extras a host honours, per event ("all": every event it has). */
export interface ExtrasFacts {
  spelling: ExtrasSpelling;
  halt?: readonly EventName[] | "all";
  systemMessage?: readonly EventName[] | "all";
  suppressOutput?: readonly EventName[] | "all";
}

/** What a response asks besides its decision, reduced to what the host honours here. */
export interface ResolvedExtras {
  halt?: { reason?: string };
  systemMessage?: string;
  suppressOutput?: true;
}

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
