import type { Decision } from "../events.ts";

/** Every decision a handler may return (src/events.ts `Decision`): the response schema's list. */
export const DECISIONS = ["allow", "deny", "modify", "context", "ask"] as const satisfies readonly Decision[];

/**
 * Words other hook systems use for one of our decisions, which a handler written from habit
 * returns: Claude Code's `"block"` is our deny. Only words whose meaning is plain; a word that could
 * mean two things (Claude's `continue`) is left unguessed.
 */
const OTHER_WORDS: Readonly<Record<string, Decision>> = { block: "deny", reject: "deny", approve: "allow" };

/** Ours, for a word that is not a decision (any casing of ours, or another host's word); undefined when no guess is honest. */
function meantDecision(word: string): Decision | undefined {
  const lower = word.toLowerCase();
  return DECISIONS.find((d) => d === lower) ?? OTHER_WORDS[lower];
}

/** What is wrong with a `decision` that is not one of ours, and what was meant when that is plain. */
export function unknownDecision(value: unknown): string {
  const shown = JSON.stringify(value) ?? String(value);
  const meant = typeof value === "string" ? meantDecision(value) : undefined;
  const decisions = DECISIONS.map((d) => `"${d}"`).join(", ");
  return `${shown} is not a decision${meant ? `; did you mean "${meant}"?` : ""} (decisions: ${decisions})`;
}
