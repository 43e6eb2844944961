import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../adapters/index.ts";
import { CANDIDATES, NORMALIZE_AT } from "../adapters/event-candidates.ts";
import { analogHosts, newerEventsTable, passesRule } from "../build/events-table.ts";
import { type EVENT_NAMES, isEventName } from "../src/events.ts";

/**
 * The newer events (adapters/event-candidates.ts) by the seed's rule: normalized once NORMALIZE_AT
 * hosts have a native analog. An event that passes and stays under nativeHooks says why; one that
 * is normalized passes; docs/connector.md's table is what the data says.
 */

const REPO = join(import.meta.dir, "..");
const byId = new Map<string, (typeof ADAPTERS)[number]>(ADAPTERS.map((a) => [a.id, a]));

describe("the newer events", () => {
  test("docs/connector.md's table is made from the candidates and the adapters", () => {
    const text = readFileSync(join(REPO, "docs", "connector.md"), "utf8");
    const start = text.indexOf("<!-- newer-events:begin");
    const stop = text.indexOf("<!-- newer-events:end -->");
    expect(start).toBeGreaterThan(0);
    const rows = text
      .slice(text.indexOf("\n", start) + 1, stop)
      .trimEnd()
      .split("\n");
    expect(rows).toEqual(newerEventsTable(ADAPTERS));
    expect(rows).toHaveLength(CANDIDATES.length + 2);
  });

  test("each candidate once; each host named is a host", () => {
    const names = CANDIDATES.map((c) => c.event);
    expect(new Set(names).size).toBe(names.length);
    for (const c of CANDIDATES)
      for (const id of [...Object.keys(c.analogs), ...Object.keys(c.unlike ?? {})])
        expect({ event: c.event, host: id, known: byId.has(id) }).toEqual({ event: c.event, host: id, known: true });
  });

  test("an event that passes the rule and is not normalized carries its reason; no other does", () => {
    for (const c of CANDIDATES) {
      const passes = passesRule(c, ADAPTERS);
      const normalized = isEventName(c.event);
      const reason = normalized || !passes ? c.left === undefined : typeof c.left === "string" && c.left.trim().length > 20;
      expect({ event: c.event, passes, normalized, reason }).toEqual({ event: c.event, passes, normalized, reason: true });
    }
  });

  test("a normalized candidate passes the rule; each host with an analog it does not wire says why", () => {
    const normalized = CANDIDATES.filter((c) => isEventName(c.event));
    expect(normalized.length).toBeGreaterThan(0);
    for (const c of normalized) {
      expect(analogHosts(c, ADAPTERS).length).toBeGreaterThanOrEqual(NORMALIZE_AT);
      for (const [id, analog] of Object.entries(c.analogs)) {
        const wired = byId.get(id)?.events[c.event as (typeof EVENT_NAMES)[number]];
        expect({ event: c.event, host: id, wiredOrWhy: Boolean(wired) !== Boolean(analog?.notWired) }).toEqual({ event: c.event, host: id, wiredOrWhy: true });
      }
    }
    // A candidate listed under its own name before it was normalized would have no row of its own.
    for (const c of CANDIDATES.filter((c) => !isEventName(c.event)))
      for (const analog of Object.values(c.analogs)) expect({ event: c.event, notWired: analog?.notWired }).toEqual({ event: c.event, notWired: undefined });
  });

  test("every host-only name a host accepts (nativeEvents) is a candidate's analog there, or named as unlike", () => {
    for (const a of ADAPTERS)
      for (const name of a.nativeEvents ?? []) {
        const listed = CANDIDATES.some((c) => {
          const analog = c.analogs[a.id as keyof typeof c.analogs];
          return (analog && [analog.name, ...(analog.also ?? [])].includes(name)) || (c.event === name && c.unlike?.[a.id as keyof typeof c.unlike]);
        });
        expect({ host: a.id, name, listed }).toEqual({ host: a.id, name, listed: true });
      }
  });
});
