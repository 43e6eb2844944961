import { expect, test } from "bun:test";
import { hostMatcher, unreachable } from "./host-matcher.ts";
import type { ToolContext } from "../tools/view.ts";

const CLAUDE: ToolContext = {
  tools: { shell: { Bash: {}, PowerShell: {} }, write: { Write: {} }, edit: { Edit: {} }, other: { TodoWrite: "keeps the todo list" } },
  mcpName: "mcp__{server}__{tool}",
};
const COPILOT: ToolContext = { tools: { shell: { bash: {} }, write: { create: {} } }, mcpName: "{server}-{tool}" };
const UNKNOWN: ToolContext = { tools: { unknown: "no docs" } };

test("kinds become the host's own names, a guest's too, the rest of the regex kept", () => {
  expect(hostMatcher("@shell", [CLAUDE])).toBe("Bash|PowerShell");
  expect(hostMatcher("@shell|my_tool", [CLAUDE, COPILOT])).toBe("Bash|PowerShell|bash|my_tool");
  expect(hostMatcher("@mcp", [CLAUDE])).toBe("mcp__.+__.+");
  expect(hostMatcher("Bash|Read", [CLAUDE])).toBe("Bash|Read");
});

test("no native form where a kind cannot be named: @other, a host of unknown tools", () => {
  expect(hostMatcher("@other", [CLAUDE])).toBeUndefined();
  expect(hostMatcher("@shell", [UNKNOWN])).toBeUndefined();
  expect(hostMatcher("@shell", [CLAUDE, UNKNOWN])).toBeUndefined();
  // A host whose MCP tools keep their bare names: any name may be one.
  expect(hostMatcher("@mcp", [CLAUDE, { tools: { shell: { run: {} } }, mcpName: "{tool}" }])).toBeUndefined();
});

test("a kind the host lacks adds nothing; one that no host has leaves no native form", () => {
  expect(hostMatcher("@fetch|@shell", [CLAUDE])).toBe("Bash|PowerShell");
  expect(hostMatcher("@fetch", [CLAUDE])).toBeUndefined();
});

test("unreachable: plain names, regexes and kinds that reach none of the host's tools", () => {
  const host = { ...COPILOT, name: "Copilot CLI" };
  expect(unreachable("Bash", host)).toBe('the matcher "Bash" reaches none of Copilot CLI\'s tools, so this handler never runs there. Its tools: bash, create.');
  expect(unreachable("B.*", host)).toContain("reaches none");
  expect(unreachable("@fetch", host)).toBe(
    'the matcher "@fetch" reaches none of Copilot CLI\'s tools (Copilot CLI has no @fetch tool; its kinds: @shell, @write), so this handler never runs there. Its tools: bash, create.',
  );
  expect(unreachable("@shell", host)).toBeUndefined();
  expect(unreachable("b.*", host)).toBeUndefined();
  expect(unreachable("mcp__x__.*", host)).toBeUndefined();
  expect(unreachable("@mcp", host)).toBeUndefined();
  expect(unreachable("@shell", { ...UNKNOWN, name: "X" })).toBeUndefined();
});
