import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast, type Toast } from "~/session/session.server";
import { clearCategoryTrees } from "~/catalogue/category-tree.server";
import { formatMoney } from "~/domain/money";
import { isUpstreamIdValue } from "~/domain/upstream-id";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";
import { getCustomer, searchCustomers } from "~/upstream/admin-customers.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import {
  addToMyCatalogue,
  categoryTree,
  changeCategory,
  listMyCatalogue,
  moveInMyCatalogue,
  removeFromMyCatalogue,
  type AdminCategory,
  type CategoryChange,
} from "~/upstream/admin-catalogue.server";
import { searchProducts } from "~/upstream/admin-products.server";

// The admin area, part 2 (issue 21 items 1–2, decision 133): a customer's "my catalogue" (C21 §1
// `api/admin/my-catalogue`, the product picker `api/admin/product`) and the category manager (C21 §2
// `api/admin/category`). The provider refuses every call (403) to a caller who is not an evolve user.

/** A catalogue write done: this process's kept category trees are forgotten, so customers see it on their next page (decision 135). */
async function catalogueWrite<T>(write: Promise<T>): Promise<T> {
  const done = await write;
  clearCategoryTrees();
  return done;
}

// ---------------------------------------------------------------- helpers

const Q_MAX = 100;

async function toastRedirect(request: Request, to: string, toast: Toast) {
  return redirect(to, { headers: await flashToast(request, toast) });
}

const searchText = (url: URL, name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, Q_MAX);

/** Every node of a tree, depth first in display order, with its depth (0 = top level). */
export function flatten(
  nodes: readonly AdminCategory[],
  depth = 0,
  path: readonly string[] = [],
): Array<AdminCategory & { depth: number; path: string[] }> {
  return nodes.flatMap((n) => [{ ...n, depth, path: [...path] }, ...flatten(n.children, depth + 1, [...path, n.name])]);
}

// ---------------------------------------------------------------- /admin/my-catalogue

/** Where a my-catalogue post lands again: the customer, with the customer search and the product search kept. */
function myCatalogueBack(url: URL, customerId: string): string {
  const query = new URLSearchParams();
  const q = searchText(url, "q");
  const productQ = searchText(url, "productQ");
  if (q) query.set("q", q);
  query.set("customerId", customerId);
  if (productQ) query.set("productQ", productQ);
  return `/admin/my-catalogue?${query}`;
}

/**
 * /admin/my-catalogue: the customer search (GET ?q=), the chosen customer's my catalogue in the admin's order (GET
 * ?customerId=), the product search to add from (GET ?productQ=) and the customer's my categories to add into.
 */
export async function myCataloguePageData(user: PortalUser, url: URL) {
  const q = searchText(url, "q");
  const productQ = searchText(url, "productQ");
  const chosen = url.searchParams.get("customerId");
  if (chosen !== null && chosen !== "" && !isUpstreamIdValue(chosen))
    throw new Response("There is no such customer.", { status: 404 });
  const [customers, customer, entries, products, myTree] = await Promise.all([
    searchCustomers(user.upstream, q),
    chosen ? getCustomer(user.upstream, chosen) : Promise.resolve(null),
    chosen ? listMyCatalogue(user.upstream, chosen) : Promise.resolve(null),
    chosen && productQ ? searchProducts(user.upstream, productQ) : Promise.resolve(null),
    chosen ? categoryTree(user.upstream, { type: "my", customerId: chosen }) : Promise.resolve(null),
  ]);
  const inList = new Set(entries?.data.map((e) => e.item.id) ?? []);
  return {
    q,
    productQ,
    customers: customers.data.map((c) => ({ id: c.id, name: c.name })),
    customersTotal: customers.total,
    customer: customer ? { id: customer.id, name: customer.name } : null,
    entries: (entries?.data ?? []).map((e) => ({
      position: e.position,
      id: e.item.id,
      itemCode: e.item.itemCode,
      name: e.item.displayName,
      price: e.item.price === null ? "—" : formatMoney(e.item.price),
      inactive: e.item.isInactive,
      categories: e.categories.map((c) => c.name).join(", "),
    })),
    entriesTotal: entries?.total ?? 0,
    products:
      products?.data.map((p) => ({
        id: p.id,
        itemCode: p.itemCode,
        name: p.displayName,
        category: p.className,
        inactive: p.isInactive,
        inList: inList.has(p.id),
      })) ?? null,
    productsTotal: products?.total ?? 0,
    categories: myTree
      ? flatten(myTree.data).map((c) => ({ id: c.id, name: [...c.path, c.name].join(" › "), hidden: c.isHidden }))
      : [],
  };
}

