/** A name as a regular expression that matches it literally. */
export const escapeRegExp = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
