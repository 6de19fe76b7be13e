import { z } from "zod";
import { upstreamId as id } from "./upstream-id";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";
export const MAX_EN_STANDARDS = 3;
export const CARD_FEATURE_COUNT = 3;

const named = z.union([z.string(), z.object({ name: z.string().nullish() }).passthrough()]);

const featureSchema = z.object({ heading: z.string().default(""), subheading: z.string().default("") });

/** The parts of an upstream item a product card reads (SPEC §3 Product card, Item). */
export const cardItemSchema = z
  .object({
    internalId: id,
    itemId: z.string().nullish(),
    displayName: z.string().nullish(),
    subCategory: named.nullish(),
    class: z.object({ name: z.string().nullish() }).passthrough().nullish(),
    fromPrice: z.unknown(),
    inStock: z.boolean().nullish(),
    enStandards: z.array(named).nullish(),
    defaultImage: z.string().nullish(),
    webPathImage: z.string().nullish(),
    slug: z.string().nullish(),
    features: z.array(featureSchema.partial()).nullish(),
  })
  .passthrough();
export type CardItem = z.input<typeof cardItemSchema>;

export interface ProductCard {
  productId: string;
  name: string;
  category: string;
  fromPrice: unknown;
  productCode: string;
  inStock: boolean;
  enStandards: string[];
  image: string;
  slug: string;
  link: string;
  features: { heading: string; subheading: string }[];
}

function nameOf(value: z.input<typeof named> | null | undefined): string {
  if (value == null) return "";
  return (typeof value === "string" ? value : (value.name ?? "")).trim();
}

/** SPEC §3: up to three unique standard names, in the order the item lists them. */
export function cardEnStandards(standards: CardItem["enStandards"]): string[] {
  const names = (standards ?? []).map(nameOf).filter((n) => n !== "");
  return [...new Set(names)].slice(0, MAX_EN_STANDARDS);
}

/** SPEC §3: default image, else the web-path image, else the placeholder. */
export function cardImage(item: Pick<CardItem, "defaultImage" | "webPathImage">): string {
  return item.defaultImage?.trim() || item.webPathImage?.trim() || PLACEHOLDER_IMAGE;
}

export function productLink(slug: string): string {
  return `/product/${encodeURIComponent(slug)}`;
}

/** Always three features so cards line up; missing ones are blank. */
function cardFeatures(features: CardItem["features"]): ProductCard["features"] {
  return Array.from({ length: CARD_FEATURE_COUNT }, (_, i) => ({
    heading: features?.[i]?.heading ?? "",
    subheading: features?.[i]?.subheading ?? "",
  }));
}

export function productCard(item: CardItem): ProductCard {
  const slug = item.slug?.trim() || String(item.internalId);
  return {
    productId: String(item.internalId),
    name: item.displayName ?? "",
    // The provider files an item under its sub-category as its class.
    category: nameOf(item.subCategory) || nameOf(item.class),
    fromPrice: item.fromPrice,
    productCode: item.itemId ?? "",
    inStock: item.inStock === true,
    enStandards: cardEnStandards(item.enStandards),
    image: cardImage(item),
    slug,
    link: productLink(slug),
    features: cardFeatures(item.features),
  };
}
