import { expect, test } from "bun:test";
import { HostConfigError } from "./errors.ts";
import { sameEntry, serverMap } from "./server-map.ts";

const SERVER = { command: "/opt/ac", args: ["mcp", "--connector", "guard"], env: { A: "1" } };

/** Sets `name` in `text`, then removes it: both texts. */
function setThenRemove(text: string, format: Parameters<typeof serverMap>[2], name = "guard", entry: Record<string, unknown> = SERVER): [string, string] {
  const added = serverMap(text, "f", format).set(text, name, entry);
  return [added, serverMap(added, "f", format).remove(added, name)];
}

test("JSON: a server added after the user's, then removed to the original bytes; an emptied map goes", () => {
  const users = '{\n  // mine\n  "mcpServers": {\n    "docs": { "url": "https://x" }\n  }\n}\n';
  const [added, removed] = setThenRemove(users, { syntax: "json", root: ["mcpServers"] });
  expect(added).toBe(
    '{\n  // mine\n  "mcpServers": {\n    "docs": { "url": "https://x" },\n    "guard": {\n      "command": "/opt/ac",\n      "args": [\n        "mcp",\n        "--connector",\n        "guard"\n      ],\n      "env": {\n        "A": "1"\n      }\n    }\n  }\n}\n',
  );
  expect(removed).toBe(users);
  expect(setThenRemove('{\n  "theme": "dark"\n}\n', { syntax: "json", root: ["mcpServers"] })[1]).toBe('{\n  "theme": "dark"\n}\n');
});

test("JSON: the entries there are, parsed", () => {
  expect(serverMap('{"mcpServers": {"docs": {"url": "u"}}}', "f", { syntax: "json", root: ["mcpServers"] }).entries).toEqual({ docs: { url: "u" } });
});

test("TOML: a [root.name] table with inline values, after one blank line; removing it gives the bytes back", () => {
  const users = '# codex\nmodel = "o3"\n\n[mcp_servers.docs]\nurl = "https://x"\n';
  const [added, removed] = setThenRemove(users, { syntax: "toml", root: ["mcp_servers"] });
  expect(added).toBe(`${users}\n[mcp_servers.guard]\ncommand = "/opt/ac"\nargs = ["mcp", "--connector", "guard"]\nenv = { A = "1" }\n`);
  expect(removed).toBe(users);
});

test("TOML: setting a server again replaces its table, not a second one", () => {
  const format: Parameters<typeof serverMap>[2] = { syntax: "toml", root: ["mcp_servers"] };
  const once = serverMap("", "f", format).set("", "guard", SERVER);
  const twice = serverMap(once, "f", format).set(once, "guard", { command: "/opt/ac2" });
  expect(twice).toBe('[mcp_servers.guard]\ncommand = "/opt/ac2"\n');
});

test("TOML: a server defined with dotted keys elsewhere is refused, not defined twice", () => {
  const text = 'mcp_servers.guard.command = "x"\n';
  expect(() => serverMap(text, "config.toml", { syntax: "toml", root: ["mcp_servers"] }).set(text, "guard", SERVER)).toThrow(HostConfigError);
});

// Found by this test: the refusal above blamed the user's valid file, "config.toml: cannot be parsed
// as TOML (line 3); fix it or move it aside", line 3 being the table we appended.
test("TOML: that refusal names the server defined in a form we cannot edit", () => {
  const text = 'mcp_servers.guard.command = "x"\n';
  expect(() => serverMap(text, "config.toml", { syntax: "toml", root: ["mcp_servers"] }).set(text, "guard", SERVER)).toThrow(
    "config.toml: defines mcp_servers.guard with dotted keys or an inline table, a form we cannot edit safely; rewrite it as a [mcp_servers.guard] table or remove it, nothing was written",
  );
  for (const inline of ['[mcp_servers]\nguard = { command = "x" }\n', 'mcp_servers = { guard = { command = "x" } }\n']) {
    expect(() => serverMap(inline, "config.toml", { syntax: "toml", root: ["mcp_servers"] }).set(inline, "guard", SERVER)).toThrow(
      "defines mcp_servers.guard with dotted keys or an inline table",
    );
  }
});

test("TOML list (Mistral Vibe): a [[root]] table naming itself; entries keyed by that name", () => {
  const users = '[[mcp_servers]]\nname = "docs"\nurl = "u"\n';
  const format: Parameters<typeof serverMap>[2] = { syntax: "toml-list", root: ["mcp_servers"] };
  const [added, removed] = setThenRemove(users, format, "guard", { command: "/opt/ac" });
  expect(added).toBe(`${users}\n[[mcp_servers]]\nname = "guard"\ncommand = "/opt/ac"\n`);
  expect(serverMap(added, "f", format).entries).toEqual({ docs: { url: "u" }, guard: { command: "/opt/ac" } });
  expect(removed).toBe(users);
});

test("YAML: a mapping entry beside the user's; removing it gives the bytes back", () => {
  const users = "# goose\nextensions:\n  docs:\n    type: sse\n";
  const [added, removed] = setThenRemove(users, { syntax: "yaml", root: ["extensions"] }, "guard", { type: "stdio", cmd: "/opt/ac" });
  expect(added).toBe("# goose\nextensions:\n  docs:\n    type: sse\n  guard:\n    type: stdio\n    cmd: /opt/ac\n");
  expect(removed).toBe(users);
});

test("JSON list (Grok CLI): an array of servers naming themselves; a name twice is refused", () => {
  const users = '{\n  "mcp": {\n    "servers": [\n      { "id": "docs" }\n    ]\n  }\n}\n';
  const format: Parameters<typeof serverMap>[2] = { syntax: "json", root: ["mcp", "servers"], list: "id" };
  const [added, removed] = setThenRemove(users, format, "guard", { id: "guard", command: "/opt/ac" });
  expect(added).toBe(
    '{\n  "mcp": {\n    "servers": [\n      { "id": "docs" },\n      {\n        "id": "guard",\n        "command": "/opt/ac"\n      }\n    ]\n  }\n}\n',
  );
  expect(removed).toBe(users);
  expect(() => serverMap('{"mcp": {"servers": [{"id": "a"}, {"id": "a"}]}}', "settings.json", format)).toThrow(
    'settings.json: mcp.servers has two servers with id "a"; remove one, nothing was written',
  );
});

test("the same entry, whatever the key order", () => {
  expect(sameEntry({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
  expect(sameEntry({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
});
