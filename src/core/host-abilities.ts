import type { AnswerField, Decision, EventName, HostAbilities } from "../events.ts";
import type { Dialect } from "../dialects/dialect.ts";
import { EXTRAS, honours } from "../dialects/extras.ts";

const DECISIONS: readonly Decision[] = ["allow", "deny", "ask", "modify", "context"];

/**
 * What a host honours on an event (`event.host.can`): its dialect's capabilities and rewrite facts,
 * the same data `explain` and install's degradations read (src/core/resolve.ts).
 */
export function hostAbilities(event: EventName, dialect: Pick<Dialect, "capabilities" | "rewrite" | "extras">): HostAbilities {
  const caps = dialect.capabilities[event] ?? [];
  const rewrites = caps.includes("modify");
  const fields: AnswerField[] = [];
  if (caps.includes("deny") || caps.includes("ask")) fields.push("reason");
  if (rewrites) fields.push("updatedInput", "updatedTool");
  if (caps.includes("context")) fields.push("additionalContext");
  if (caps.includes("updatedOutput")) fields.push("updatedOutput");
  fields.push(...EXTRAS.filter((extra) => honours(dialect.extras, extra, event)));
  const approves = event === "PreToolUse" && dialect.rewrite?.alone === "approves";
  return {
    decisions: DECISIONS.filter((d) => caps.includes(d)),
    fields,
    modify: !rewrites ? "ignored" : approves ? "rewrite and approve" : "rewrite",
    askWithRewrite: rewrites && caps.includes("ask") && Boolean(dialect.rewrite?.withAsk),
  };
}
