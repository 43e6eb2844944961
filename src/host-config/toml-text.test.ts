import { expect, test } from "bun:test";
import { appendBlock, arrayTableBlocks, parseToml, removeBlock, renderTable, replaceBlock, sameData, tableBlocks } from "./toml-text.ts";

const DOC = [
  "# the user's config",
  'model = "k2"',
  "",
  "[ui]",
  'theme = "dark" # night',
  "# about the next table",
  "",
  '[mcp."my.server"]',
  'notes = """',
  "[not a header]",
  '"""',
  "",
].join("\n");

test("each [table] with its key lines: a trailing comment stays outside, a header inside a multi-line string is no header", () => {
  const blocks = tableBlocks(DOC);
  expect(blocks.map((b) => b.path)).toEqual([["ui"], ["mcp", "my.server"]]);
  expect(DOC.slice(blocks[0]!.start, blocks[0]!.end)).toBe('[ui]\ntheme = "dark" # night\n');
  expect(DOC.slice(blocks[1]!.start, blocks[1]!.end)).toBe('[mcp."my.server"]\nnotes = """\n[not a header]\n"""\n');
});

test("a table as we write it: quoted keys where they must be, JSON-style values, the file's line end", () => {
  expect(renderTable(["mcp_servers", "a.b"], { command: "ac", args: ["x"], enabled: true, timeout: 30 }, "\r\n")).toBe(
    '[mcp_servers."a.b"]\r\ncommand = "ac"\r\nargs = ["x"]\r\nenabled = true\r\ntimeout = 30\r\n',
  );
  expect(renderTable(["hooks"], { event: "Stop" }, "\n", true)).toBe('[[hooks]]\nevent = "Stop"\n');
});

test("an appended block comes after one blank line; removing it gives the bytes back", () => {
  const added = appendBlock(DOC, renderTable(["hooks"], { event: "Stop" }, "\n", true));
  expect(added).toBe(`${DOC}\n[[hooks]]\nevent = "Stop"\n`);
  expect(removeBlock(added, arrayTableBlocks(added, ["hooks"])[0]!)).toBe(DOC);
});

test("a CRLF file comes back the same too", () => {
  const text = "a = 1\r\n\r\n[b]\r\nc = 2\r\n";
  const added = appendBlock(text, renderTable(["t"], { k: 1 }, "\r\n"));
  expect(added).toBe("a = 1\r\n\r\n[b]\r\nc = 2\r\n\r\n[t]\r\nk = 1\r\n");
  expect(removeBlock(added, tableBlocks(added)[1]!)).toBe(text);
});

// Found by this test: appendBlock added the missing final line end, and removeBlock kept it, so
// install then uninstall on `a = 1` (no final newline) left `a = 1\n`.
test("a file without a final line end comes back without one", () => {
  const added = appendBlock("a = 1", renderTable(["t"], { k: 1 }, "\n"));
  expect(added).toBe("a = 1\n\n[t]\nk = 1");
  expect(removeBlock(added, tableBlocks(added)[0]!)).toBe("a = 1");
  const crlf = appendBlock("a = 1\r\n\r\n[b]\r\nc = 2", renderTable(["t"], { k: 1 }, "\r\n"));
  expect(crlf).toBe("a = 1\r\n\r\n[b]\r\nc = 2\r\n\r\n[t]\r\nk = 1");
  expect(removeBlock(crlf, tableBlocks(crlf)[1]!)).toBe("a = 1\r\n\r\n[b]\r\nc = 2");
  expect(replaceBlock(added, tableBlocks(added)[0]!, "[t]\nk = 2\n")).toBe("a = 1\n\n[t]\nk = 2");
  // Two blocks of ours, found once and removed last first (as uninstall does).
  const two = appendBlock(added, renderTable(["u"], { k: 1 }, "\n"));
  expect(two).toBe("a = 1\n\n[t]\nk = 1\n\n[u]\nk = 1");
  expect(tableBlocks(two).reverse().reduce(removeBlock, two)).toBe("a = 1");
});

test("the first block of a file goes with the blank line after it; the only block leaves nothing", () => {
  expect(removeBlock("[a]\nk = 1\n\n[b]\nk = 2\n", tableBlocks("[a]\nk = 1\n\n[b]\nk = 2\n")[0]!)).toBe("[b]\nk = 2\n");
  const only = appendBlock("", "[a]\nk = 1\n");
  expect(removeBlock(only, tableBlocks(only)[0]!)).toBe("");
});

test("a block replaced in place leaves the rest as it was", () => {
  expect(replaceBlock(DOC, tableBlocks(DOC)[0]!, '[ui]\ntheme = "light"\n')).toBe(DOC.replace('theme = "dark" # night', 'theme = "light"'));
});

test("sameData: what the text means, empty tables aside", () => {
  expect(sameData("[a]\nb = 1\n[c]\n", { a: { b: 1 } })).toBe(true);
  expect(sameData("a = [{ b = 1 }]", { a: [{ b: 1 }] })).toBe(true);
  expect(sameData("[a]\nb = 1\n", { a: { b: 2 } })).toBe(false);
  expect(sameData("not toml", {})).toBe(false);
});

test("a file that does not parse is refused with its line", () => {
  expect(() => parseToml("a = 1\nb = \n", "config.toml")).toThrow(
    "config.toml: cannot be parsed as TOML (line 2); fix it or move it aside, nothing was written",
  );
});
