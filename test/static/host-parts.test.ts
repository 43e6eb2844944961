import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../../adapters/index.ts";
import type { Adapter } from "../../src/adapter.ts";
import type { EventName } from "../../src/events.ts";
import { HOST_RECORDS } from "../hosts-data/index.ts";
import type { HostRecord } from "../hosts-data/record.ts";
import { REPO } from "../support/harness.ts";
import { withToolsTable } from "../../build/tools-tables.ts";

/**
 * A host is one record: every adapter has the parts the other tests read per host, so adding a
 * host cannot skip one. Every missing part of a host is named at once, with what to add (no build
 * needed: `npm run test:static`):
 * - its test record, listed in HOST_RECORDS of test/hosts-data/index.ts;
 * - a json-stdio host: a fixture and an exact reply for every event its adapter wires;
 *   a ts-plugin host: fixtures, unless it loads another host's module;
 * - each fixture's file, named in its folder's README.md;
 * - `mcp` in the record exactly where the adapter declares MCP servers;
 * - docs/hosts/<id>.md with its title and the sections its kind of host has, and a hook host's
 *   Tools table as its adapter says (made by build/tools-tables.ts);
 * - its row in the generated table of docs/hosts/README.md.
 */

const read = (...path: string[]) => readFileSync(join(REPO, ...path), "utf8");
const TABLE = read("docs", "hosts", "README.md");

/** What is missing for one host, as sentences, all of it; [] when it has every part. */
function missingParts(adapter: Adapter, records: Readonly<Record<string, HostRecord | undefined>>, table: string, pages?: (page: string) => string): string[] {
  const { id } = adapter;
  const record = Object.hasOwn(records, id) ? records[id] : undefined;
  const row = table.includes(`| [${id}](${id}.md) |`) ? [] : ["no row in docs/hosts/README.md's table: run bun build/hosts-table.ts"];
  const ofRecord = record ? [...recordGaps(adapter, record), ...fixtureGaps(record)] : noRecord(adapter);
  return [...ofRecord, ...docsGaps(adapter, pages), ...row];
}

/** No record: what it must hold, read from the adapter, and the fixture folder it will name. */
function noRecord(adapter: Adapter): string[] {
  const { id } = adapter;
  const events = Object.keys(adapter.events);
  const perEvent = hookProcess(adapter) && events.length ? ` with a fixture and a reply for each of ${events.join(", ")}` : "";
  const folder = join("test", "fixtures", id);
  const fixtures = hookProcess(adapter) && !existsSync(join(REPO, folder, "README.md")) ? [`no ${folder}/README.md saying where its payloads come from`] : [];
  return [`no test record: add test/hosts-data/${id}.ts${perEvent}, and list it in HOST_RECORDS of test/hosts-data/index.ts`, ...fixtures];
}

const hookProcess = (adapter: Adapter): boolean => adapter.hooks.kind === "hook-file" || adapter.hooks.kind === "hooks-folder";

function recordGaps(adapter: Adapter, record: HostRecord): string[] {
  const gaps: string[] = [];
  const events = Object.keys(adapter.events) as EventName[];
  if (hookProcess(adapter)) {
    const noFixture = events.filter((event) => !record.fixtures[event]);
    const noReply = events.filter((event) => !record.replies?.[event]);
    if (noFixture.length) gaps.push(`its record has no fixture for ${noFixture.join(", ")} (fixtures)`);
    if (noReply.length) gaps.push(`its record states no reply for ${noReply.join(", ")} (replies)`);
  }
  // A host that loads another host's module (Kilo Code) is checked through that host's record.
  if (adapter.hooks.kind === "plugin-module" && !adapter.hooks.module.sharesModuleOf && Object.keys(record.fixtures).length === 0)
    gaps.push("its record has no fixtures");
  if (adapter.mcp && !record.mcp) gaps.push("its record states no mcp expectation, and the adapter declares MCP servers");
  if (!adapter.mcp && record.mcp) gaps.push("its record states an mcp expectation, and the adapter declares no MCP servers");
  if (record.mcp?.kind === "own-test") {
    const file = record.mcp.file;
    if (!existsSync(join(REPO, file))) gaps.push(`its record's mcp test ${file} does not exist`);
    else if (!read(file).includes(adapter.id)) gaps.push(`its record's mcp test ${file} never names it`);
  }
  return gaps;
}

function fixtureGaps(record: HostRecord): string[] {
  const files = Object.values(record.fixtures).map((fixture) => `${fixture!.file}.json`);
  if (files.length === 0) return [];
  const folder = join("test", "fixtures", record.fixturesOf ?? record.id);
  const note = existsSync(join(REPO, folder, "README.md")) ? read(folder, "README.md") : undefined;
  return [
    ...(note === undefined ? [`no ${folder}/README.md saying where its payloads come from`] : []),
    ...files.flatMap((file) => [
      ...(existsSync(join(REPO, folder, file)) ? [] : [`no fixture ${folder}/${file}`]),
      ...(note === undefined || note.includes(`\`${file}\``) ? [] : [`${folder}/README.md does not name \`${file}\``]),
    ]),
  ];
}

/** Sections every page of a kind of host has: a hook host lists its tools; a host without hooks says so, and what was checked. */
const SECTIONS = { hooks: ["## Tools"], none: ["## Verified", "## Hooks"] };