const customerField = () => idField("Choose a customer", "Choose a customer from the list");
const itemField = (required: string) => idField(required, "Choose a product from the list");

const myCatalogueSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("add"),
        customerId: customerField(),
        itemId: itemField("Choose a product to add"),
        categoryId: z.union([z.literal(""), idField("Choose a category from the list")]).optional(),
      }),
      z.object({
        intent: z.literal("remove"),
        customerId: customerField(),
        itemId: itemField("Choose a product to remove"),
      }),
      z.object({
        intent: z.literal("move"),
        customerId: customerField(),
        itemId: itemField("Choose a product to move"),
        move: z.enum(["up", "down"]),
      }),
    ],
    {
      errorMap: (issue, ctx) =>
        issue.code === "invalid_union_discriminator"
          ? { message: "Choose add, remove or move" }
          : { message: ctx.defaultError },
    },
  );

export const ADDED = (name: string, customer: string) => `${name} added to the my catalogue of ${customer}`;
export const REMOVED = (name: string) => `${name} has been taken out of the my catalogue`;
export const MOVED = (name: string, move: "up" | "down", position: number) =>
  `${name} moved ${move}: now number ${position}`;
export const NOT_MOVED = (name: string, move: "up" | "down") =>
  `${name} is already ${move === "up" ? "first" : "last"}`;

/**
 * POST /admin/my-catalogue {intent: add | remove | move, customerId, itemId, categoryId?, move?}: POST, DELETE or PATCH
 * /api/admin/my-catalogue; back to the customer with a toast. A 400 → under its field; 409 (already there) and a 404
 * for a product no longer in the list (a second click) → an error toast; an unknown customer or product → the 404 page.
 */
export async function submitMyCatalogue(user: PortalUser, request: Request) {
  const url = new URL(request.url);
  const form = await parseForm(request, myCatalogueSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const input = form.data;
  const back = myCatalogueBack(url, input.customerId);
  try {
    if (input.intent === "add") {
      const added = await catalogueWrite(
        addToMyCatalogue(user.upstream, {
          customerId: input.customerId,
          itemId: input.itemId,
          ...(input.categoryId ? { categoryId: input.categoryId } : {}),
        }),
      );
      const customer = await getCustomer(user.upstream, input.customerId);
      return toastRedirect(request, back, { kind: "success", message: ADDED(added.item.displayName, customer.name) });
    }
    if (input.intent === "remove") {
      const before = await listMyCatalogue(user.upstream, input.customerId);
      const name = before.data.find((e) => e.item.id === input.itemId)?.item.displayName ?? "The product";
      await catalogueWrite(removeFromMyCatalogue(user.upstream, input.customerId, input.itemId));
      return toastRedirect(request, back, { kind: "success", message: REMOVED(name) });
    }
    const before = await listMyCatalogue(user.upstream, input.customerId);
    const was = before.data.find((e) => e.item.id === input.itemId)?.position ?? null;
    const after = await catalogueWrite(moveInMyCatalogue(user.upstream, input.customerId, input.itemId, input.move));
    const now = after.data.find((e) => e.item.id === input.itemId);
    const name = now?.item.displayName ?? "The product";
    const message = now && now.position !== was ? MOVED(name, input.move, now.position) : NOT_MOVED(name, input.move);
    return toastRedirect(request, `${back}#item-${input.itemId}`, {
      kind: now && now.position !== was ? "success" : "info",
      message,
    });
  } catch (error) {
    const refused = refusal(error, 400, 404, 409);
    if (refused.status === 400) return refusalForm(refused, { fields: ["itemId", "categoryId", "customerId"] });
    // an unknown customer or product is the 404 page; a product already gone from the list (a second click) a toast
    if (refused.status === 404 && !/is not in this customer's my catalogue/.test(refused.message)) throw refused;
    return toastRedirect(request, back, { kind: "error", message: refused.message });
  }
}

// ---------------------------------------------------------------- /admin/category-manager

/** /admin/category-manager: the full catalogue's tree, indented in display order; GET ?edit= opens one category's form. */
export async function categoryManagerPageData(user: PortalUser, url: URL) {
  const tree = await categoryTree(user.upstream);
  const nodes = flatten(tree.data);
  const editId = url.searchParams.get("edit");
  let edit = null;
  if (editId !== null && editId !== "") {
    const node = isUpstreamIdValue(editId) ? nodes.find((n) => n.id === editId) : undefined;
    if (!node) throw new Response("There is no such category.", { status: 404 });
    const below = new Set(flatten([node]).map((n) => n.id));
    edit = {
      id: node.id,
      name: node.name,
      parentId: node.parentId ?? "",
      // the valid parents: anywhere in the tree but the category itself and its own subcategories
      parents: nodes.filter((n) => !below.has(n.id)).map((n) => ({ id: n.id, name: [...n.path, n.name].join(" › ") })),
    };
  }
  return {
    categories: nodes.map((n) => {
      const siblings =
        n.parentId === null ? tree.data.length : (nodes.find((p) => p.id === n.parentId)?.children.length ?? 1);
      return {
        id: n.id,
        name: n.name,
        depth: n.depth,
        position: n.position,
        first: n.position <= 1,
        last: n.position >= siblings,
        hidden: n.isHidden,
        hiddenAbove: n.path.length > 0 && hiddenAncestor(nodes, n),
        itemCount: n.itemCount,
        address: `/${n.fullSlug}`,
      };
    }),
    edit,
  };
}

function hiddenAncestor(nodes: ReadonlyArray<AdminCategory>, node: AdminCategory): boolean {
  let parentId = node.parentId;
  while (parentId !== null) {
    const parent = nodes.find((n) => n.id === parentId);
    if (!parent) return false;
    if (parent.isHidden) return true;
    parentId = parent.parentId;
  }
  return false;
}

const categoryField = () => idField("Choose a category", "Choose a category from the list");

const categorySchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("move"), categoryId: categoryField(), move: z.enum(["up", "down"]) }),
      z.object({ intent: z.literal("hide"), categoryId: categoryField() }),
      z.object({ intent: z.literal("show"), categoryId: categoryField() }),
      z.object({
        intent: z.literal("edit"),
        categoryId: categoryField(),
        name: z
          .string({ required_error: "Enter a name" })
          .trim()
          .min(1, "Enter a name")
          .max(200, "Use at most 200 characters"),
        parentId: z.union([z.literal(""), idField("Choose a parent from the list")], {
          errorMap: () => ({ message: "Choose a parent from the list" }),
        }),
      }),
    ],
    {
      errorMap: (issue, ctx) =>
        issue.code === "invalid_union_discriminator"
          ? { message: "Choose move, hide, show or edit" }
          : { message: ctx.defaultError },
    },
  );

