import { describe, expect, it } from "vitest";
import { hashSecret } from "../services/punchout";
import { auxIdOf, parseAuxId } from "../services/punchout/items";
import { ORDERING_CLOSED, READ_ONLY } from "../services/punchout-rules";
import { addUser, APEX, useProvider } from "./fixtures";
import { cxmlProfile, cxmlSetupBody, ociProfile, PUNCHOUT_SECRET, usePunchoutProfiles } from "./punchout-profiles";

/**
 * A punchout session's own basket, its pre-fill, transfer, cancel, the transfers list and the OrderRequest
 * (issue 16, decision 110); SQLite and PostgreSQL.
 */
const RETURN_URL = "https://procurement.example/return";

const { p } = useProvider();
const profile = (hash: string, id: number, identity: string, extra: object) =>
  cxmlProfile(hash, id, identity, identity, { form_encoding: "urlencoded", default_address_id: 705, ...extra });
usePunchoutProfiles(p, (hash) => [
  profile(hash, 1, "AN-APEX-RAIL", { form_encoding: "base64" }),
  profile(hash, 2, "AN-APEX-RAIL-APPROVAL", { needs_approval: true }),
  profile(hash, 3, "AN-APEX-ORDERS", { ordering_allowed: true }),
  ociProfile(hash, 4),
]);

type Item = { supplierPartId: string; supplierPartAuxiliaryId?: string; quantity: number; description?: string };

async function start(operation = "create", identity = "AN-APEX-RAIL", items?: Item[], extra: object = {}) {
  const setup = await p.api("POST", "/api/punchout/setup", {
    body: cxmlSetupBody(identity, {
      operation,
      buyerCookie: `COOKIE-${operation}`,
      returnUrl: RETURN_URL,
      ...(items && { items }),
      ...extra,
    }),
  });
  expect(setup.status).toBe(201);
  const res = await p.api("POST", "/api/punchout/start", { body: { token: setup.body.startToken } });
  expect(res.status).toBe(201);
  return {
    token: res.body.accessToken as string,
    session: res.body.punchoutSession,
    sessionId: setup.body.sessionId as string,
  };
}

const line = (productId: string, qty: number) => ({ productId, qty });
async function fill(token: string, stock: Array<{ productId: string; qty: number }>) {
  const res = await p.api("PUT", "/api/basket-session", {
    token,
    body: { selectedBasketType: "stock-order-basket", stock, manpack: [], instructions: { stock: "", manpack: "" } },
  });
  expect(res.status).toBe(200);
}

describe("the auxiliary id", () => {
  it("names the item and the transfer, and reads back only its own format", () => {
    expect(auxIdOf(20002, 17)).toBe("I20002-T17");
    expect(parseAuxId("I20002-T17")).toEqual({ itemId: 20002, transferId: 17 });
    expect(parseAuxId(" I20002 ")).toEqual({ itemId: 20002, transferId: null });
    for (const bad of ["", "20002", "I-T1", "I20002-T", "x I1-T1", "I1-T1-T2", undefined])
      expect(parseAuxId(bad), String(bad)).toBeNull();
  });
});

