import { defineCommand } from "citty";

/**
 * Help text only: src/cli.ts answers `hook` calls before citty loads, because hosts run this on
 * every tool call. The argument list here documents what src/hook/argv.ts parses.
 */
export default defineCommand({
  meta: {
    name: "hook",
    description:
      'Answer one hook call from a host (hosts run this; you rarely do). Reads the host\'s JSON on stdin, prints its native reply. A call that cannot decide is allowed (exit 0, fail-open) unless the definition fails closed (onFailure: "deny", or --fail-closed): then the host gets its deny. Exit 2 keeps a deny whose reply could not be rendered.',
  },
  args: {
    platform: { type: "positional", description: "Host id, e.g. claude-code", required: true },
    event: { type: "positional", description: "Normalized event (PreToolUse, …) or, with --native, the host's own event name", required: true },
    connector: {
      type: "string",
      description:
        "Connector id, looked up in the registry written by install; given more than once (a launcher several connectors share), each runs in a call of its own and their answers merge",
    },
    config: { type: "string", description: "Connector config path (bypasses the registry)" },
    native: { type: "boolean", description: "Pass a host-only event through: raw payload in, the handler's object out verbatim" },
    "fail-closed": {
      type: "boolean",
      description:
        'Deny when the call cannot decide, even before the connector is read (install writes it for onFailure: "deny"); after a --connector, that connector\'s',
    },
  },
});
