import { expect, test } from "bun:test";
import type { ToolContext } from "../tools/view.ts";
import { withUpdatedTool } from "./updated-tool.ts";

const HOST: ToolContext = {
  tools: {
    shell: { run_commands: { command: { paths: ["commands"], list: true }, cwd: "cwd" } },
    other: { todo: "keeps the todo list" },
  },
  mcpName: "mcp__{server}__{tool}",
};

test("withUpdatedTool makes a modify of it, keeps a deny a deny, builds on updatedInput, says what found no place", () => {
  const call = (toolName: string, toolInput: Record<string, unknown> = {}) => ({ toolName, toolInput });
  expect(withUpdatedTool({ updatedTool: { command: "b" } }, HOST, call("run_commands", { commands: ["a"] }), "H")).toEqual({
    response: { decision: "modify", updatedInput: { commands: ["b"] } },
    lost: undefined,
  });
  expect(withUpdatedTool({ decision: "deny", reason: "R" }, HOST, call("run_commands"), "H").response).toEqual({ decision: "deny", reason: "R" });
  expect(
    withUpdatedTool({ updatedInput: { commands: ["a"], cwd: "/q" }, updatedTool: { command: "b" } }, HOST, call("run_commands", { commands: ["a"] }), "H")
      .response,
  ).toEqual({
    decision: "modify",
    updatedInput: { commands: ["b"], cwd: "/q" },
  });
  expect(withUpdatedTool({ updatedTool: { command: "b" } }, HOST, call("todo"), "H")).toEqual({
    response: {},
    lost: "updatedTool.command has no place in H's todo input; left as it was",
  });
  // An event of no tool: the response passes as it is.
  expect(withUpdatedTool({ updatedTool: { command: "b" } }, HOST, {}, "H")).toEqual({ response: { updatedTool: { command: "b" } } });
});
