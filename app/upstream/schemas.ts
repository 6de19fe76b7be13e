import { z } from "zod";

// The contract of docs/upstream-api.md as zod schemas. Unknown extra fields are ignored (zod strips them),
// so the provider may add fields without breaking the portal.

const id = z.union([z.string(), z.number()]).transform(String);

/** A field the provider may leave out or send as null, read as null. */
export function orNull<T extends z.ZodTypeAny>(schema: T) {
  return schema.nullish().transform((v): z.output<T> | null => v ?? null);
}

/** A field the provider may leave out or send as null, read as undefined. */
export function orUndefined<T extends z.ZodTypeAny>(schema: T) {
  return schema.nullish().transform((v): z.output<T> | undefined => v ?? undefined);
}

/** A text the provider may leave out or send as null, read as "". */
export const orBlank = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

export const UserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().default(""),
  lastName: z.string().default(""),
});

export const BusinessUnitSchema = z.object({
  internalId: id,
  name: z.string(),
  contactId: id,
});

export const PaymentMethodSchema = z.object({ id: z.number(), name: z.string() });

export const AccountSchema = z.object({
  permissions: z.array(z.string()).default([]),
  totalReadNews: z.number().default(0),
  payment_methods: z.array(PaymentMethodSchema).default([]),
  isEvolveUser: z.boolean().default(false),
  isEnhancedUser: z.boolean().default(false),
  isSuperUser: z.boolean().default(false),
  sector: z
    .object({ internalId: id, name: z.string(), products: z.array(id).default([]) })
    .nullable()
    .default(null),
});

export const SettingSchema = z.object({
  isApprover: z.boolean().default(false),
  needsAproval: z.boolean().default(false),
  userId: z.number().nullable().default(null),
  wp_contact_only: z.boolean().default(false),
});

export type Category = { internalId: string; name: string; slug: string; children: Category[] };
// built once: a z.lazy around the object would rebuild it for every node of every session answer
export const CategorySchema: z.ZodType<Category, z.ZodTypeDef, unknown> = z.object({
  internalId: id,
  name: z.string(),
  slug: z.string().default(""),
  children: z.array(z.lazy(() => CategorySchema)).default([]),
});

const BasketLineSchema = z.object({ productId: id, qty: z.number(), removeItem: z.boolean().optional() }).passthrough();

export const BasketSummarySchema = z
  .object({
    selectedBasketType: z.string().default("stock-order-basket"),
    stock: z.array(BasketLineSchema).default([]),
    manpack: z
      .array(z.object({ employeeId: id, data: z.array(BasketLineSchema).default([]) }).passthrough())
      .default([]),
  })
  .passthrough();

export const SessionSchema = z.object({
  user: UserSchema,
  customers: z.array(BusinessUnitSchema).default([]),
  selectedCustomer: BusinessUnitSchema.nullable().default(null),
  selectedUser: z
    .object({ internalId: id, firstName: z.string().default(""), lastName: z.string().default("") })
    .passthrough()
    .nullable()
    .default(null),
  account: AccountSchema,
  setting: SettingSchema,
  basketsToApprove: z.number().default(0),
  basket: BasketSummarySchema.nullable().default(null),
  wishList: z
    .object({ productIds: z.array(id).default([]) })
    .passthrough()
    .nullable()
    .default(null),
  categories: z.array(CategorySchema).default([]),
  punchoutSession: z.string().nullable().default(null),
  /** Whether the selected customer has a punchout profile (issue 34 item 3, decision 161); none: no punched-out baskets. */
  hasPunchoutProfile: z.boolean().default(false),
});
export type UpstreamSession = z.infer<typeof SessionSchema>;

export const AuthenticationSchema = z.object({
  accessToken: z.string().min(1),
  user: UserSchema.optional(),
});

export const MaintenanceStatusSchema = z.object({
  isMaintenanceEnabled: z.boolean(),
  bypassToken: z.string().default(""),
  /** What the maintenance page says (issue 32 item 7); a provider without it: the page's own text. */
  message: z.string().nullish(),
});
export type MaintenanceStatus = z.infer<typeof MaintenanceStatusSchema>;

const listSchemaOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ total: z.number(), limit: z.number(), skip: z.number(), data: z.array(item) });
type ListSchemaOf<T extends z.ZodTypeAny> = ReturnType<typeof listSchemaOf<T>>;
const listSchemas = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();

/** A Feathers list answer of `item`s: built once per item schema, so a call site may write it inline (issue 13). */
export function ListSchema<T extends z.ZodTypeAny>(item: T): ListSchemaOf<T> {
  let schema = listSchemas.get(item) as ListSchemaOf<T> | undefined;
  if (!schema) {
    schema = listSchemaOf(item);
    listSchemas.set(item, schema);
  }
  return schema;
}

export const UpstreamErrorSchema = z
  .object({
    message: z.string().default("The request failed"),
    name: z.string().optional(),
    // Feathers errors name the offending input in data.field
    data: z.object({ field: z.string().optional() }).passthrough().nullish().catch(undefined),
    // a validation that checks every field at once answers each one's message (Feathers' `errors`)
    errors: z.record(z.string(), z.string()).optional().catch(undefined),
  })
  .passthrough();