describe("POST /api/punchout/start answers the contract's fields and fills the session's own basket", () => {
  it("create: an empty basket, the return URL and whether ordering is allowed", async () => {
    const { token, session, sessionId } = await start();
    expect(session).toEqual({
      id: sessionId,
      protocol: "cxml",
      operation: "create",
      buyerCookie: "COOKIE-create",
      returnUrl: RETURN_URL,
      orderingAllowed: false,
      items: [],
      unknownItems: [],
    });
    const basket = await p.api("GET", "/api/basket-session", { token });
    expect(basket.body.stock).toEqual([]);
  });

  it("edit: the ItemOut lines that match the catalogue become basket lines; the others are named", async () => {
    const items: Item[] = [
      { supplierPartId: "HV-JKT-M", supplierPartAuxiliaryId: "I20002-T99", quantity: 2 },
      { supplierPartId: "WK-TRS", quantity: 4, description: "Trousers, no aux id" },
      { supplierPartId: "NOPE-1", supplierPartAuxiliaryId: "I1-T1", quantity: 1, description: "Unknown" },
      { supplierPartId: "HV-JKT-L", supplierPartAuxiliaryId: "I20002-T99", quantity: 1 },
      { supplierPartId: "RT-VST", quantity: 1 },
      { supplierPartId: "HV-JKT-M", supplierPartAuxiliaryId: "I20002-T98", quantity: 1 },
    ];
    const { token, session } = await start("edit", "AN-APEX-RAIL", items);
    expect(session.unknownItems).toEqual([
      { supplierPartId: "NOPE-1", supplierPartAuxiliaryId: "I1-T1", description: "Unknown" },
      { supplierPartId: "HV-JKT-L", supplierPartAuxiliaryId: "I20002-T99", description: null },
      { supplierPartId: "RT-VST", supplierPartAuxiliaryId: null, description: null },
    ]);
    const basket = await p.api("GET", "/api/basket-session", { token });
    expect(basket.body.stock).toEqual([
      {
        productId: "20002",
        parentId: "20001",
        qty: 3,
        name: "Hi-Vis Jacket M",
        price: 24.5,
        thumbnail: null,
        options: { size: "M", color: "Yellow" },
      },
      { productId: "20010", parentId: "20010", qty: 4, name: "Work Trousers", price: 18, thumbnail: null },
    ]);
  });

  it("keeps each punchout session's basket apart from the others and from the user's everyday basket", async () => {
    const everyday = {
      selectedBasketType: "stock-order-basket",
      stock: [line("20030", 1)],
      manpack: [],
      instructions: { stock: "", manpack: "" },
    };
    await p.db("basket_sessions").insert({
      user_id: 5,
      customer_id: APEX,
      punchout_session: "",
      state_json: JSON.stringify(everyday),
      updated_at: "2026-01-01T00:00:00.000Z",
      version: 3,
    });
    const a = await start();
    const b = await start();
    await fill(a.token, [line("20002", 1)]);
    await fill(b.token, [line("20003", 2)]);
    expect((await p.api("GET", "/api/basket-session", { token: a.token })).body.stock).toEqual([line("20002", 1)]);
    expect((await p.api("GET", "/api/basket-session", { token: b.token })).body.stock).toEqual([line("20003", 2)]);
    const row = await p.db("basket_sessions").where({ user_id: 5, customer_id: APEX, punchout_session: "" }).first();
    expect(JSON.parse(row.state_json)).toEqual(everyday);
    expect(row.version).toBe(3);
    // the transfer takes the session's basket, not the everyday one
    const transfer = await p.api("POST", "/api/punchout/transfer", { token: a.token, body: {} });
    expect(transfer.body.lines.map((l: { itemId: string }) => l.itemId)).toEqual(["20002"]);
  });
});

