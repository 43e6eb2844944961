/**
 * The shape of a host's test record (test/hosts-data/<host-id>.ts), run by test/hosts.test.ts:
 * which payload stands for each event, the exact native reply to every decision, what a handler
 * sees, how matchers behave, and what install writes. It is the one place for what a test must
 * know per host (other tests read it through ./lookup.ts, or derive the rest from the adapter):
 * no test keeps its own list of hosts. test/static/host-parts.test.ts checks every adapter has one.
 */
import type { EventName } from "../../src/events.ts";
import type { Expected } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import type { HookFileInstall } from "../support/hook-file-install.ts";
import type { HooksFolderInstall } from "../support/hooks-folder-install.ts";
import type { SettingsHost } from "../support/settings-install.ts";
import type { PluginFolders } from "../support/plugin-host.ts";

export type Json = Record<string, any>;
/** A value, or one computed from the sandbox it is checked in. */
export type PerBox<T> = T | ((box: Sandbox) => T);

/** A payload in test/fixtures/<host-id>/: captured from a real run, or written from the host's docs. */
export interface Fixture {
  file: string;
  from: "real run" | "docs";
}
export const captured = (file: string): Fixture => ({ file, from: "real run" });
export const fromDocs = (file: string): Fixture => ({ file, from: "docs" });
/** One payload per event, each in `<event>.json`, written from the host's docs or source. */
export const fromDocsEach = (events: readonly EventName[]): Partial<Record<EventName, Fixture>> =>
  Object.fromEntries(events.map((event) => [event, fromDocs(event)]));

/** One call of `hook <host> <event>`: the event's fixture unless `raw` says otherwise. */
interface Call {
  event: EventName;
  raw?: (payload: (event: EventName) => Json, box: Sandbox) => Json;
  env?: Record<string, string>;
}

/** The normalized event (without `raw`) a handler received: all of it, a part, or a custom check. */
export interface SeenCheck extends Call {
  /** With `equals` on a tool event: the portable `tool` view the handler gets (src/tools/view.ts). */
  tool?: PerBox<Json>;
  equals?: PerBox<Json>;
  matches?: PerBox<Json>;
  check?: (seen: Json, box: Sandbox) => void;
}

/** With `matchers` in the connector: the exact reply (JSON, an ExitReply, or `null`: no output) to `response` (default: deny "R"). */
export interface MatcherCheck extends Call {
  response?: unknown;
  reply: unknown;
}

/**
 * What install writes for the connector's MCP servers on this host, checked by one of three tests.
 * Every host whose adapter declares `mcp` states one (test/static/host-parts.test.ts).
 */
export type McpExpectation =
  /** test/mcp.test.ts, all such hosts in one install: the user file (under HOME), its root key, and the servers `rec` (stdio) and `api` (http) as the host holds them. */
  | { kind: "user-file"; file: string; root: string; rec: unknown; api: unknown }
  /**
   * test/mcp-hosts.test.ts: per scope the file (under HOME or the project) and its exact text for
   * `rec`, `api` and `old` (SSE), null where the host has no file at that scope; `own`: the file
   * holding only a user's own `rec`; `refused`: the servers reported unsupported (default none).
   */
  | { kind: "scopes"; user: [string, string] | null; project: [string, string] | null; own: string; refused?: readonly string[] }
  /** A test of its own (another file format, a list kept in the host's UI): the file, which names the host. */
  | { kind: "own-test"; file: string };

export interface HostRecord {
  id: string;
  fixtures: Partial<Record<EventName, Fixture>>;
  /** The host whose test/fixtures folder holds them, when not this one's (a fork that passes the same objects). */
  fixturesOf?: string;
  /** What install writes for MCP servers; absent where the adapter declares no `mcp`. */
  mcp?: McpExpectation;
  /** Exact stdout per event and decision (tests/support/decisions.ts RESPONSES); unlisted → no output. */
  replies?: Expected;
  /** Environment of every reply check (e.g. the marker of the host that runs the command). */
  env?: Record<string, string>;
  seen?: Record<string, SeenCheck[]>;
  matchers?: { config: Record<string, string>; cases: Record<string, MatcherCheck[]> };
  /** Events the host lacks: a hook call for one fails open with a message naming host and event. */
  missing?: { events: EventName[]; raw?: PerBox<Json> };
  install?:
    | ({ kind: "settings" } & Omit<SettingsHost, "platform" | "preToolUse">)
    | ({ kind: "hook-file" } & HookFileInstall)
    | ({ kind: "hooks-folder" } & HooksFolderInstall)
    | { kind: "plugin"; name: string; folders: PluginFolders };
  /** Checks of this host only, as describe blocks; `payload` reads this record's fixtures. */
  extra?: (payload: (event: EventName, box?: Sandbox) => Json) => void;
}
