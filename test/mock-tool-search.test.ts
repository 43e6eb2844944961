import { describe, expect, test } from "bun:test";
import { foundToolNames } from "./hosts/mock-tool-search.ts";
import { driftTable } from "./hosts/drift-table.ts";

/**
 * The real-host suite's mock model finds a deferred MCP tool in the host's search result, as a real
 * model reads it. The shapes below are the requests Claude Code 2.1.332 and Qwen Code 0.24.4 sent
 * after the mock's search (test/hosts/README.md), cut down to the parts that carry the names.
 */
describe("mock model: tools a search result names", () => {
  test("Claude Code 2.1.332: tool_reference blocks in the tool_result", () => {
    const body = {
      tools: [{ name: "ToolSearch", input_schema: {} }],
      messages: [
        { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "ToolSearch", input: { query: "e2erec record" } }] },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "t1", content: [{ type: "tool_reference", tool_name: "mcp__e2erec__record" }] },
            { type: "text", text: "Tool loaded." },
          ],
        },
      ],
    };
    expect(foundToolNames(body)).toEqual(["mcp__e2erec__record"]);
  });

  test("Qwen Code 0.24.4: <function> lines of a <functions> block in the tool message's text", () => {
    const text =
      '<functions>\n<function>{"name":"mcp__e2erec__record","description":"Records the given text.","parametersJsonSchema":{"type":"object"}}</function>\n' +
      '<function>{"name":"record_artifact","description":"Registers a session artifact.","parametersJsonSchema":{"type":"object"}}</function>\n</functions>';
    const body = { messages: [{ role: "tool", tool_call_id: "c1", content: [{ type: "text", text }] }] };
    expect(foundToolNames(body)).toEqual(["mcp__e2erec__record", "record_artifact"]);
  });

  test("a tool description that shows the format with placeholders names no tool", () => {
    const body = {
      tools: [{ name: "ToolSearch", description: 'each tool is one <function>{"description": "...", "name": "...", "parameters": {...}}</function> line' }],
    };
    expect(foundToolNames(body)).toEqual([]);
  });
});

describe("drift report table", () => {
  test("one row per host: pinned, newest, each case's result; a newest that did not install has no results", () => {
    const lines = driftTable(
      [
        {
          host: "qwen-code",
          pinned: "0.24.4",
          newest: "0.25.0",
          results: new Map([
            ["deny", "ok"],
            ["modify", "degraded"],
          ]),
        },
        { host: "kilo-cli", pinned: "7.7.7", newest: "7.8.1", notInstalled: "no platform package", results: new Map() },
      ],
      ["deny", "modify"],
    );
    expect(lines.slice(1)).toEqual([
      "# | host      | pinned | newest                | deny | modify |",
      "# |-----------|--------|-----------------------|------|--------|",
      "# | qwen-code | 0.24.4 | 0.25.0                | ok   | degr   |",
      "# | kilo-cli  | 7.7.7  | 7.8.1 (not installed) | -    | -      |",
      "# kilo-cli 7.8.1 does not install: no platform package",
    ]);
  });
});
