import * as v from "valibot";
import { EVENT_NAMES, MATCHER_TARGET, isEventName } from "../events.ts";
import { matcherError } from "../core/matcher.ts";
import { responseSchema } from "../core/response.ts";
import { auditSchema, idSchema, nativeHookSchema, onFailureSchema, timeoutSchema } from "./hook-call-schema.ts";
import { MCP_NAME, MCP_NAME_RULE } from "../mcp-servers.ts";

const matcherSchema = v.pipe(
  v.string("must be a string"),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = matcherError(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

/** A hook is a handler (code configs) or a fixed response (JSON configs). */
const hookSchema = v.pipe(
  v.strictObject(
    {
      matcher: v.optional(matcherSchema),
      handler: v.optional(v.function("must be a function")),
      response: v.optional(responseSchema()),
      onFailure: onFailureSchema,
      timeout: timeoutSchema,
    },
    (issue) =>
      `unknown key "${String(issue.input === undefined ? issue.expected : issue.received)}": a hook takes matcher, handler (or response in JSON), onFailure, timeout`,
  ),
  v.check((hook) => (hook.handler === undefined) !== (hook.response === undefined), "needs exactly one of handler or response"),
);

/** One definition, or several, each with its own matcher, handler and onFailure (src/config/several.ts). */
const definitionsSchema = v.lazy((input) =>
  Array.isArray(input) ? v.pipe(v.array(hookSchema), v.minLength(1, "must hold at least one definition")) : hookSchema,
);

const stringMap = (what: string) =>
  v.record(
    v.pipe(
      v.string(),
      v.regex(
        what === "env" ? /^[A-Za-z_][A-Za-z0-9_]*$/ : /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
        `${what} names must be ${what === "env" ? "letters, digits and underscores, not starting with a digit" : "HTTP header names"}`,
      ),
    ),
    v.string('must be a string (reference a secret as "${VAR}": each host gets its own reference, never the value)'),
  );

const strictKeys = (keys: string) => (issue: v.ObjectIssue | v.StrictObjectIssue) =>
  `unknown key ${String(issue.input === undefined ? issue.expected : issue.received)}: ${keys}`;

const stdioServerSchema = v.strictObject(
  {
    command: v.pipe(v.string("must be a string"), v.nonEmpty("must not be empty")),
    args: v.optional(v.array(v.string("must be a string"), "must be an array of strings")),
    env: v.optional(stringMap("env")),
    cwd: v.optional(v.pipe(v.string("must be a string"), v.nonEmpty("must not be empty"))),
  },
  strictKeys("a stdio server takes command, args, env, cwd"),
);

const remoteServerSchema = v.strictObject(
  {
    url: v.pipe(v.string("must be a string"), v.url("must be a URL"), v.regex(/^https?:\/\//i, "must be an http(s) URL")),
    transport: v.optional(v.picklist(["http", "sse"], 'must be "http" or "sse"')),
    headers: v.optional(stringMap("header")),
  },
  strictKeys("a remote server takes url, transport, headers"),
);

/** A server with `url` is remote, any other stdio: the error then names the missing field. */
const mcpServerSchema = v.lazy((input) => (input !== null && typeof input === "object" && "url" in input ? remoteServerSchema : stdioServerSchema));

const mcpServersSchema = v.record(
  v.pipe(
    v.string(),
    v.regex(MCP_NAME, (issue) => `server name "${String(issue.input)}" must be ${MCP_NAME_RULE}`),
  ),
  mcpServerSchema,
);

/** What each event's matcher matches, for the error on an event that has nothing to match. */
const MATCHABLE = `matchers match ${Object.entries(Object.groupBy(Object.entries(MATCHER_TARGET), ([, target]) => target))
  .map(([target, events]) => `${target === "toolName" ? "the tool" : target} on ${events!.map(([event]) => event).join(", ")}`)
  .join("; ")}`;

export function connectorSchema(hostIds: readonly string[]) {
  return v.strictObject({
    id: idSchema,
    timeout: timeoutSchema,
    onFailure: onFailureSchema,
    audit: auditSchema,
    hooks: v.optional(
      v.pipe(
        v.record(
          v.pipe(
            v.string(),
            v.check(isEventName, (issue) => `unknown event "${String(issue.input)}"; valid events: ${EVENT_NAMES.join(", ")}`),
          ),
          definitionsSchema,
        ),
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return;
          for (const [event, entry] of Object.entries(dataset.value)) {
            const eventPath: v.IssuePathItem = { type: "object", origin: "value", input: dataset.value, key: event, value: entry };
            const definitions = Array.isArray(entry) ? entry : [entry];
            for (const [i, hook] of definitions.entries()) {
              const at: v.IssuePathItem[] = Array.isArray(entry) ? [{ type: "array", origin: "value", input: entry, key: i, value: hook }] : [];
              const path: [v.IssuePathItem, ...v.IssuePathItem[]] = [eventPath, ...at];
              if (hook.matcher && hook.matcher !== "*" && isEventName(event) && !MATCHER_TARGET[event]) {
                const matcher: v.IssuePathItem = { type: "object", origin: "value", input: hook, key: "matcher", value: hook.matcher };
                addIssue({ message: `${event} has nothing to match against: remove this matcher (${MATCHABLE})`, path: [...path, matcher] });
              }
              // `@kind` means a kind of tool on tool events only; any other matcher stays a plain regex.
              const kindProblem = hook.matcher && isEventName(event) && MATCHER_TARGET[event] === "toolName" ? matcherError(hook.matcher, true) : undefined;
              if (kindProblem) addIssue({ message: `matcher ${kindProblem}`, path });
            }
          }
        }),
      ),
    ),
    mcpServers: v.optional(mcpServersSchema),
    platforms: v.optional(
      v.record(
        v.pipe(
          v.string(),
          v.check(
            (id) => hostIds.includes(id),
            (issue) => `unknown host "${String(issue.input)}"; known: ${hostIds.join(", ")}`,
          ),
        ),
        v.strictObject({
          nativeHooks: v.optional(
            v.record(
              v.pipe(
                v.string(),
                v.check(
                  (name) => !isEventName(name),
                  (issue) => `"${String(issue.input)}" is a normalized event; declare it under hooks, not nativeHooks`,
                ),
              ),
              nativeHookSchema(),
            ),
          ),
        }),
      ),
    ),
  });
}
