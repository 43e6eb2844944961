import { expect, test } from "bun:test";
import { kindOf, toolView, type ToolContext } from "./view.ts";
import { WHOLE_INPUT } from "./vocabulary.ts";
import { applyUpdatedTool } from "./rewrite.ts";

const HOST: ToolContext = {
  tools: {
    shell: { run_commands: { command: { paths: ["commands"], list: true }, cwd: "cwd" } },
    write: { write_file: { filePaths: "path", content: "content" } },
    edit: { apply_patch: { filePaths: { paths: ["input"], patch: true } } },
    fetch: { fetch: { url: "url" } },
    other: { todo: "keeps the todo list" },
  },
  mcpName: "mcp__{server}__{tool}",
};

test("a mapped tool: its kind and fields from wherever the host keeps them", () => {
  expect(toolView(HOST, "run_commands", { commands: ["rm -rf /"], cwd: "/p" })).toEqual({ kind: "shell", command: "rm -rf /", cwd: "/p" });
  expect(toolView(HOST, "write_file", { path: ".env", content: "X=1" })).toEqual({ kind: "write", filePaths: [".env"], content: "X=1" });
  expect(toolView(HOST, "apply_patch", { input: "*** Begin Patch\n*** Update File: .env\n*** End Patch" })).toEqual({ kind: "edit", filePaths: [".env"] });
});

test("an MCP tool by the host's naming, with its server and name; anything else is other", () => {
  expect(toolView(HOST, "mcp__github__create_issue", {})).toEqual({ kind: "mcp", server: "github", name: "create_issue" });
  expect(toolView(HOST, "todo", {})).toEqual({ kind: "other" });
  expect(kindOf(HOST, "nope")).toBe("other");
  expect(kindOf({}, "Bash")).toBe("other");
  // A tool the host lists as its own is never an MCP tool, whatever its MCP naming would take.
  expect(toolView({ ...HOST, mcpName: "{tool}" }, "todo", {})).toEqual({ kind: "other" });
  expect(toolView({ ...HOST, mcpName: "{tool}" }, "create_issue", {})).toEqual({ kind: "mcp", name: "create_issue" });
});

test("updatedTool goes back into the host's shape, over the original input", () => {
  expect(applyUpdatedTool(HOST, "run_commands", { commands: ["a"], cwd: "/p" }, { command: "echo safe" })).toEqual({
    input: { commands: ["echo safe"], cwd: "/p" },
    lost: [],
  });
  expect(applyUpdatedTool(HOST, "apply_patch", { input: "…" }, { filePaths: ["x"] })).toEqual({ input: undefined, lost: ["filePaths"] });
  expect(applyUpdatedTool(HOST, "fetch", { url: "a" }, { url: "b", query: "q" })).toEqual({ input: { url: "b" }, lost: ["query"] });
});

test("a freeform patch tool's bare text: its envelope's paths", () => {
  const ctx: ToolContext = { tools: { edit: { apply_patch: { filePaths: { paths: [WHOLE_INPUT, "input"], patch: true } } } } };
  expect(toolView(ctx, "apply_patch", { [WHOLE_INPUT]: "*** Begin Patch\n*** Add File: .env\n+X=1\n*** End Patch" })).toEqual({
    kind: "edit",
    filePaths: [".env"],
  });
});