function docsGaps(adapter: Adapter, pages: (page: string) => string = read): string[] {
  const page = join("docs", "hosts", `${adapter.id}.md`);
  const wanted = adapter.hooks.kind === "none" ? SECTIONS.none : SECTIONS.hooks;
  if (!existsSync(join(REPO, page)))
    return [`no docs page ${page}, titled "# ${adapter.name} (\`${adapter.id}\`)", with ${wanted.map((section) => `"${section}"`).join(" and ")}`];
  const text = pages(page);
  const headings = text.split("\n").filter((line) => line.startsWith("## "));
  const title = text.split("\n")[0]!;
  const titled = title.startsWith("# ") && title.includes(`(\`${adapter.id}\`)`);
  return [
    ...(titled ? [] : [`${page} does not start with a title naming \`${adapter.id}\`, e.g. "# ${adapter.name} (\`${adapter.id}\`)"`]),
    ...wanted
      .filter((section) => !headings.some((heading) => heading === section || heading.startsWith(`${section} `)))
      .map((section) => `${page} has no "${section}" section`),
    ...(adapter.mcp && !text.includes("MCP") ? [`${page} never mentions its MCP servers`] : []),
    ...toolsTableGaps(adapter, page, text),
  ];
}

/** A hook host's Tools table is made from its adapter: missing markers or a stale table are gaps. */
function toolsTableGaps(adapter: Adapter, page: string, text: string): string[] {
  if (adapter.hooks.kind === "none") return [];
  const made = withToolsTable(text, adapter);
  if (made === undefined)
    return [`${page} has no "<!-- tools:begin -->" / "<!-- tools:end -->" markers under "## Tools": add them, then run bun build/tools-tables.ts`];
  return made === text ? [] : [`${page}'s Tools table is not what its adapter says: run bun build/tools-tables.ts`];
}

describe("every host has all its parts", () => {
  for (const adapter of ADAPTERS) {
    test(adapter.id, () => {
      expect({ host: adapter.id, missing: missingParts(adapter, HOST_RECORDS, TABLE) }).toEqual({ host: adapter.id, missing: [] });
    });
  }

  test("every record is an adapter's, under its own id (no record of a host that is gone)", () => {
    const astray = Object.entries(HOST_RECORDS).filter(([key, record]) => record.id !== key || !ADAPTERS.some((adapter) => adapter.id === key));
    expect(astray.map(([key, record]) => `${key}: ${record.id}`)).toEqual([]);
  });
});

describe("a missing part is named with its host", () => {
  const mux = ADAPTERS.find((adapter) => adapter.id === "mux")!;
  const record = HOST_RECORDS.mux;

  test("no record", () => {
    expect(missingParts(mux, {}, TABLE)).toEqual([
      "no test record: add test/hosts-data/mux.ts with a fixture and a reply for each of PreToolUse, PostToolUse, and list it in HOST_RECORDS of test/hosts-data/index.ts",
    ]);
  });

  test("an event without fixture or reply, no mcp expectation, no table row", () => {
    const { PostToolUse: _fixture, ...fixtures } = record.fixtures;
    const { PostToolUse: _reply, ...replies } = record.replies!;
    const { mcp: _mcp, ...rest } = record;
    expect(missingParts(mux, { mux: { ...rest, fixtures, replies } }, TABLE.replace("| [mux](mux.md) |", "|"))).toEqual([
      "its record has no fixture for PostToolUse (fixtures)",
      "its record states no reply for PostToolUse (replies)",
      "its record states no mcp expectation, and the adapter declares MCP servers",
      "no row in docs/hosts/README.md's table: run bun build/hosts-table.ts",
    ]);
  });

  test("a fixture file that is not there, and that no note names", () => {
    expect(missingParts(mux, { mux: { ...record, fixtures: { ...record.fixtures, Stop: { file: "Stop", from: "docs" } } } }, TABLE)).toEqual([
      "no fixture test/fixtures/mux/Stop.json",
      "test/fixtures/mux/README.md does not name `Stop.json`",
    ]);
  });

  test("no docs page; a page without the sections of its kind of host", () => {
    const renamed = { ...mux, id: "no-such-host" } as Adapter;
    expect(missingParts(renamed, { "no-such-host": { ...record, id: "no-such-host", fixturesOf: "mux" } }, TABLE)).toEqual([
      'no docs page docs/hosts/no-such-host.md, titled "# Mux (`no-such-host`)", with "## Tools"',
      "no row in docs/hosts/README.md's table: run bun build/hosts-table.ts",
    ]);
    const hookless = { ...mux, events: {}, hooks: { kind: "none" } } as Adapter;
    expect(missingParts(hookless, { mux: record }, TABLE)).toEqual(['docs/hosts/mux.md has no "## Hooks" section']);
  });

  test("a Tools table that differs from the adapter by one cell, or has no markers", () => {
    const page = read("docs", "hosts", "mux.md");
    expect(page).toContain("| shell | `bash` | command ← `script` |");
    const edited = (text: string) => () => text;
    expect(missingParts(mux, { mux: record }, TABLE, edited(page.replace("| shell | `bash` |", "| shell | `sh` |")))).toEqual([
      "docs/hosts/mux.md's Tools table is not what its adapter says: run bun build/tools-tables.ts",
    ]);
    expect(missingParts(mux, { mux: record }, TABLE, edited(page.replace("<!-- tools:end -->", "")))).toEqual([
      'docs/hosts/mux.md has no "<!-- tools:begin -->" / "<!-- tools:end -->" markers under "## Tools": add them, then run bun build/tools-tables.ts',
    ]);
  });
});
