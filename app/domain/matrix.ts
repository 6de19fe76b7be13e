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
export function availableOptionValues(simples: readonly SimpleItem[], chosen: OptionValues): Record<MatrixOption, string[]> {
  const result = {} as Record<MatrixOption, string[]>;
  for (const option of COMBINING_OPTIONS) {
    result[option] = distinct(simples.filter((s) => matchesChosen(s, chosen, option)).map((s) => valueOf(s.options, option)));
  }
  const finish = valueOf(chosen, "finish");
  result.logo =
    finish === null ? [] : distinct(simples.filter((s) => valueOf(s.options, "finish") === finish).map((s) => valueOf(s.options, "logo")));
  return result;
}
