/**
 * Characters that no name and no campaign value may hold, in the browser and at the API alike:
 * the one rule both apply (prospect-schema.ts for the names, landing.ts for the campaign values,
 * which the head script bundles; so this module imports nothing).
 *
 * Refused, not stripped. Each of these either hides text or changes where the text around it
 * shows: line and paragraph separators (U+2028, U+2029) break a one-line name or a report's row;
 * bidi embeddings, overrides, isolates and marks (Unicode's Bidi_Control: U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069) reorder what follows, so a name with U+202E reads as another name in
 * the export; the deprecated format controls (U+206A-U+206F) swap and reshape; the interlinear
 * annotation controls (U+FFF9-U+FFFB) hide the text they enclose; and control characters (C0, DEL,
 * C1) and lone UTF-16 surrogates are not text a person typed. Stripping would store something the
 * visitor never saw or a campaign value the campaign never had; refused, a name gets its message
 * next to the field before any save (the wizard judges with the API's schema), and a campaign
 * parameter is left out of the visit, as a control character already was.
 *
 * Kept: the zero-width joiners and non-joiners (emoji sequences, Persian and Indic names), the
 * zero-width space, the word joiner, the soft hyphen and the emoji tags. They change no order and
 * hide nothing; a name made only of them is refused as empty (prospect-schema.ts).
 */
const HIDDEN_OR_REORDERING = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Bidi_Control}\u206A-\u206F\uFFF9-\uFFFB]/u;

/** Whether a text holds a character that hides text or reorders it (see above). */
export function hasHiddenChars(text: string): boolean {
  return HIDDEN_OR_REORDERING.test(text);
}
