/**
 * The string's characters in a string of their own. V8 keeps a slice of 13 characters or more (a
 * regular expression's capture, `slice`, `trim`) as a view of the string it was cut from, which
 * stays alive as long as the slice does: a link record kept its whole rendered page, a search
 * record's anchor its whole body. A concatenation is flattened into a new string when it is
 * sliced, so the slice of ` ${text}` holds only a copy. (Shorter strings are copied by V8 anyway.)
 */
export function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
