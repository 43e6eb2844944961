/** One connector a launcher shared by several names, and whether its definition fails closed. */
export interface SharedConnector {
  id: string;
  failClosed: boolean;
}

/** The words of a hook call. */
export interface HookArgs {
  platform: string;
  event: string;
  connector?: string;
  config?: string;
  /** A host-only event from platforms.<id>.nativeHooks: raw in, verbatim out. */
  native?: boolean;
  /**
   * Install found this definition fails closed (`onFailure: "deny"`): known before anything is read,
   * so a call that cannot trust or load what was installed still denies.
   */
  failClosed?: boolean;
  /**
   * Several connectors on one launcher (`--connector a --connector b`, a host that runs one file per
   * event name): each runs in a call of its own and their answers merge (src/hook/shared-call.ts).
   * A `--fail-closed` after a `--connector` is that connector's.
   */
  shared?: SharedConnector[];
  /** One part of a shared call: the answer goes back resolved but not rendered, for the merge. */
  part?: boolean;
}

/**
 * `hook <platform> <event> [--connector <id> [--fail-closed]]… [--config <path>] [--native] [--fail-closed]`, parsed by hand:
 * this runs on every tool call of every agent, so citty and its help text stay off this path.
 * Returns undefined when the words do not fit, and the CLI shows the usage instead.
 */
export function parseHookArgv(argv: readonly string[]): HookArgs | undefined {
  const positional: string[] = [];
  const args: Partial<HookArgs> = {};
  const connectors: SharedConnector[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    // indexOf, not a regular expression: the first one a process runs measured 0.3 ms more per hook call.
    const equals = word.startsWith("--") ? word.indexOf("=") : -1;
    const flag = equals < 0 ? word : word.slice(0, equals);
    const inline = equals < 0 ? undefined : word.slice(equals + 1);
    const value = () => inline ?? argv[++i];
    if (flag === "--connector") connectors.push({ id: (args.connector = value())!, failClosed: false });
    else if (flag === "--config") args.config = value();
    else if (flag === "--native") args.native = true;
    else if (flag === "--fail-closed") {
      args.failClosed = true;
      if (connectors.length) connectors.at(-1)!.failClosed = true;
    } else if (flag === "--part") args.part = true;
    else if (flag === "--help" || flag === "-h") return undefined;
    else if (flag.startsWith("-")) return undefined;
    else positional.push(word);
  }
  if (positional.length !== 2) return undefined;
  if (connectors.length > 1) {
    // A host-only event's answer is the host's own shape: several cannot be merged (install never writes it).
    if (args.native || args.config || args.part || connectors.some((c) => !c.id)) return undefined;
    return {
      platform: positional[0]!,
      event: positional[1]!,
      connector: connectors[0]!.id,
      shared: connectors,
      ...(args.failClosed ? { failClosed: true } : {}),
    };
  }
  return { ...args, platform: positional[0]!, event: positional[1]! };
}

/** "<platform> <event> (<id>)", as the hook names a call in what it prints. */
export const whereOf = (args: Pick<HookArgs, "platform" | "event" | "connector" | "shared">): string =>
  `${args.platform} ${args.event}${args.shared ? ` (${args.shared.map((c) => c.id).join(", ")})` : args.connector ? ` (${args.connector})` : ""}`;
