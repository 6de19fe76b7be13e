import { z } from "zod";

// SPEC §5 saved-basket shape. Checked before a saved basket replaces the live one, because a
// malformed line would otherwise be ordered or crash the basket page.

const savedLineSchema = z
  .object({ qty: z.number(), productId: z.string(), scope: z.string(), parentId: z.string() })
  .passthrough();

const savedPackSchema = z
  .object({ employeeId: z.string(), addressId: z.string().optional(), data: z.array(savedLineSchema) })
  .passthrough();

export const savedBasketSchema = z.object({
  stock: z.array(savedLineSchema).default([]),
  manpack: z.array(savedPackSchema).default([]),
});
export type SavedBasket = z.infer<typeof savedBasketSchema>;
export type SavedBasketLine = z.infer<typeof savedLineSchema>;

export const NOT_AN_OBJECT = "Argument should be an object";
export const invalidFieldMessage = (field: string) => `Invalid value at field "${field}"`;

export const EMPTY_SAVED_BASKET: SavedBasket = { stock: [], manpack: [] };

export type SavedBasketCheck = { ok: true; basket: SavedBasket } | { ok: false; message: string };

/** 'manpack[0].data[1].qty': the path a person fixing the data would look for. */
function fieldPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    "",
  );
}

export function validateSavedBasket(value: unknown): SavedBasketCheck {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, message: NOT_AN_OBJECT };
  const result = savedBasketSchema.safeParse(value);
  if (result.success) return { ok: true, basket: result.data };
  return { ok: false, message: invalidFieldMessage(fieldPath(result.error.issues[0].path)) };
}

/** SPEC §5: saved lines whose product has left the catalogue are dropped. */
export function dropMissingProducts<T>(
  lines: readonly T[],
  exists: (productId: string) => boolean,
  productIdOf: (line: T) => string,
): T[] {
  return lines.filter((line) => exists(productIdOf(line)));
}

export interface LoadedSavedBasket {
  basket: SavedBasket;
  /** Why the saved basket was refused, for the log; absent when it loaded. */
  error?: string;
}

/** SPEC §4/§5: an invalid saved basket gives an empty basket; valid ones lose vanished products. */
export function loadSavedBasket(value: unknown, exists: (productId: string) => boolean): LoadedSavedBasket {
  const check = validateSavedBasket(value);
  if (!check.ok) return { basket: EMPTY_SAVED_BASKET, error: check.message };
  const byProduct = (line: SavedBasketLine) => line.productId;
  return {
    basket: {
      stock: dropMissingProducts(check.basket.stock, exists, byProduct),
      manpack: check.basket.manpack.map((pack) => ({
        ...pack,
        data: dropMissingProducts(pack.data, exists, byProduct),
      })),
    },
  };
}
