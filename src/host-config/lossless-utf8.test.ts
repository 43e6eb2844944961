import { expect, test } from "bun:test";
import { detectIndent, setProperty } from "./jsonc-text.ts";
import { decodeLossless, encodeLossless } from "./lossless-utf8.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);

test("valid UTF-8 decodes as usual and encodes back to the same bytes", () => {
  const valid = Buffer.from("é ✓ 𝄞", "utf8");
  expect(decodeLossless(valid)).toBe("é ✓ 𝄞");
  expect(encodeLossless("é ✓ 𝄞")).toEqual(new Uint8Array(valid));
});

test("each byte outside a well-formed sequence becomes its own lone surrogate, and comes back", () => {
  // A Latin-1 é, a truncated ✓ (e2 9c without 93), an overlong "/" (c0 af), a UTF-16 surrogate as UTF-8 (ed a0 80).
  const mixed = bytes(0x61, 0xe9, 0x62, 0xe2, 0x9c, 0x63, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xc3, 0xa9);
  const text = decodeLossless(mixed);
  expect(text).toBe("a\udce9b\udce2\udc9cc\udcc0\udcaf\udced\udca0\udc80é");
  expect(encodeLossless(text)).toEqual(mixed);
});

test("a 4-byte sequence past U+10FFFF is not UTF-8: escaped byte by byte", () => {
  const past = bytes(0xf4, 0x90, 0x80, 0x80);
  expect(decodeLossless(past)).toBe("\udcf4\udc90\udc80\udc80");
  expect(encodeLossless(decodeLossless(past))).toEqual(past);
});

test("an edit elsewhere in a file keeps a value's non-UTF-8 bytes; undoing it gives the file back", () => {
  const file = Buffer.concat([Buffer.from('{\n  "name": "caf'), bytes(0xe9), Buffer.from('"\n}\n')]);
  const text = decodeLossless(file);
  const edited = setProperty(text, ["version"], 1, detectIndent(text));
  expect(Buffer.from(encodeLossless(edited)).toString("latin1")).toBe('{\n  "name": "caf\xe9",\n  "version": 1\n}\n');
  expect(encodeLossless(setProperty(edited, ["version"], undefined, detectIndent(edited)))).toEqual(new Uint8Array(file));
});
