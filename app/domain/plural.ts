/**
 * A noun with its two English forms. The plural is the singular + "s" unless given ("address", "addresses").
 * Counts agree with their noun through countOf only (issue 34 item 6, decision 166): "1 point", "2 points", "0 items".
 */
export type Noun = string | readonly [one: string, other: string];

const ENGLISH = new Intl.PluralRules("en-GB");

/** The noun's form for `count`: the singular for exactly one, the plural for any other number (0, 2, 1.5). */
function nounFor(count: number, noun: Noun): string {
  const [one, other] = typeof noun === "string" ? [noun, `${noun}s`] : noun;
  return ENGLISH.select(count) === "one" ? one : other;
}

/** "1 point", "77 points", "0 wearers". */
export function countOf(count: number, noun: Noun): string {
  return `${count} ${nounFor(count, noun)}`;
}