describe("refusals inside a punchout session", () => {
  it("inspect: the basket is pre-filled and read-only", async () => {
    const { token } = await start("inspect", "AN-APEX-RAIL", [{ supplierPartId: "HV-JKT-M", quantity: 1 }]);
    expect((await p.api("GET", "/api/basket-session", { token })).body.stock).toHaveLength(1);
    const writes = [
      p.api("PUT", "/api/basket-session", {
        token,
        body: {
          selectedBasketType: "stock-order-basket",
          stock: [],
          manpack: [],
          instructions: { stock: "", manpack: "" },
        },
      }),
      p.api("PATCH", "/api/basket-session", { token, body: { stock: [line("20003", 1)] } }),
      p.api("DELETE", "/api/basket-session", { token }),
      p.api("POST", "/api/order", {
        token,
        body: { orderType: "standard", items: [{ internalId: 20002, qty: 1 }], addressId: 705 },
      }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(READ_ONLY);
    }
    expect((await p.api("GET", "/api/basket-session", { token })).body.stock).toEqual([
      expect.objectContaining({ productId: "20002", qty: 1 }),
    ]);
  });

  it("a profile without ordering in the portal: POST /api/order is a 403 and no order is written", async () => {
    const { token } = await start();
    await fill(token, [line("20002", 1)]);
    const before = Number((await p.db("orders").count({ n: "*" }).first())?.n);
    const res = await p.api("POST", "/api/order", {
      token,
      body: { orderType: "standard", items: [{ internalId: 20002, qty: 1 }], addressId: 705 },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ORDERING_CLOSED);
    expect(Number((await p.db("orders").count({ n: "*" }).first())?.n)).toBe(before);
  });

  it("a profile that allows ordering in the portal: the order is placed, and empties the session's basket only", async () => {
    const { token } = await start("create", "AN-APEX-ORDERS");
    await fill(token, [line("20002", 1)]);
    const res = await p.api("POST", "/api/order", {
      token,
      body: { orderType: "standard", items: [{ internalId: 20002, qty: 1 }], addressId: 705 },
    });
    expect(res.status).toBe(201);
    expect((await p.api("GET", "/api/basket-session", { token })).body.stock).toEqual([]);
  });
});

describe("POST /api/punchout/transfer", () => {
  it("answers the basket priced, classified and described, ends the session and its provider session", async () => {
    await p.db("categories").where("id", 11).update({ unspsc: "46181500" });
    const { token, sessionId } = await start("create", "AN-APEX-RAIL", undefined, {
      shipTo: { name: "Apex Sheds", street: ["1 Rail Road"], city: "Crewe", postalCode: "CW1 1AA", country: "GB" },
    });
    await fill(token, [line("20002", 2), line("20010", 2)]);
    const res = await p.api("POST", "/api/punchout/transfer", { token, body: {} });
    expect(res.status).toBe(201);
    const transferId = res.body.transferId;
    expect(res.body).toEqual({
      state: "transferred",
      transferId: expect.any(String),
      protocol: "cxml",
      operation: "create",
      formEncoding: "base64",
      returnUrl: RETURN_URL,
      buyerCookie: "COOKIE-create",
      credentials: { fromIdentity: "AN-APEX-RAIL", senderIdentity: "AN-APEX-RAIL", toIdentity: "workwear-portal" },
      oci: null,
      currency: "GBP",
      totalPence: 2 * 2450 + 2 * 1800,
      shipTo: { name: "Apex Sheds", street: ["1 Rail Road"], city: "Crewe", postalCode: "CW1 1AA", country: "GB" },
      lines: [
        {
          lineNumber: 1,
          itemId: "20002",
          productId: "20001",
          supplierPartId: "HV-JKT-M",
          supplierPartAuxiliaryId: `I20002-T${transferId}`,
          manufacturerPartId: "HV-JKT-M",
          description: "Hi-Vis Jacket (Size M, Colour Yellow)",
          quantity: 2,
          unitPricePence: 2450,
          unitOfMeasure: "EA",
          unspsc: "46181500",
          leadTimeDays: 3,
        },
        {
          lineNumber: 2,
          itemId: "20010",
          productId: "20010",
          supplierPartId: "WK-TRS",
          supplierPartAuxiliaryId: `I20010-T${transferId}`,
          manufacturerPartId: "WK-TRS",
          description: "Work Trousers",
          quantity: 2,
          unitPricePence: 1800,
          unitOfMeasure: "EA",
          unspsc: null,
          leadTimeDays: 10,
        },
      ],
    });
    expect(await p.db("punchout_sessions").where("id", Number(sessionId)).first()).toMatchObject({
      state: "transferred",
    });
    expect(await p.db("punchout_transfers").where("id", Number(transferId)).first()).toMatchObject({
      status: "transferred",
      user_id: 5,
      customer_id: APEX,
    });
    // the provider session is over
    expect((await p.api("GET", "/api/session", { token })).status).toBe(401);
  });

  it("lets only one of simultaneous transfers (or a transfer and a cancel) win", async () => {
    for (let round = 0; round < 2; round++) {
      const { token, sessionId } = await start();
      await fill(token, [line("20002", 1)]);
      const results = await Promise.all([
        p.api("POST", "/api/punchout/transfer", { token, body: {} }),
        p.api("POST", "/api/punchout/transfer", { token, body: {} }),
        p.api("POST", "/api/punchout/cancel", { token, body: {} }),
      ]);
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of results.filter((r) => r.status !== 201)) expect([401, 409]).toContain(r.status);
      const transfers = Number(
        (await p.db("punchout_transfers").where("session_id", Number(sessionId)).count({ n: "*" }).first())?.n,
      );
      const state = (await p.db("punchout_sessions").where("id", Number(sessionId)).first()).state;
      expect(transfers).toBe(state === "transferred" ? 1 : 0);
    }
  });

  it("refuses an empty basket (the session stays open), a caller outside a punchout, and a body with fields", async () => {
    const { token, sessionId } = await start();
    const empty = await p.api("POST", "/api/punchout/transfer", { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("The basket is empty");
    expect((await p.db("punchout_sessions").where("id", Number(sessionId)).first()).state).toBe("open");
    expect((await p.api("POST", "/api/punchout/transfer", { token, body: { lines: [] } })).status).toBe(400);
    const buyer = await p.login("buyer@demo.test");
    const outside = await p.api("POST", "/api/punchout/transfer", { token: buyer, body: {} });
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe("This is not a punchout session");
    expect((await p.api("POST", "/api/punchout/cancel", { token: buyer, body: {} })).status).toBe(404);
  });

  it("answers 409 once the session has ended (a provider session still alive, e.g. the session closed upstream)", async () => {
    const { token, sessionId } = await start();
    await fill(token, [line("20002", 1)]);
    await p.db("punchout_sessions").where("id", Number(sessionId)).update({ state: "closed" });
    const res = await p.api("POST", "/api/punchout/transfer", { token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This punchout session has already ended");
  });

  it("a profile that needs approval: saved as a punched-out basket awaiting approval, at the profile's default address", async () => {
    const { token, sessionId } = await start("create", "AN-APEX-RAIL-APPROVAL");
    await fill(token, [line("20003", 3)]);
    const res = await p.api("POST", "/api/punchout/transfer", { token, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      state: "awaiting-approval",
      savedBasketId: expect.any(String),
      totalPence: 7800,
      lines: [expect.objectContaining({ itemId: "20003", quantity: 3 })],
    });
    const saved = await p.db("saved_baskets").where("id", Number(res.body.savedBasketId)).first();
    expect(saved).toMatchObject({
      customer_id: APEX,
      user_id: 5,
      address_id: 705,
      basket_name: "Punchout basket – COOKIE-create",
    });
    expect(!!saved.is_punchout && !saved.punchout_approved && !saved.checked_out).toBe(true);
    expect(await p.db("saved_basket_items").where("basket_id", saved.id).select("item_id", "qty")).toEqual([
      { item_id: 20003, qty: 3 },
    ]);
    expect(await p.db("punchout_transfers").where("session_id", Number(sessionId)).first()).toMatchObject({
      status: "awaiting-approval",
      saved_basket_id: saved.id,
    });
    expect((await p.db("punchout_sessions").where("id", Number(sessionId)).first()).state).toBe("awaiting-approval");
  });
});

describe("POST /api/punchout/cancel", () => {
  it("returns an empty basket and ends both sessions", async () => {
    const { token, sessionId } = await start();
    await fill(token, [line("20002", 1)]);
    const res = await p.api("POST", "/api/punchout/cancel", { token, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      state: "cancelled",
      transferId: null,
      lines: [],
      totalPence: 0,
      buyerCookie: "COOKIE-create",
      returnUrl: RETURN_URL,
    });
    expect((await p.db("punchout_sessions").where("id", Number(sessionId)).first()).state).toBe("cancelled");
    expect(
      Number((await p.db("punchout_transfers").where("session_id", Number(sessionId)).count({ n: "*" }).first())?.n),
    ).toBe(0);
    expect((await p.api("GET", "/api/session", { token })).status).toBe(401);
  });

  it("answers the OCI hook fields for an OCI session", async () => {
    const login = await p.api("POST", "/api/punchout/oci-login", {
      body: {
        username: "apex-rail",
        password: PUNCHOUT_SECRET,
        hookUrl: "http://srm.example/hook",
        target: "_top",
        okCode: "ADDI",
      },
    });
    const { accessToken } = (await p.api("POST", "/api/punchout/start", { body: { token: login.body.startToken } }))
      .body;
    const res = await p.api("POST", "/api/punchout/cancel", { token: accessToken, body: {} });
    expect(res.body).toMatchObject({
      protocol: "oci",
      credentials: null,
      oci: { target: "_top", caller: null, okCode: "ADDI" },
      buyerCookie: null,
      formEncoding: "urlencoded",
    });
  });
});

async function transferred(stock: Array<{ productId: string; qty: number }>, identity = "AN-APEX-RAIL") {
  const { token } = await start("create", identity);
  await fill(token, stock);
  const res = await p.api("POST", "/api/punchout/transfer", { token, body: {} });
  expect(res.status).toBe(201);
  return res.body;
}

const creds = {
  fromIdentity: "AN-APEX-RAIL",
  senderIdentity: "AN-APEX-RAIL",
  sharedSecret: PUNCHOUT_SECRET,
  toIdentity: "workwear-portal",
};
let orderSeq = 0;
/** The PO's line 1: the transfer's first line (a Hi-Vis Jacket M) by its auxiliary id. */
const firstLineOf = (t: { lines: Array<{ supplierPartAuxiliaryId: string }> }, quantity: number) => ({
  lineNumber: 1,
  supplierPartId: "HV-JKT-M",
  supplierPartAuxiliaryId: t.lines[0].supplierPartAuxiliaryId,
  quantity,
});

describe("POST /api/punchout/order", () => {
  it("places the order of the transferred lines as ordered, at the transferred prices, once", async () => {
    const t = await transferred([line("20002", 3), line("20003", 1)]);
    await p.db("items").where("id", 20002).update({ price: 99 }); // a price change after the transfer does not count
    try {
      const orderId = `ARIBA-PO-${++orderSeq}`;
      const body = {
        ...creds,
        orderId,
        payloadId: `payload-${orderSeq}@procurement.example`,
        comments: "Gate 4",
        items: [firstLineOf(t, 2)],
      };
      const res = await p.api("POST", "/api/punchout/order", { body });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        orderId: expect.any(String),
        orderNumber: expect.stringMatching(/^SO\d+$/),
        duplicate: false,
      });
      const order = await p.db("orders").where("id", Number(res.body.orderId)).first();
      expect(order).toMatchObject({
        customer_id: APEX,
        placed_by_user_id: 5,
        other_ref_num: orderId,
        ship_address_id: 705,
        message: "Gate 4",
        punchout_session: expect.any(String),
      });
      expect(await p.db("order_lines").where("order_id", order.id).select("item_id", "quantity", "rate")).toEqual([
        { item_id: 20002, quantity: 2, rate: 24.5 },
      ]);
      expect(await p.db("punchout_transfers").where("id", Number(t.transferId)).first()).toMatchObject({
        status: "ordered",
        order_id: order.id,
        order_request_id: orderId,
      });

      const again = await p.api("POST", "/api/punchout/order", { body });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...res.body, duplicate: true });
      const changed = await p.api("POST", "/api/punchout/order", {
        body: { ...body, payloadId: "another@procurement.example" },
      });
      expect(changed.status).toBe(409);
      expect(Number((await p.db("orders").where("other_ref_num", orderId).count({ n: "*" }).first())?.n)).toBe(1);

      // the transfers list shows it ordered
      const approver = await addUser(p.db, `apex-approver-${orderSeq}@demo.test`, [
        {
          customerId: APEX,
          permissions: ["canViewFullCatalogue", "viewOrderHistory", "orderApproval"],
          isApprover: true,
        },
      ]);
      const list = await p.api("GET", "/api/punchout/transfer?$limit=50", { token: await p.login(approver.email) });
      expect(list.status).toBe(200);
      expect(list.body.data.find((d: { id: string }) => d.id === t.transferId)).toEqual({
        id: t.transferId,
        createdAt: expect.any(String),
        user: { id: "5", firstName: "Pat", lastName: "Punchout", email: "punchout@demo.test" },
        buyerCookie: "COOKIE-create",
        protocol: "cxml",
        status: "ordered",
        totalPence: 3 * 2450 + 2600,
        lines: [
          {
            description: "Hi-Vis Jacket (Size M, Colour Yellow)",
            supplierPartId: "HV-JKT-M",
            quantity: 3,
            unitPricePence: 2450,
          },
          {
            description: "Hi-Vis Jacket (Size L, Colour Orange)",
            supplierPartId: "HV-JKT-L",
            quantity: 1,
            unitPricePence: 2600,
          },
        ],
        orderId: res.body.orderId,
        orderNumber: res.body.orderNumber,
      });
    } finally {
      await p.db("items").where("id", 20002).update({ price: 24.5 });
    }
  });

  it("delivers to the ShipTo as a typed address when one is given", async () => {
    const t = await transferred([line("20002", 1)]);
    const res = await p.api("POST", "/api/punchout/order", {
      body: {
        ...creds,
        orderId: `ARIBA-PO-${++orderSeq}`,
        payloadId: `p-${orderSeq}`,
        shipTo: {
          name: "Crewe Depot",
          deliverTo: ["Stores"],
          street: ["1 Rail Road", "Unit 2"],
          city: "Crewe",
          postalCode: "CW1 1AA",
          country: "GB",
        },
        items: [firstLineOf(t, 1)],
      },
    });
    expect(res.status).toBe(201);
    const order = await p.db("orders").where("id", Number(res.body.orderId)).first();
    expect(order).toMatchObject({
      ship_addressee: "Stores",
      ship_addr1: "1 Rail Road",
      ship_addr2: "Unit 2",
      ship_city: "Crewe",
      ship_zip: "CW1 1AA",
    });
  });

  it("refuses lines that do not match the transfer, naming the line, and writes nothing", async () => {
    const t = await transferred([line("20002", 2)]);
    const other = await transferred([line("20003", 1)]);
    const aux = t.lines[0].supplierPartAuxiliaryId;
    const cases: Array<[unknown[], RegExp]> = [
      [
        [{ lineNumber: 1, supplierPartId: "HV-JKT-M", supplierPartAuxiliaryId: aux, quantity: 3 }],
        /Line 1 \(HV-JKT-M\) orders 3, more than the 2 transferred/,
      ],
      [
        [
          { lineNumber: 1, supplierPartId: "HV-JKT-M", supplierPartAuxiliaryId: aux, quantity: 1 },
          { lineNumber: 2, supplierPartId: "HV-JKT-M", supplierPartAuxiliaryId: aux, quantity: 2 },
        ],
        /Line 2 \(HV-JKT-M\) orders 3/,
      ],
      [
        [
          {
            lineNumber: 7,
            supplierPartId: "HV-JKT-L",
            supplierPartAuxiliaryId: `I20003-T${t.transferId}`,
            quantity: 1,
          },
        ],
        /Line 7 \(HV-JKT-L\) was not in the transferred basket/,
      ],
      [
        [{ lineNumber: 2, supplierPartId: "HV-JKT-M", quantity: 1 }],
        /Line 2 \(HV-JKT-M\) was not transferred from this portal/,
      ],
      [
        [{ lineNumber: 1, supplierPartId: "HV-JKT-M", supplierPartAuxiliaryId: "I20002-T999999", quantity: 1 }],
        /Line 1 \(HV-JKT-M\) was not transferred from this portal/,
      ],
      [
        [
          { lineNumber: 1, supplierPartId: "HV-JKT-M", supplierPartAuxiliaryId: aux, quantity: 1 },
          {
            lineNumber: 2,
            supplierPartId: "HV-JKT-L",
            supplierPartAuxiliaryId: other.lines[0].supplierPartAuxiliaryId,
            quantity: 1,
          },
        ],
        /Line 2 \(HV-JKT-L\) is from another transferred basket/,
      ],
    ];
    const before = Number((await p.db("orders").count({ n: "*" }).first())?.n);
    for (const [items, message] of cases) {
      const res = await p.api("POST", "/api/punchout/order", {
        body: { ...creds, orderId: `ARIBA-PO-${++orderSeq}`, payloadId: "x", items },
      });
      expect(res.status, JSON.stringify(items)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(Number((await p.db("orders").count({ n: "*" }).first())?.n)).toBe(before);
    expect((await p.db("punchout_transfers").where("id", Number(t.transferId)).first()).status).toBe("transferred");
  });

  it("refuses wrong credentials (401), another customer's profile lines, and a basket awaiting approval", async () => {
    const t = await transferred([line("20002", 1)]);
    const items = [firstLineOf(t, 1)];
    const wrong = await p.api("POST", "/api/punchout/order", {
      body: { ...creds, sharedSecret: "wrong", orderId: "PO-W", payloadId: "w", items },
    });
    expect(wrong.status).toBe(401);
    const waiting = await transferred([line("20002", 1)], "AN-APEX-RAIL-APPROVAL");
    const res = await p.api("POST", "/api/punchout/order", {
      body: {
        ...creds,
        orderId: `ARIBA-PO-${++orderSeq}`,
        payloadId: "a",
        items: [firstLineOf(waiting, 1)],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/awaiting approval/);
    // another customer's profile cannot order Apex's transfer
    const harbourUser = await addUser(p.db, "harbour-po@demo.test", [
      { customerId: 1002, permissions: ["canViewFullCatalogue"] },
    ]);
    await p.db("punchout_profiles").insert({
      id: 9,
      customer_id: 1002,
      name: "Harbour",
      protocol: "cxml",
      from_identity: "AN-HARBOUR",
      sender_identity: "AN-HARBOUR",
      secret_hash: await hashSecret(PUNCHOUT_SECRET),
      user_id: harbourUser.userId,
      created_at: "2026-01-01T00:00:00.000Z",
    });
    const foreign = await p.api("POST", "/api/punchout/order", {
      body: {
        fromIdentity: "AN-HARBOUR",
        senderIdentity: "AN-HARBOUR",
        sharedSecret: PUNCHOUT_SECRET,
        orderId: "PO-H",
        payloadId: "h",
        items,
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/was not transferred from this portal/);
  });

  it("makes one order of simultaneous duplicates", async () => {
    const t = await transferred([line("20002", 1)]);
    const body = {
      ...creds,
      orderId: `ARIBA-PO-${++orderSeq}`,
      payloadId: "dup",
      items: [firstLineOf(t, 1)],
    };
    // five at once (the shared-secret limit's burst): some are checked before the first is placed and read the basket after (once a 409 on PostgreSQL)
    const results = await Promise.all(Array.from({ length: 5 }, () => p.api("POST", "/api/punchout/order", { body })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(Number((await p.db("orders").where("other_ref_num", body.orderId).count({ n: "*" }).first())?.n)).toBe(1);
  });
});

describe("GET /api/punchout/transfer", () => {
  it("needs viewOrderHistory; without viewAllOrders or orderApproval answers one's own only; never another customer's", async () => {
    await transferred([line("20002", 1)]);
    const noHistory = await addUser(p.db, "apex-nohistory@demo.test", [
      { customerId: APEX, permissions: ["canViewFullCatalogue"] },
    ]);
    const res403 = await p.api("GET", "/api/punchout/transfer", { token: await p.login(noHistory.email) });
    expect(res403.status).toBe(403);
    const own = await addUser(p.db, "apex-history@demo.test", [
      { customerId: APEX, permissions: ["canViewFullCatalogue", "viewOrderHistory"] },
    ]);
    const mine = await p.api("GET", "/api/punchout/transfer", { token: await p.login(own.email) });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ total: 0, limit: 20, skip: 0, data: [] });
    const all = await addUser(p.db, "apex-all@demo.test", [
      { customerId: APEX, permissions: ["canViewFullCatalogue", "viewOrderHistory", "viewAllOrders"] },
    ]);
    const page = await p.api("GET", "/api/punchout/transfer?$limit=2&$skip=0", { token: await p.login(all.email) });
    expect(page.body.total).toBeGreaterThan(2);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].createdAt >= page.body.data[1].createdAt).toBe(true);
    // Northwind's approver (viewAllOrders there) sees none of Apex's
    const buyer = await p.api("GET", "/api/punchout/transfer", { token: await p.login("approver@demo.test") });
    expect(buyer.status).toBe(200);
    expect(buyer.body.total).toBe(0);
    expect((await p.api("GET", "/api/punchout/transfer?$limit=abc", { token: await p.login(all.email) })).status).toBe(
      400,
    );
  });
});
