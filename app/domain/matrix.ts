// SPEC §3 matrix items: a parent with simple variants chosen by option values.

export const MATRIX_OPTIONS = ["size", "legLength", "color", "finish", "logo"] as const;
export type MatrixOption = (typeof MATRIX_OPTIONS)[number];

/** Logo is a decoration applied to the garment, not a stocked variant, so it never picks a simple. */
export const COMBINING_OPTIONS = ["size", "legLength", "color", "finish"] as const satisfies readonly MatrixOption[];

export type OptionValues = Partial<Record<MatrixOption, string | null>>;

export interface SimpleItem {
  internalId: string;
  options: OptionValues;
}

const valueOf = (options: OptionValues, option: MatrixOption) => options[option]?.trim() || null;

function matchesChosen(simple: SimpleItem, chosen: OptionValues, ignore?: MatrixOption): boolean {
  return COMBINING_OPTIONS.every((option) => {
    const want = valueOf(chosen, option);
    return option === ignore || want === null || valueOf(simple.options, option) === want;
  });
}

/**
 * The simple for the chosen options, or null while the choice is incomplete or matches nothing.
 * An option no simple uses needs no choice (a one-size item has no size).
 */
export function resolveVariant<S extends SimpleItem>(simples: readonly S[], chosen: OptionValues): S | null {
  const used = COMBINING_OPTIONS.filter((o) => simples.some((s) => valueOf(s.options, o) !== null));
  if (used.some((o) => valueOf(chosen, o) === null)) return null;
  return simples.find((s) => matchesChosen(s, chosen)) ?? null;
}

function distinct(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}

/**
 * Values still on offer for each option given the other choices, so a size that does not exist in
 * the chosen colour is not offered. Logo values follow the chosen finish (finish is how the logo
 * is applied); with no finish chosen no logo is offered.
 */
export function availableOptionValues(
  simples: readonly SimpleItem[],
  chosen: OptionValues,
): Record<MatrixOption, string[]> {
  const result = {} as Record<MatrixOption, string[]>;
  for (const option of COMBINING_OPTIONS) {
    result[option] = distinct(
      simples.filter((s) => matchesChosen(s, chosen, option)).map((s) => valueOf(s.options, option)),
    );
  }
  const finish = valueOf(chosen, "finish");
  result.logo =
    finish === null
      ? []
      : distinct(simples.filter((s) => valueOf(s.options, "finish") === finish).map((s) => valueOf(s.options, "logo")));
  return result;
}

/**
 * What a posted choice of options orders (the product page's one-step add): the variant, or why there is none —
 * the options left unchosen or given a value no variant has (each a field error on that option), or a complete
 * choice whose combination does not exist. An option the other choices leave with one value needs no choice, an
 * option no variant uses is ignored, and logo never picks a variant.
 */
export type VariantChoice<S extends SimpleItem> =
  | { ok: true; variant: S }
  | { ok: false; reason: "incomplete"; missing: MatrixOption[]; unknown: MatrixOption[] }
  | { ok: false; reason: "combination" };

export function variantFor<S extends SimpleItem>(simples: readonly S[], posted: OptionValues): VariantChoice<S> {
  let missing: MatrixOption[] = [];
  const unknown: MatrixOption[] = [];
  const chosen: OptionValues = {};
  for (const option of COMBINING_OPTIONS) {
    const values = distinct(simples.map((s) => valueOf(s.options, option)));
    if (values.length === 0) continue;
    const value = valueOf(posted, option);
    if (value === null) missing.push(option);
    else if (!values.includes(value)) unknown.push(option);
    else chosen[option] = value;
  }
  // an unchosen option the other choices leave with one value is that value (as the page shows it chosen)
  for (let settled = unknown.length === 0; settled;) {
    const available = availableOptionValues(simples, chosen);
    const single = missing.filter((option) => available[option].length === 1);
    for (const option of single) chosen[option] = available[option][0];
    missing = missing.filter((option) => !single.includes(option));
    settled = single.length > 0;
  }
  if (missing.length || unknown.length) return { ok: false, reason: "incomplete", missing, unknown };
  const variant = resolveVariant(simples, chosen);
  return variant ? { ok: true, variant } : { ok: false, reason: "combination" };
}
