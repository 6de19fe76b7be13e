/**
 * The three demo business units, their people, addresses and the demo log-ins, as plain data.
 */
import type { CustomerKey, SectorKey } from "./catalogue";

export const DEMO_PASSWORD = "workwear-demo";

export interface AddressDef {
  label: string;
  addressee: string;
  addr1: string;
  addr2: string;
  city: string;
  zip: string;
}

export interface CustomerDef {
  key: CustomerKey;
  id: number;
  name: string;
  /** two-letter prefix for PO numbers and employee refs */
  prefix: string;
  sector: SectorKey;
  paymentMethods: { id: number; name: string }[];
  /** first contact id; contacts are numbered from here */
  contactBase: number;
  departments: string[];
  costCentres: string[];
  grades: string[];
  budget: "quantity" | "points";
  addresses: AddressDef[];
  /** demo-scale order count */
  demoOrders: number;
}

const ON_ACCOUNT = { id: 0, name: "On account" };

export const CUSTOMERS: CustomerDef[] = [
  {
    key: "northwind",
    id: 1001,
    name: "Northwind Facilities",
    prefix: "NW",
    sector: "facilities",
    paymentMethods: [ON_ACCOUNT, { id: 1, name: "Visa" }, { id: 2, name: "Mastercard" }],
    contactBase: 5001,
    departments: ["Estates", "Cleaning Services", "Security", "Mechanical & Electrical"],
    costCentres: ["NW100 Head Office", "NW210 Leeds Depot", "NW220 Manchester Depot", "NW230 Sheffield Depot"],
    grades: ["Cleaning Operative", "Multi-Skilled Engineer", "Security Officer", "Site Supervisor", "Porter"],
    budget: "quantity",
    addresses: [
      {
        label: "Head Office – Leeds",
        addressee: "Northwind Facilities Ltd",
        addr1: "Unit 4, Riverside Park",
        addr2: "Pontefract Road",
        city: "Leeds",
        zip: "LS11 5DD",
      },
      {
        label: "Manchester Depot",
        addressee: "Northwind Facilities – Goods In",
        addr1: "18 Trafford Park Road",
        addr2: "Trafford Park",
        city: "Manchester",
        zip: "M17 1HG",
      },
      {
        label: "Sheffield Depot",
        addressee: "Northwind Facilities – Stores",
        addr1: "Unit 12, Parkway Business Centre",
        addr2: "Parkway Drive",
        city: "Sheffield",
        zip: "S9 4WN",
      },
      {
        label: "York Hospital Contract",
        addressee: "Northwind Site Office",
        addr1: "Block C, Clifton Moor Gate",
        addr2: "",
        city: "York",
        zip: "YO30 4WY",
      },
      {
        label: "Bradford Civic Centre Contract",
        addressee: "Northwind Facilities c/o Reception",
        addr1: "2 Hall Ings",
        addr2: "",
        city: "Bradford",
        zip: "BD1 5SD",
      },
    ],
    demoOrders: 360,
  },
  {
    key: "harbour",
    id: 1002,
    name: "Harbour Health Trust",
    prefix: "HH",
    sector: "healthcare",
    paymentMethods: [ON_ACCOUNT],
    contactBase: 6001,
    departments: ["Acute Medicine", "Theatres", "Community Nursing", "Estates & Facilities"],
    costCentres: ["HH4010 Wards", "HH4020 Theatres", "HH4030 Community", "HH4090 Estates"],
    grades: [
      "Band 2 Healthcare Assistant",
      "Band 3 Senior HCA",
      "Band 5 Staff Nurse",
      "Band 6 Sister",
      "Band 7 Matron",
      "Porter",
    ],
    budget: "points",
    addresses: [
      {
        label: "Harbour View Hospital – Linen Room",
        addressee: "Harbour Health Trust – Linen Services",
        addr1: "Harbour View Hospital",
        addr2: "Marine Parade",
        city: "Plymouth",
        zip: "PL1 3QF",
      },
      {
        label: "Stonehouse Community Hub",
        addressee: "Community Nursing Team",
        addr1: "41 Union Street",
        addr2: "Stonehouse",
        city: "Plymouth",
        zip: "PL1 3NB",
      },
      {
        label: "Tamar Valley Clinic",
        addressee: "Tamar Valley Clinic Reception",
        addr1: "Fore Street",
        addr2: "",
        city: "Saltash",
        zip: "PL12 6JR",
      },
      {
        label: "Trust Headquarters",
        addressee: "Procurement Department",
        addr1: "Plymbridge House",
        addr2: "Estover Road",
        city: "Plymouth",
        zip: "PL6 7PY",
      },
    ],
    demoOrders: 330,
  },
  {
    key: "apex",
    id: 1003,
    name: "Apex Rail Services",
    prefix: "AR",
    sector: "facilities",
    paymentMethods: [ON_ACCOUNT],
    contactBase: 7001,
    departments: ["Track Maintenance", "Signalling", "Overhead Line", "Depot Operations"],
    costCentres: ["AR01 Crewe", "AR02 Derby", "AR03 Doncaster"],
    grades: ["Trackside Operative", "Technician", "Team Leader", "Site Manager"],
    budget: "quantity",
    addresses: [
      {
        label: "Crewe Head Office",
        addressee: "Apex Rail Services Ltd",
        addr1: "Apex House, 12 Station Approach",
        addr2: "",
        city: "Crewe",
        zip: "CW1 2DB",
      },
      {
        label: "Derby Depot",
        addressee: "Apex Rail – Derby Stores",
        addr1: "Unit 7, Osmaston Park Industrial Estate",
        addr2: "Osmaston Park Road",
        city: "Derby",
        zip: "DE24 8AD",
      },
      {
        label: "Doncaster Depot",
        addressee: "Apex Rail – Doncaster Stores",
        addr1: "Wheatley Hall Road",
        addr2: "",
        city: "Doncaster",
        zip: "DN2 4LT",
      },
    ],
    demoOrders: 150,
  },
];

