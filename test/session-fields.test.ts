/**
 * The fields users reach for on any host (issue 47, point 4): `transcriptPath`, `permissionMode`,
 * `model`, `agentId` / `agentType` on every event and `toolUseId` on tool events, wherever the host
 * sends them. Every host's own payloads (its test record's fixtures) go through the compiled
 * binary both ways (a daemon worker, and a process of its own); what the handler sees is what the
 * payload holds at the adapter's paths, exactly, and nothing where it holds nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { findAdapter } from "../adapters/index.ts";
import type { Adapter } from "../src/adapter.ts";
import { EVENT_NAMES, type EventName } from "../src/events.ts";
import { HOST_RECORDS } from "./hosts-data/index.ts";
import { recordOf, recordPayload } from "./hosts-data/lookup.ts";
import type { HostRecord, Json } from "./hosts-data/record.ts";
import { sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { BOTH_WAYS, daemonReady } from "./reliability/support.ts";
import { loadFor, stopDaemon, type Load } from "./support/both-ways.ts";

const SESSION_FIELDS = ["transcriptPath", "permissionMode", "model", "agentId", "agentType"] as const;
const TOOL_EVENTS = new Set<EventName>(["PreToolUse", "PostToolUse", "PermissionRequest", "PostToolUseFailure"]);
const fieldsOf = (event: EventName) => [...SESSION_FIELDS, ...(TOOL_EVENTS.has(event) ? (["toolUseId"] as const) : [])];

const at = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Json)[k] : undefined), value);

/** What the payload holds for `field` where the adapter says it is: the first non-empty text of its paths. */
function expectedFields(adapter: Adapter, event: EventName, payload: Json): Json {
  const out: Json = {};
  for (const field of fieldsOf(event)) {
    const source = adapter.payload[field];
    if (!source?.paths || (source.on && !source.on.includes(event))) continue;
    const value = source.paths.map((path) => at(payload, path)).find((v) => v !== undefined && v !== null);
    if ((typeof value === "string" && value !== "") || typeof value === "number") out[field] = String(value);
  }
  return out;
}

/** Every (host, event) of a host record that reads its payload from stdin, with the fields it should give. */
function cases(box: Sandbox): { host: string; event: EventName; payload: Json; want: Json }[] {
  return Object.values(HOST_RECORDS).flatMap((record: HostRecord) => {
    const adapter = findAdapter(record.id);
    if (!adapter || adapter.input?.kind === "env") return [];
    return EVENT_NAMES.filter((event) => record.fixtures[event] && adapter.events[event]).map((event) => {
      const payload = recordPayload(record, event, box);
      return { host: record.id, event, payload, want: expectedFields(adapter, event, payload) };
    });
  });
}

/** The new fields of what the handler saw, or why it saw nothing. */
function seenFields(box: Sandbox, load: Load, env: Record<string, string>, host: string, event: EventName, payload: Json) {
  const file = join(box.root, `seen-${host}-${event}.json`);
  box.write(file, "");
  const result = box.hook(host, event, payload, { ...load, env: { ...env, AC_TEST_SEEN: file } });
  const text = box.read(file);
  if (!text) return `no handler call (exit ${result.exitCode}): ${result.stderr.trim()}`;
  const seen = JSON.parse(text) as Json;
  return Object.fromEntries(fieldsOf(event).flatMap((field) => (seen[field] === undefined ? [] : [[field, seen[field]]])));
}

for (const [way, wayEnv] of BOTH_WAYS) {
  describe(`session fields on every host's own payloads (${way})`, () => {
    let box: Sandbox;
    let load: Load;
    const daemon = way === "daemon";
    const env = daemon ? wayEnv : {};
    beforeAll(() => {
      box = sandbox();
      load = loadFor(box, writeScriptedConfig(box), "test", daemon);
      if (daemon) daemonReady(box);
    });
    afterAll(() => stopDaemon(box, daemon));

    test("each host's payload gives exactly the fields it holds at the adapter's paths", () => {
      const all = cases(box);
      const wrong = all.flatMap(({ host, event, payload, want }) => {
        const got = seenFields(box, load, env, host, event, payload);
        return Bun.deepEquals(got, want) ? [] : [`${host} ${event}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`];
      });
      expect(wrong).toEqual([]);
      // Not a walk of empty expectations: each field comes from real payloads of several hosts.
      const hosts = (field: string) => new Set(all.filter((c) => field in c.want).map((c) => c.host));
      for (const field of ["transcriptPath", "permissionMode", "model", "toolUseId", "agentId", "agentType"]) expect(hosts(field).size).toBeGreaterThan(2);
    }, 240_000);

    test("what the host means by them: the subagent only in a subagent, an empty transcript is none", () => {
      const call = (host: string, event: EventName) => {
        const record = recordOf(host);
        return seenFields(box, load, env, host, event, recordPayload(record, event, box));
      };
      expect(call("claude-code", "SubagentStart")).toEqual({
        transcriptPath: `${box.home}/.claude/projects/-fake-home-project/5f0c2a1e.jsonl`,
        permissionMode: "default",
        agentId: "agent-7",
        agentType: "Explore",
      });
      expect(call("codex", "SessionStart")).toEqual({
        transcriptPath: `${box.home}/.codex/sessions/2026/11/30/rollout-2026-11-30T00-47-38-01a229eb-f36c-7811-a7d0-119bb4f88411.jsonl`,
        permissionMode: "bypassPermissions",
        model: "gpt-5-codex",
      });
      expect(call("cursor", "SubagentStart")).toEqual({ model: "default", agentId: "sa-9", agentType: "explore" });
      // Cursor's transcript_path is null there: none.
      expect(call("cursor", "PostToolUseFailure")).toEqual({ model: "default", toolUseId: "tu-1" });
      // Continue sends transcript_path "" (none) and its model on SessionStart.
      expect(call("continue", "SessionStart")).toEqual({ model: "gpt-4o" });
      // Kimi Code's agent_id "main" is the main agent, not a subagent.
      expect(call("kimi-code", "PermissionRequest")).toEqual({ toolUseId: "tc_3" });
      expect(call("copilot-cli", "Stop")).toEqual({
        transcriptPath: `${box.home}/.copilot/session-state/d8ca9712-26b1-4891-9fc7-fac9a46ce884/events.jsonl`,
      });
    }, 120_000);
  });
}
