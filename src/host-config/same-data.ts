import { getNodeValue, parseTree } from "jsonc-parser";

/** Objects with sorted keys, arrays in order: two texts that say the same thing give the same string. */
export const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;

/** Whether two JSON / JSONC texts hold the same data (both already parsed without errors elsewhere). */
export function sameJsonData(a: string, b: string): boolean {
  const value = (text: string) => (text.trim() ? getNodeValue(parseTree(text, [], { allowTrailingComma: true })!) : undefined);
  return JSON.stringify(canonical(value(a))) === JSON.stringify(canonical(value(b)));
}
