import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

// POST /api/punchout/transfer and /cancel as docs/upstream-api.md "Punchout" answers them (decision 111).

/** A transfer answer: a cXML create session's basket, one line, going back to https://buyer.example. */
export function punchoutReturnAnswer(overrides: Record<string, unknown> = {}) {
  return {
    state: "transferred",
    transferId: 7,
    savedBasketId: null,
    protocol: "cxml",
    operation: "create",
    formEncoding: "urlencoded",
    returnUrl: "https://buyer.example/punchout/return",
    buyerCookie: "REQ-42",
    credentials: { fromIdentity: "AN-APEX-RAIL", senderIdentity: "AN-APEX-RAIL", toIdentity: "workwear-portal" },
    oci: null,
    currency: "GBP",
    totalPence: 4900,
    shipTo: null,
    lines: [
      {
        lineNumber: 1,
        itemId: "20002",
        productId: "20002",
        supplierPartId: "HVJ-100",
        supplierPartAuxiliaryId: "M-YEL",
        manufacturerPartId: "HV100",
        description: "Hi-Vis Jacket M",
        quantity: 2,
        unitPricePence: 2450,
        unitOfMeasure: "EA",
        unspsc: "46181500",
        leadTimeDays: 3,
      },
    ],
    ...overrides,
  };
}

/** Both calls answered 201, or with `refuse` the 409 of a session already ended. */
export function punchoutSessionHandlers(options: { refuse?: boolean } = {}) {
  const ended = () =>
    HttpResponse.json(
      { name: "Conflict", message: "This punchout session has already ended", code: 409 },
      { status: 409 },
    );
  return [
    http.post(`${UPSTREAM}/api/punchout/transfer`, () =>
      options.refuse ? ended() : HttpResponse.json(punchoutReturnAnswer(), { status: 201 }),
    ),
    http.post(`${UPSTREAM}/api/punchout/cancel`, () =>
      options.refuse
        ? ended()
        : HttpResponse.json(punchoutReturnAnswer({ state: "cancelled", lines: [], totalPence: 0 }), { status: 201 }),
    ),
  ];
}