export function addressText(a: AddressDef): string {
  return [a.addr1, a.addr2, `${a.city} ${a.zip}`].filter(Boolean).join(", ");
}

export const STOCK_PERMISSIONS = ["canViewFullCatalogue", "canViewMyCatalogue", "canViewUserCatalogue"];
export const MANPACK_PERMISSIONS = ["canViewManpack", "manpackOrders"];

const BUYER_PERMISSIONS = [
  ...STOCK_PERMISSIONS,
  ...MANPACK_PERMISSIONS,
  "fullCatalogue",
  "addSiteUser",
  "viewOrderHistory",
  "viewReporting",
  "addManpackUser",
  "dellAddress",
  "indAddress",
  "addAddress",
  "viewAllOrders",
  "amendOrderDeliveryAddress",
];

export interface MembershipDef {
  customer: CustomerKey;
  permissions: string[];
  isApprover?: boolean;
  needsApproval?: boolean;
  wpContactOnly?: boolean;
  /** email of this user's approver */
  approver?: string;
}

export interface DemoUserDef {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isEvolveUser?: boolean;
  memberships: MembershipDef[];
  /**
   * Added after the first seven (decision 059): this user's contacts come after each unit's generated contacts and its
   * memberships after everyone else's, so the ids seeded before it (named by orders, budgets and bug reports) stay.
   */
  addedLater?: boolean;
}

