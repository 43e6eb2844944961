/**
 * docs/connector.md's tables of what a handler gets: `events` (per event, its fields in the words of
 * src/core/field-docs.ts, what a matcher matches, the hosts that fire it) and `fields` (per field,
 * the hosts whose payload has a place for it: their adapter's payload map, src/core/payload-map.ts).
 */
import type { Adapter } from "../src/adapter.ts";
import { EVENT_NAMES, MATCHER_TARGET, type EventName } from "../src/events.ts";
import { fieldCell, rowFields } from "../src/core/field-docs.ts";
import { EVENT_FIELDS, SESSION_FIELDS, type FieldName } from "../src/core/payload-map.ts";

/** "3 of 40: A, B, C", "40 of 40: all", or "38 of 40: all but D, E" when listing those left out is shorter. */
function hostsCell(having: readonly Adapter[], of: readonly Adapter[]): string {
  const names = (list: readonly Adapter[]) => list.map((a) => a.name).join(", ");
  const left = of.filter((a) => !having.includes(a));
  const listed = !having.length ? "none" : !left.length ? "all" : left.length && left.length < having.length ? `all but ${names(left)}` : names(having);
  return `${having.length} of ${of.length}: ${listed}`;
}

const fires = (a: Adapter, event: EventName): boolean => a.events[event] !== undefined;

export function eventsTable(adapters: readonly Adapter[]): string[] {
  const row = (event: EventName): string => {
    const target = MATCHER_TARGET[event];
    const matches = !target ? "nothing: a matcher is a config error" : target === "toolName" ? "the tool" : `\`${target}\``;
    const fields = rowFields(event).map((field) => fieldCell(field, event));
    const hosts = hostsCell(
      adapters.filter((a) => fires(a, event)),
      adapters,
    );
    return `| ${event} | ${fields.join(", ") || "-"} | ${matches} | ${hosts} |`;
  };
  return ["| event | fields | `matcher` matches | hosts that fire it |", "|---|---|---|---|", ...EVENT_NAMES.map(row)];
}

/** The events that carry a field: every one for a session field. */
const carriedOn = (field: FieldName): EventName[] =>
  (SESSION_FIELDS as readonly string[]).includes(field) ? [...EVENT_NAMES] : EVENT_NAMES.filter((e) => (EVENT_FIELDS[e] as readonly string[]).includes(field));

/** Whether the host's payload map has a place for the field on an event it fires. */
function sends(a: Adapter, field: FieldName): boolean {
  const source = a.payload[field];
  if (!source?.paths?.length && !source?.env?.length) return false;
  return carriedOn(field).some((e) => fires(a, e) && (!source.on || source.on.includes(e)));
}

export function fieldsTable(adapters: readonly Adapter[]): string[] {
  const eventFields = EVENT_NAMES.flatMap((e) => EVENT_FIELDS[e] as readonly FieldName[]);
  const fields = [...new Set<FieldName>(["toolUseId", ...SESSION_FIELDS, ...eventFields])];
  const row = (field: FieldName): string => {
    const on = carriedOn(field);
    const firing = adapters.filter((a) => on.some((e) => fires(a, e)));
    const where = on.length === EVENT_NAMES.length ? "every event" : on.join(", ");
    const senders = firing.filter((a) => sends(a, field));
    return `| \`${field}\` | ${where} | ${hostsCell(senders, firing)} |`;
  };
  return ["| field | on | hosts that send it (of those that fire those events) |", "|---|---|---|", ...fields.map(row)];
}
