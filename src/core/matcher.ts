/**
 * Our matcher rule, the same on every host: a JavaScript regular expression that must match the
 * WHOLE name. "" and "*" match everything.
 */
export function compileMatcher(matcher: string | undefined): RegExp | undefined {
  if (matcher === undefined || matcher === "" || matcher === "*") return undefined;
  return new RegExp(`^(?:${matcher})$`);
}

export function matcherError(matcher: string): string | undefined {
  try {
    compileMatcher(matcher);
    return undefined;
  } catch (error) {
    return `not a valid regular expression (${(error as Error).message})`;
  }
}

/** True when the matcher is a plain name or a `|` list of plain names. */
export const isPlainNameList = (matcher: string): boolean => /^[A-Za-z0-9_-]+(\|[A-Za-z0-9_-]+)*$/.test(matcher);
