// The product page's option pickers (SPEC §3 matrix options), read from and written to a URL so they work
// as a GET form without JavaScript. Resolution itself is matrix.ts.
import {
  availableOptionValues,
  MATRIX_OPTIONS,
  resolveVariant,
  type MatrixOption,
  type OptionValues,
  type SimpleItem,
  type VariantChoice,
} from "./matrix";

export const OPTION_LABELS: Record<MatrixOption, string> = {
  size: "Size",
  legLength: "Leg length",
  color: "Colour",
  finish: "Finish",
  logo: "Logo",
};

/** The options chosen in a URL; unknown or blank values are left out. */
export function chosenOptions(params: URLSearchParams): OptionValues {
  const chosen: OptionValues = {};
  for (const option of MATRIX_OPTIONS) {
    const value = params.get(option)?.trim();
    if (value) chosen[option] = value.slice(0, 100);
  }
  return chosen;
}

export interface OptionPicker {
  name: MatrixOption;
  label: string;
  values: string[];
  chosen: string | null;
}

export interface OptionChoice<S extends SimpleItem> {
  pickers: OptionPicker[];
  chosen: OptionValues;
  variant: S | null;
}

/**
 * Pickers for every option the simples use, with an option that has one value left chosen for the user,
 * and a chosen value that is not on offer (an old link) dropped. Resolves the simple when complete.
 */
export function chooseOptions<S extends SimpleItem>(simples: readonly S[], requested: OptionValues): OptionChoice<S> {
  const chosen: OptionValues = {};
  for (const option of MATRIX_OPTIONS) if (requested[option]) chosen[option] = requested[option];
  // settle single-valued options and drop impossible choices until nothing changes (at most one pass per option)
  for (let pass = 0; pass <= MATRIX_OPTIONS.length; pass++) {
    const available = availableOptionValues(simples, chosen);
    let changed = false;
    for (const option of MATRIX_OPTIONS) {
      const values = available[option];
      const value = chosen[option];
      if (value && !values.includes(value)) {
        delete chosen[option];
        changed = true;
      } else if (!value && values.length === 1 && option !== "logo") {
        chosen[option] = values[0];
        changed = true;
      }
    }
    if (!changed) break;
  }
  const available = availableOptionValues(simples, chosen);
  const pickers = MATRIX_OPTIONS.filter((option) => available[option].length > 0 || chosen[option]).map((option) => ({
    name: option,
    label: OPTION_LABELS[option],
    values: available[option],
    chosen: chosen[option] ?? null,
  }));
  return { pickers, chosen, variant: simples.length ? resolveVariant(simples, chosen) : null };
}

/**
 * Why a posted choice orders nothing, worded for the product page: an option left unchosen or given a value no
 * variant has is an error on that option's field; a combination that does not exist is an error on the form.
 */
export function choiceErrors(
  choice: Exclude<VariantChoice<SimpleItem>, { ok: true }>,
  productName: string,
): { fieldErrors: Partial<Record<MatrixOption, string>>; formError: string } {
  if (choice.reason === "combination") {
    return { fieldErrors: {}, formError: `${productName} is not made in that combination of options. Choose another.` };
  }
  const fieldErrors: Partial<Record<MatrixOption, string>> = {};
  for (const option of choice.missing) fieldErrors[option] = `Choose a ${OPTION_LABELS[option].toLowerCase()}`;
  for (const option of choice.unknown)
    fieldErrors[option] = `Choose a ${OPTION_LABELS[option].toLowerCase()} from the list`;
  const named = [...choice.missing, ...choice.unknown].map((option) => OPTION_LABELS[option].toLowerCase());
  return { fieldErrors, formError: `Choose ${joinAnd(named)} to add ${productName} to your basket.` };
}

const joinAnd = (words: readonly string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
