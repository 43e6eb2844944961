import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../adapters/index.ts";
import type { Adapter } from "../src/adapter.ts";
import type { EventName } from "../src/events.ts";
import { HOST_RECORDS } from "./hosts-data/index.ts";

const RECORDS = Object.values(HOST_RECORDS);
import type { HostRecord } from "./hosts-data/record.ts";
import { REPO } from "./support/harness.ts";

/**
 * A host is one record: every adapter has the parts the other tests read per host, so adding a
 * host cannot skip one. Each missing part is named with its host, and what to add:
 * - its test record, listed in test/hosts-data/index.ts;
 * - a json-stdio host: a fixture and an exact reply for every event its adapter wires;
 *   a ts-plugin host: fixtures, unless it loads another host's module;
 * - each fixture's file, named in its folder's README.md;
 * - `mcp` in the record exactly where the adapter declares MCP servers;
 * - docs/hosts/<id>.md with its title and the sections its kind of host has;
 * - its row in the generated table of docs/hosts/README.md.
 */

const read = (...path: string[]) => readFileSync(join(REPO, ...path), "utf8");
const TABLE = read("docs", "hosts", "README.md");

/** What is missing for one host, as sentences; [] when it has every part. */
function missingParts(adapter: Adapter, records: readonly HostRecord[], table: string): string[] {
  const { id } = adapter;
  const record = records.find((r) => r.id === id);
  if (!record) return [`no test record: add test/hosts-data/${id}.ts and list it in test/hosts-data/index.ts`];
  const row = table.includes(`| [${id}](${id}.md) |`) ? [] : ["no row in docs/hosts/README.md's table: run bun build/hosts-table.ts"];
  return [...recordGaps(adapter, record), ...fixtureGaps(record), ...docsGaps(adapter), ...row];
}

function recordGaps(adapter: Adapter, record: HostRecord): string[] {
  const gaps: string[] = [];
  const events = Object.keys(adapter.events) as EventName[];
  if (adapter.hooks.kind === "hook-file" || adapter.hooks.kind === "hooks-folder") {
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
  if (!existsSync(join(REPO, folder, "README.md"))) return [`no ${folder}/README.md saying where its payloads come from`];
  const note = read(folder, "README.md");
  return files.flatMap((file) => [
    ...(existsSync(join(REPO, folder, file)) ? [] : [`no fixture ${folder}/${file}`]),
    ...(note.includes(`\`${file}\``) ? [] : [`${folder}/README.md does not name \`${file}\``]),
  ]);
}

/** Sections every page of a kind of host has: a hook host lists its tools; a host without hooks says so, and what was checked. */
const SECTIONS = { hooks: ["## Tools"], none: ["## Verified", "## Hooks"] };

function docsGaps(adapter: Adapter): string[] {
  const page = join("docs", "hosts", `${adapter.id}.md`);
  if (!existsSync(join(REPO, page))) return [`no docs page ${page}`];
  const text = read(page);
  const headings = text.split("\n").filter((line) => line.startsWith("## "));
  const wanted = adapter.hooks.kind === "none" ? SECTIONS.none : SECTIONS.hooks;
  const title = text.split("\n")[0]!;
  const titled = title.startsWith("# ") && title.includes(`(\`${adapter.id}\`)`);
  return [
    ...(titled ? [] : [`${page} does not start with a title naming \`${adapter.id}\`, e.g. "# ${adapter.name} (\`${adapter.id}\`)"`]),
    ...wanted
      .filter((section) => !headings.some((heading) => heading === section || heading.startsWith(`${section} `)))
      .map((section) => `${page} has no "${section}" section`),
    ...(adapter.mcp && !text.includes("MCP") ? [`${page} never mentions its MCP servers`] : []),
  ];
}

describe("every host has all its parts", () => {
  for (const adapter of ADAPTERS) {
    test(adapter.id, () => {
      expect({ host: adapter.id, missing: missingParts(adapter, RECORDS, TABLE) }).toEqual({ host: adapter.id, missing: [] });
    });
  }

  test("every record is an adapter's (no record of a host that is gone)", () => {
    expect(RECORDS.map((record) => record.id).filter((id) => !ADAPTERS.some((adapter) => adapter.id === id))).toEqual([]);
  });
});

describe("a missing part is named with its host", () => {
  const mux = ADAPTERS.find((adapter) => adapter.id === "mux")!;
  const record = RECORDS.find((r) => r.id === "mux")!;

  test("no record", () => {
    expect(missingParts(mux, [], TABLE)).toEqual(["no test record: add test/hosts-data/mux.ts and list it in test/hosts-data/index.ts"]);
  });

  test("an event without fixture or reply, no mcp expectation, no table row", () => {
    const { PostToolUse: _fixture, ...fixtures } = record.fixtures;
    const { PostToolUse: _reply, ...replies } = record.replies!;
    const { mcp: _mcp, ...rest } = record;
    expect(missingParts(mux, [{ ...rest, fixtures, replies }], TABLE.replace("| [mux](mux.md) |", "|"))).toEqual([
      "its record has no fixture for PostToolUse (fixtures)",
      "its record states no reply for PostToolUse (replies)",
      "its record states no mcp expectation, and the adapter declares MCP servers",
      "no row in docs/hosts/README.md's table: run bun build/hosts-table.ts",
    ]);
  });

  test("a fixture file that is not there, and that no note names", () => {
    expect(missingParts(mux, [{ ...record, fixtures: { ...record.fixtures, Stop: { file: "Stop", from: "docs" } } }], TABLE)).toEqual([
      "no fixture test/fixtures/mux/Stop.json",
      "test/fixtures/mux/README.md does not name `Stop.json`",
    ]);
  });

  test("no docs page; a page without the sections of its kind of host", () => {
    const renamed = { ...mux, id: "no-such-host" } as Adapter;
    expect(missingParts(renamed, [{ ...record, id: "no-such-host", fixturesOf: "mux" }], TABLE)).toEqual([
      "no docs page docs/hosts/no-such-host.md",
      "no row in docs/hosts/README.md's table: run bun build/hosts-table.ts",
    ]);
    const hookless = { ...mux, events: {}, hooks: { kind: "none" } } as Adapter;
    expect(missingParts(hookless, [record], TABLE)).toEqual(['docs/hosts/mux.md has no "## Hooks" section']);
  });
});
