import { expect, test } from "bun:test";
import { oneLine, oneLineSource } from "./one-line.ts";

test("line breaks join; what could hide or forge a line is escaped", () => {
  expect(oneLine("a\nb\r\nc")).toBe("a | b | c");
  expect(oneLine("ok\rforged")).toBe("ok\\rforged");
  expect(oneLine("a\u2028b\u2029c\u0085d")).toBe("a\\u2028b\\u2029c\\u0085d");
  expect(oneLine("\u001b[2K\u001b[1Gfake")).toBe("\\u001b[2K\\u001b[1Gfake");
  expect(oneLine("tab\there\u202eevil")).toBe("tab\\there\\u202eevil");
  expect(oneLine("C:\\Users\\me ok")).toBe("C:\\Users\\me ok");
});

test("the source plugin modules get is the same function", () => {
  const generated = new Function(`${new Bun.Transpiler({ loader: "ts" }).transformSync(oneLineSource())}\nreturn oneLine;`)() as (text: string) => string;
  for (const text of ["a\nb\r\nc", "ok\rforged", "a\u2028b\u2029c\u0085d", "\u001b[2Kx\u009b", "tab\there\u202eevil", "C:\\Users\\me"])
    expect(generated(text)).toBe(oneLine(text));
});
