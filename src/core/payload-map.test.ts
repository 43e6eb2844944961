import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type EventName, isEventName } from "../events.ts";
import { normalizeEvent } from "./normalize.ts";
import { EVENT_FIELDS, type FieldName, SESSION_FIELDS, SNAKE_CASE_PAYLOAD } from "./payload-map.ts";

// Claude Code's real payloads, one per event (test/fixtures/claude-code/<Event>.json).
const CLAUDE = join(import.meta.dir, "..", "..", "test", "fixtures", "claude-code");
const events = readdirSync(CLAUDE)
  .map((file) => file.replace(/\.json$/, ""))
  .filter(isEventName);
const payloadOf = (event: EventName): Promise<Record<string, unknown>> => Bun.file(join(CLAUDE, `${event}.json`)).json();
const fieldsOf = (event: EventName): FieldName[] => ["sessionId", "projectDir", ...SESSION_FIELDS, ...EVENT_FIELDS[event]];

/**
 * Keys Claude sends that no normalized field stands for: handlers find them in `event.raw`. A key
 * a new capture brings must be read by a field or added here, a deliberate choice either way.
 */
const LEFT_IN_RAW: Record<string, readonly string[]> = {
  "*": ["hook_event_name", "prompt_id", "effort"],
  PostToolUse: ["duration_ms"],
  Notification: ["title"],
  PreCompact: ["custom_instructions"],
  PostCompact: ["compact_summary"],
  Stop: ["background_tasks", "session_crons"],
};

test("Claude's captures cover most events (the checks below see something)", () => {
  expect(events.length).toBeGreaterThanOrEqual(12);
});

test("every key of Claude's real payloads is read by a field of its event, or deliberately left in raw", async () => {
  const unread: string[] = [];
  for (const event of events) {
    const read = new Set(fieldsOf(event).flatMap((field) => (SNAKE_CASE_PAYLOAD[field]?.paths ?? []).map((path) => path.split(".")[0])));
    const left = [...LEFT_IN_RAW["*"]!, ...(LEFT_IN_RAW[event] ?? [])];
    for (const key of Object.keys(await payloadOf(event))) if (!read.has(key) && !left.includes(key)) unread.push(`${event}: ${key}`);
  }
  expect(unread).toEqual([]);
});

test("and what a field reads from them arrives in the normalized event", async () => {
  const lost: string[] = [];
  for (const event of events) {
    const payload = await payloadOf(event);
    const normalized = normalizeEvent(event, payload, SNAKE_CASE_PAYLOAD, { hostPlatform: "claude-code", connectorId: "guard", env: {} }) as unknown as Record<
      string,
      unknown
    >;
    for (const field of fieldsOf(event)) {
      const path = SNAKE_CASE_PAYLOAD[field]!.paths![0]!;
      if (payload[path] !== undefined && payload[path] !== null && normalized[field] === undefined) lost.push(`${event}.${field} (${path})`);
    }
  }
  expect(lost).toEqual([]);
});

test("every normalized field has a place in Claude's payload", () => {
  const fields = new Set([...SESSION_FIELDS, ...Object.values(EVENT_FIELDS).flat()]);
  expect([...fields].filter((field) => !SNAKE_CASE_PAYLOAD[field]?.paths?.length)).toEqual([]);
});
