import { describe, expect, test } from "bun:test";
import { decodeLossless, encodeLossless } from "../../src/host-config/lossless-utf8.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);
const roundTrips = (input: Uint8Array) => expect(Buffer.from(encodeLossless(decodeLossless(input))).equals(Buffer.from(input))).toBe(true);

describe("lossless UTF-8", () => {
  test("valid UTF-8 decodes and encodes as usual", () => {
    const text = `{ "name": "José", "emoji": "😀", "bom": "\uFEFF" }`;
    const encoded = Buffer.from(text, "utf8");
    expect(decodeLossless(encoded)).toBe(text);
    expect(Buffer.from(encodeLossless(text)).equals(encoded)).toBe(true);
  });

  test("each byte outside a well-formed sequence becomes U+DC80–U+DCFF", () => {
    expect(decodeLossless(bytes(0x61, 0xff, 0x62))).toBe("a\uDCFFb");
    expect(decodeLossless(bytes(0xc3, 0x28))).toBe("\uDCC3(");
    expect(decodeLossless(bytes(0xc3, 0xa9, 0x80))).toBe("é\uDC80");
  });

  test("invalid sequences of every kind round-trip byte for byte", () => {
    roundTrips(bytes(0xff, 0xfe, 0x80, 0xbf)); // bytes that never start a sequence
    roundTrips(bytes(0xc0, 0xaf, 0xe0, 0x80, 0xaf)); // overlong encodings
    roundTrips(bytes(0xed, 0xa0, 0x80, 0xed, 0xbf, 0xbf)); // UTF-8-encoded surrogates
    roundTrips(bytes(0xf4, 0x90, 0x80, 0x80, 0xf5)); // beyond U+10FFFF
    roundTrips(bytes(0x61, 0xe2, 0x82)); // truncated at the end
    roundTrips(bytes(0xf0, 0x9f, 0x98, 0x80, 0xdc, 0xf0, 0x9f)); // valid emoji beside broken ones
  });

  test("random bytes round-trip", () => {
    for (let run = 0; run < 200; run++) {
      const input = new Uint8Array(64);
      crypto.getRandomValues(input);
      roundTrips(input);
    }
  });

  test("a lone surrogate that stands for no byte is written as U+FFFD, like any encoder", () => {
    expect(Buffer.from(encodeLossless("a\uD800b")).equals(Buffer.from([0x61, 0xef, 0xbf, 0xbd, 0x62]))).toBe(true);
  });
});