export const CATEGORY_MOVED = (name: string, move: "up" | "down") => `'${name}' moved ${move}`;
export const CATEGORY_HIDDEN = (name: string) => `'${name}' is hidden: customers no longer see it or anything below it`;
export const CATEGORY_SHOWN = (name: string) => `'${name}' is shown to customers again`;
export const CATEGORY_SAVED = (name: string) => `'${name}' saved`;
export const NOTHING_CHANGED = "Nothing was changed";

/**
 * POST /admin/category-manager {intent: move | hide | show | edit, categoryId, move?, name?, parentId?}: PATCH
 * /api/admin/category/:id; back to the tree with a toast. The edit form sends only what changed (nothing changed: no
 * call); a 400 (e.g. under itself) → under its field, a 409 → an error toast, an unknown category → the 404 page.
 */
export async function submitCategoryManager(user: PortalUser, request: Request) {
  const form = await parseForm(request, categorySchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const input = form.data;
  const back = `/admin/category-manager#category-${input.categoryId}`;
  let change: CategoryChange;
  if (input.intent === "move") change = { move: input.move };
  else if (input.intent === "hide" || input.intent === "show") change = { isHidden: input.intent === "hide" };
  else {
    const tree = flatten((await categoryTree(user.upstream)).data);
    const node = tree.find((n) => n.id === input.categoryId);
    if (!node) throw new Response("There is no such category.", { status: 404 });
    change = {};
    if (input.name !== node.name) change.name = input.name;
    const parentId = input.parentId === "" ? null : input.parentId;
    if (parentId !== node.parentId) change.parentId = parentId;
    if (Object.keys(change).length === 0)
      return toastRedirect(request, back, { kind: "info", message: NOTHING_CHANGED });
  }
  try {
    const node = await catalogueWrite(changeCategory(user.upstream, input.categoryId, change));
    const message =
      input.intent === "move"
        ? CATEGORY_MOVED(node.name, input.move)
        : input.intent === "hide"
          ? CATEGORY_HIDDEN(node.name)
          : input.intent === "show"
            ? CATEGORY_SHOWN(node.name)
            : CATEGORY_SAVED(node.name);
    return toastRedirect(request, back, { kind: "success", message });
  } catch (error) {
    const refused = refusal(error, 400, 409);
    if (refused.status === 400) return refusalForm(refused, { fields: ["name", "parentId"] });
    return toastRedirect(request, input.intent === "edit" ? `/admin/category-manager?edit=${input.categoryId}` : back, {
      kind: "error",
      message: refused.message,
    });
  }
}