export const DEMO_USERS: DemoUserDef[] = [
  {
    id: 1,
    email: "buyer@demo.test",
    firstName: "Bea",
    lastName: "Buyer",
    memberships: [
      { customer: "northwind", permissions: BUYER_PERMISSIONS },
      { customer: "harbour", permissions: BUYER_PERMISSIONS },
    ],
  },
  {
    id: 2,
    email: "requester@demo.test",
    firstName: "Priya",
    lastName: "Sharma",
    memberships: [
      {
        customer: "northwind",
        permissions: [...STOCK_PERMISSIONS, "viewOrderHistory"],
        needsApproval: true,
        approver: "approver@demo.test",
      },
    ],
  },
  {
    id: 3,
    email: "approver@demo.test",
    firstName: "Gareth",
    lastName: "Hughes",
    memberships: [
      {
        customer: "northwind",
        permissions: [...STOCK_PERMISSIONS, "orderApproval", "viewOrderHistory", "viewAllOrders"],
        isApprover: true,
      },
    ],
  },
  {
    id: 4,
    email: "manpack@demo.test",
    firstName: "Fiona",
    lastName: "Campbell",
    memberships: [{ customer: "harbour", permissions: [...MANPACK_PERMISSIONS, "viewOrderHistory", "indAddress"] }],
  },
  {
    id: 5,
    email: "punchout@demo.test",
    firstName: "Tom",
    lastName: "Whitaker",
    memberships: [{ customer: "apex", permissions: ["punchoutOnly", ...STOCK_PERMISSIONS, "viewOrderHistory"] }],
  },
  {
    id: 6,
    email: "browse@demo.test",
    firstName: "Lucy",
    lastName: "Bennett",
    memberships: [{ customer: "northwind", permissions: ["browseOnly", "canViewFullCatalogue", "canViewMyCatalogue"] }],
  },
  {
    id: 7,
    email: "admin@demo.test",
    firstName: "Sam",
    lastName: "Okafor",
    isEvolveUser: true,
    memberships: (["northwind", "harbour", "apex"] as const).map((customer) => ({
      customer,
      permissions: [...BUYER_PERMISSIONS, "orderApproval"],
      isApprover: true,
    })),
  },
  {
    // SPEC §6 pricingHidden (decisions 058, 059): sees no prices anywhere ("Price on application"), orders on account
    id: 8,
    email: "prices-hidden@demo.test",
    firstName: "Nadia",
    lastName: "Okoro",
    addedLater: true,
    memberships: (["northwind", "harbour"] as const).map((customer) => ({
      customer,
      permissions: [...STOCK_PERMISSIONS, "viewOrderHistory", "pricingHidden"],
    })),
  },
];

export const FIRST_NAMES = [
  "Oliver",
  "Amelia",
  "George",
  "Isla",
  "Harry",
  "Ava",
  "Jack",
  "Mia",
  "Jacob",
  "Grace",
  "Noah",
  "Sophie",
  "Charlie",
  "Emily",
  "Thomas",
  "Lily",
  "Oscar",
  "Ella",
  "William",
  "Freya",
  "James",
  "Chloe",
  "Mohammed",
  "Aisha",
  "Daniel",
  "Hannah",
  "Ryan",
  "Megan",
  "Liam",
  "Zara",
  "Callum",
  "Niamh",
  "Rhys",
  "Bethan",
  "Kieran",
  "Siobhan",
  "Arjun",
  "Anita",
  "Declan",
  "Eilidh",
];

export const LAST_NAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "Hughes",
  "Edwards",
  "Murphy",
  "O'Brien",
  "MacDonald",
  "Campbell",
  "Kaur",
  "Begum",
  "Ahmed",
  "Morgan",
  "Price",
  "Shaw",
  "Holmes",
  "Lloyd",
];

/** Delivery methods; minimumOrder is the subtotal before VAT a method needs (carriage.minimum_order_amount, decision 073). */
export const CARRIAGE: ReadonlyArray<{ id: number; description: string; rate: number; minimumOrder: number | null }> = [
  { id: 1, description: "Standard Delivery (3–5 working days)", rate: 4.95, minimumOrder: null },
  { id: 2, description: "Next Working Day", rate: 9.95, minimumOrder: null },
  { id: 3, description: "Free Delivery – orders over £150", rate: 0, minimumOrder: 150 },
];

export const CARRIERS: { name: string; tracking: (n: number) => string }[] = [
  { name: "DPD", tracking: (n) => `155${String(n).padStart(11, "0")}` },
  { name: "Royal Mail Tracked 48", tracking: (n) => `TT${String(n % 1e9).padStart(9, "0")}GB` },
  { name: "DHL Parcel UK", tracking: (n) => `JD0146${String(n).padStart(14, "0")}` },
  { name: "Parcelforce Worldwide", tracking: (n) => `PB${String(n % 1e8).padStart(8, "0")}001` },
];
