import { defineCommand, type ArgsDef, type CommandMeta, type ParsedArgs } from "citty";
import { fail, UsageError } from "./_fail.ts";
import { closest } from "../core/closest.ts";
import { outputDrained } from "./_output.ts";

export interface CommandContext<A extends ArgsDef> {
  args: ParsedArgs<A>;
  /** --json: one JSON document on stdout, errors included. */
  json: boolean;
}

/** citty accepts any flag; a typo must not silently change what a command does. */
function unknownFlags(args: Record<string, unknown>, def: ArgsDef): string[] {
  const camel = (key: string) => key.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const aliases = (k: string) => [(def[k] as { alias?: string | string[] }).alias ?? []].flat();
  const known = new Set(["_", ...Object.keys(def).flatMap((k) => [k, camel(k), ...aliases(k)])]);
  return Object.keys(args)
    .filter((key) => !known.has(key))
    .map((key) => `--${key}`);
}

/**
 * A command with the prologue every command shares: unknown flags are a usage error, and any
 * failure ends as one clear message (or a JSON error document with --json) and its exit code
 * (EXIT in _args.ts). `run` returns the exit code when it is not 0; once it has returned, the
 * process exits (a command that keeps running, `daemon serve` or `logs --follow`, never returns).
 */
export function defineAcCommand<A extends ArgsDef>(def: {
  meta: CommandMeta & { name: string };
  args: A;
  run(ctx: CommandContext<A>): Promise<number | void>;
}) {
  return defineCommand({
    meta: def.meta,
    args: def.args,
    async run({ args }) {
      const json = Boolean((args as { json?: unknown }).json);
      try {
        const unknown = unknownFlags(args, def.args);
        if (unknown.length) {
          const guess = closest(unknown[0]!.slice(2), Object.keys(def.args));
          throw new UsageError(
            `unknown option ${unknown.join(", ")}${guess ? ` (did you mean --${guess}?)` : ""}; see agent-connector ${def.meta.name} --help`,
          );
        }
        const code = await def.run({ args, json });
        // Done: the command ends here, with its code and its whole output, whatever a connector's
        // top level left running (a timer, a socket) that would keep the event loop alive.
        await outputDrained();
        process.exit(code ?? 0);
      } catch (error) {
        fail(error, json);
      }
    },
  });
}
