/**
 * UTF-8 that survives bytes which are not UTF-8. A host file with one invalid byte in a value we
 * never touch must come back with that byte, not U+FFFD. Valid UTF-8 decodes as usual; in a file
 * that is not valid, each byte outside a well-formed sequence becomes the lone surrogate
 * U+DC80–U+DCFF (the "surrogateescape" idea), which no valid UTF-8 can produce, and encoding turns
 * such a surrogate back into its byte.
 */

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const ESCAPE_BASE = 0xdc00;

/** Length of the well-formed UTF-8 sequence starting at `i` (strict: no overlongs, no surrogates, ≤ U+10FFFF), or 0. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < bytes.length && bytes[i + k]! >= lo && bytes[i + k]! <= hi;
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return cont(1) ? 2 : 0;
  if (lead === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if (lead === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (lead >= 0xe1 && lead <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (lead === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (lead === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  if (lead >= 0xf1 && lead <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

export function decodeLossless(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    const parts: string[] = [];
    let validFrom = 0;
    for (let i = 0; i < bytes.length; ) {
      const length = sequenceLength(bytes, i);
      if (length) {
        i += length;
        continue;
      }
      parts.push(strict.decode(bytes.subarray(validFrom, i)), String.fromCharCode(ESCAPE_BASE + bytes[i]!));
      validFrom = ++i;
    }
    parts.push(strict.decode(bytes.subarray(validFrom)));
    return parts.join("");
  }
}

export function encodeLossless(text: string): Uint8Array {
  if (text.isWellFormed()) return Buffer.from(text, "utf8");
  const chunks: Uint8Array[] = [];
  for (const char of text) {
    const unit = char.charCodeAt(0);
    const escaped = char.length === 1 && unit >= 0xdc80 && unit <= 0xdcff;
    chunks.push(escaped ? Uint8Array.of(unit - ESCAPE_BASE) : Buffer.from(char, "utf8"));
  }
  return Buffer.concat(chunks);
}
