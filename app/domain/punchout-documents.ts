// The punchout documents as the portal reads them (cXML PunchOutSetupRequest and OrderRequest, an OCI log-in) and
// sends them on to the provider (app/upstream/punchout.server.ts): plain types, read by app/punchout and app/upstream.

export type Credential = { domain: string; identity: string; sharedSecret?: string };

export type CxmlAddress = {
  addressId?: string;
  name: string;
  deliverTo: string[];
  street: string[];
  city: string;
  state?: string;
  postalCode: string;
  /** ISO 3166 code from Country@isoCountryCode (the element's text when the attribute is missing). */
  country: string;
  /** The Country element's text (a name such as "United Kingdom"), when sent. */
  countryName?: string;
};

export type PunchoutOperation = "create" | "edit" | "inspect";

/** The document's ids and the Header's credentials: the picked ones, and every one sent for a caller that
 * matches on another domain. */
export type CxmlHeader = {
  payloadId: string;
  timestamp: string;
  from: Credential;
  to: Credential;
  sender: Credential & { sharedSecret: string; userAgent: string };
  credentials: { from: Credential[]; to: Credential[]; sender: Credential[] };
};

export type SetupRequest = CxmlHeader & {
  version: string;
  operation: PunchoutOperation;
  buyerCookie: string;
  browserFormPostUrl: string;
  contact?: { name: string; email?: string };
  shipTo?: CxmlAddress;
  extrinsics: Record<string, string>;
  items: { supplierPartId: string; supplierPartAuxiliaryId?: string; quantity: number }[];
};

export type OrderRequest = CxmlHeader & {
  orderId: string;
  orderDate: string;
  /** OrderRequestHeader@type: new (the default), update or delete. */
  type: string;
  totalPence: number;
  shipTo?: CxmlAddress;
  billTo?: CxmlAddress;
  items: {
    lineNumber: number;
    quantity: number;
    supplierPartId: string;
    supplierPartAuxiliaryId?: string;
    unitPricePence: number;
    description?: string;
  }[];
};

export type OciLogin = {
  username: string;
  password: string;
  hookUrl: string;
  /** ~OkCode, sent back unchanged; ADDI (add to the shopping cart) when the caller sends none. */
  okCode: string;
  /** ~TARGET, the frame the basket is posted back into; _top when the caller sends none. */
  target: string;
  /** ~CALLER, when sent (CTLG in SAP's own calls). */
  caller?: string;
};
