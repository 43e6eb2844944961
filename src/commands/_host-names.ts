import type { Adapter } from "../adapter.ts";
import { ADAPTERS, HOST_IDS, type HostId } from "../../adapters/index.ts";
import { UsageError } from "./_fail.ts";
import { closest } from "../core/closest.ts";

/** The words of a host id: "vscode-copilot" → vscode, copilot. */
const words = (id: string): string[] => id.split("-");

/**
 * The hosts a word given for --platform (or simulate's <platform>) can mean. A host id is itself.
 * Else a host's program name (its `detect.bins`, data in the adapter) names it, but only where no
 * other host's id holds that word: `claude` is Claude Code, while `copilot` (the Copilot CLI's
 * program) could as well be meant for Copilot in VS Code or JetBrains, so all of them are returned.
 */
export function hostsNamed(word: string): Adapter<HostId>[] {
  const exact = ADAPTERS.find((adapter) => adapter.id === word);
  if (exact) return [exact];
  const byProgram = ADAPTERS.filter((adapter) => adapter.detect.bins.includes(word));
  if (!byProgram.length) return [];
  const sharingTheWord = ADAPTERS.filter((adapter) => !byProgram.includes(adapter) && words(adapter.id).includes(word));
  return [...byProgram, ...sharingTheWord];
}

/** One host by its id, or by its program name where that is unambiguous; else a usage error that says what was probably meant. */
export function hostByName(word: string): Adapter<HostId> {
  const named = hostsNamed(word);
  if (named.length === 1) return named[0]!;
  if (named.length > 1)
    throw new UsageError(`"${word}" could be any of ${named.map((adapter) => `${adapter.id} (${adapter.name})`).join(", ")}; name one of them`);
  if (!word) throw new UsageError(`a host name is missing in the list; known: ${HOST_IDS.join(", ")}`);
  // A misspelt program name is as likely as a misspelt id ("gemni").
  const guess = closest(word, [...HOST_IDS, ...ADAPTERS.flatMap((adapter) => adapter.detect.bins)]);
  if (guess)
    throw new UsageError(
      `unknown host "${word}"; did you mean ${hostsNamed(guess)
        .map((adapter) => adapter.id)
        .join(" or ")}?`,
    );
  throw new UsageError(`unknown host "${word}"; known: ${HOST_IDS.join(", ")}`);
}

/** A comma-separated list of host names (see hostByName), each host once. */
export const hostsByNames = (list: string): Adapter<HostId>[] => [...new Set(list.split(",").map((word) => hostByName(word.trim())))];
