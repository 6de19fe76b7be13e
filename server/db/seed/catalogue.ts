/**
 * The demo catalogue as plain data: categories, matrix parents and the rules that expand them into
 * variants. Nothing here knows about tables; `expandCatalogue` turns it into rows-to-be.
 */
import type { GarmentShape } from "./images";

export type CustomerKey = "northwind" | "harbour" | "apex";
export type SectorKey = "facilities" | "healthcare";

export interface CategoryDef {
  key: string;
  name: string;
  parent?: string;
}

export const CATEGORIES: CategoryDef[] = [
  { key: "hi-vis", name: "Hi-Vis Clothing" },
  { key: "hi-vis-vests", name: "Hi-Vis Vests", parent: "hi-vis" },
  { key: "hi-vis-jackets", name: "Hi-Vis Jackets", parent: "hi-vis" },
  { key: "hi-vis-trousers", name: "Hi-Vis Trousers", parent: "hi-vis" },
  { key: "workwear", name: "Workwear" },
  { key: "work-trousers", name: "Work Trousers", parent: "workwear" },
  { key: "polos-tshirts", name: "Polo Shirts & T-Shirts", parent: "workwear" },
  { key: "jackets-fleeces", name: "Jackets & Fleeces", parent: "workwear" },
  { key: "footwear", name: "Safety Footwear" },
  { key: "safety-boots", name: "Safety Boots", parent: "footwear" },
  { key: "safety-trainers", name: "Safety Trainers & Shoes", parent: "footwear" },
  { key: "flame-retardant", name: "Flame Retardant" },
  { key: "fr-coveralls", name: "FR Coveralls", parent: "flame-retardant" },
  { key: "fr-jackets-trousers", name: "FR Jackets & Trousers", parent: "flame-retardant" },
  { key: "gloves", name: "Gloves & Hand Protection" },
  { key: "work-gloves", name: "Work Gloves", parent: "gloves" },
  { key: "disposable-gloves", name: "Disposable Gloves", parent: "gloves" },
  { key: "healthcare", name: "Healthcare" },
  { key: "tunics", name: "Tunics", parent: "healthcare" },
  { key: "scrubs", name: "Scrubs", parent: "healthcare" },
  { key: "ppe", name: "PPE & Accessories" },
  { key: "head-eye", name: "Head & Eye Protection", parent: "ppe" },
];

export interface ColorDef {
  name: string;
  hex: string;
}

const C = {
  yellow: { name: "Yellow", hex: "#e8f000" },
  orange: { name: "Orange", hex: "#ff7a00" },
  navy: { name: "Navy", hex: "#1f2a44" },
  black: { name: "Black", hex: "#1b1b1b" },
  grey: { name: "Grey", hex: "#6b7078" },
  royal: { name: "Royal Blue", hex: "#2450a6" },
  bottle: { name: "Bottle Green", hex: "#1e5631" },
  white: { name: "White", hex: "#f4f4f4" },
  hospitalBlue: { name: "Hospital Blue", hex: "#9cc3e6" },
  sky: { name: "Sky Blue", hex: "#6fb4e8" },
  maroon: { name: "Maroon", hex: "#6d1a2b" },
  lilac: { name: "Lilac", hex: "#b49fdc" },
  aqua: { name: "Aqua", hex: "#4fc3c0" },
  brown: { name: "Brown", hex: "#5b3a21" },
} satisfies Record<string, ColorDef>;

const SIZES_GARMENT = ["S", "M", "L", "XL", "2XL", "3XL"];
const SIZES_TUNIC = ["XS", "S", "M", "L", "XL", "2XL"];
const SIZES_WAIST = ["30", "32", "34", "36", "38", "40"];
const SIZES_BOOT = ["6", "7", "8", "9", "10", "11", "12"];
const SIZES_GLOVE = ["8 (M)", "9 (L)", "10 (XL)"];
const LEGS = ['29" Short', '31" Regular', '33" Long'];
const FINISHES = ["Plain", "Embroidered Logo"];

/** Whose "my catalogue" a product is in. Everyone sees it in the full catalogue. */
const ALL: CustomerKey[] = ["northwind", "harbour", "apex"];
const SITE: CustomerKey[] = ["northwind", "apex"];

export interface ProductDef {
  code: string;
  name: string;
  category: string;
  shape: GarmentShape;
  price: number;
  /** added to the price of sizes 2XL and over (and waist 40) */
  plusSizeUplift?: number;
  standards: string[];
  features: [heading: string, subheading: string][];
  description: string;
  colors: ColorDef[];
  sizes: string[];
  legLengths?: string[];
  /** a finish (logo) choice makes the product made to order: not "In stock" */
  finishes?: string[];
  inStock: boolean;
  reorderMultiple?: number;
  minimumSaleQuantity?: number;
  /** points a wearer spends on it in a points-allocation wearer pack */
  points: number;
  customers: CustomerKey[];
  sectors?: SectorKey[];
  /** reflective bands on the image */
  reflective?: boolean;
}

export const PRODUCTS: ProductDef[] = [
  // ── Hi-Vis ────────────────────────────────────────────────────────────────────────────
  {
    code: "HV100",
    name: "Hi-Vis Vest Class 2",
    category: "hi-vis-vests",
    shape: "vest",
    price: 4.95,
    standards: ["EN ISO 20471 Class 2"],
    reflective: true,
    features: [
      ["Two-band design", "50 mm retroreflective tape"],
      ["Hook-and-loop front", "Quick on, quick off"],
      ["ID pocket", "Clear pass holder"],
    ],
    description:
      "Lightweight polyester mesh vest with two 50 mm reflective bands and braces. The everyday site essential.",
    colors: [C.yellow, C.orange],
    sizes: SIZES_GARMENT,
    inStock: true,
    points: 2,
    customers: ALL,
    sectors: ["facilities"],
  },
  {
    code: "HV110",
    name: "Hi-Vis Executive Vest",
    category: "hi-vis-vests",
    shape: "vest",
    price: 8.5,
    standards: ["EN ISO 20471 Class 2"],
    reflective: true,
    features: [
      ["Zip front", "Heavy-duty plastic zip"],
      ["Tablet pocket", "Internal, fits A4 tablet"],
      ["Pen loops", "Chest pen and ID holder"],
    ],
    description: "Zip-front vest with tablet pocket and multiple pen loops, for supervisors and site managers.",
    colors: [C.yellow, C.orange],
    sizes: SIZES_GARMENT,
    inStock: true,
    points: 3,
    customers: SITE,
  },
  {
    code: "HV200",
    name: "Hi-Vis Bomber Jacket",
    category: "hi-vis-jackets",
    shape: "jacket",
    price: 24.95,
    plusSizeUplift: 2,
    standards: ["EN ISO 20471 Class 3", "EN 343 Class 3"],
    reflective: true,
    features: [
      ["Waterproof", "Taped seams, EN 343"],
      ["Quilted lining", "Warm through winter"],
      ["Concealed hood", "Rolls into collar"],
    ],
    description: "Waterproof, breathable bomber with a quilted lining and elasticated cuffs. Class 3 on its own.",
    colors: [C.yellow, C.orange],
    sizes: SIZES_GARMENT,
    finishes: FINISHES,
    inStock: true,
    points: 12,
    customers: ALL,
    sectors: ["facilities"],
  },
  {
    code: "HV210",
    name: "Hi-Vis Two-Tone Softshell",
    category: "hi-vis-jackets",
    shape: "jacket",
    price: 32.5,
    plusSizeUplift: 2.5,
    standards: ["EN ISO 20471 Class 2"],
    reflective: true,
    features: [
      ["Softshell", "Three-layer, wind resistant"],
      ["Navy lower", "Hides the dirt"],
      ["Thumb loops", "Stays put in the wind"],
    ],
    description: "Three-layer softshell with navy lower body and sleeves. Breathable and showerproof.",
    colors: [C.yellow, C.orange],
    sizes: SIZES_GARMENT,
    inStock: false,
    points: 14,
    customers: SITE,
  },
  {
    code: "HV220",
    name: "Rail Spec Orange Parka GO/RT 3279",
    category: "hi-vis-jackets",
    shape: "jacket",
    price: 46.0,
    plusSizeUplift: 3,
    standards: ["EN ISO 20471 Class 3", "GO/RT 3279", "EN 343 Class 3"],
    reflective: true,
    features: [
      ["Rail approved", "Network Rail GO/RT 3279"],
      ["Detachable liner", "Wear all year"],
      ["Radio loop", "Chest radio tab"],
    ],
    description: "Orange rail-specification parka with detachable fleece liner, two-way zip and radio loop.",
    colors: [C.orange],
    sizes: SIZES_GARMENT,
    inStock: true,
    points: 18,
    customers: ["apex"],
  },
  {
    code: "HV300",
    name: "Hi-Vis Polycotton Trousers",
    category: "hi-vis-trousers",
    shape: "trousers",
    price: 14.95,
    plusSizeUplift: 1.5,
    standards: ["EN ISO 20471 Class 1"],
    reflective: true,
    features: [
      ["Two bands", "Per leg, 50 mm tape"],
      ["Knee pad pockets", "Take EN 14404 pads"],
      ["Elasticated waist", "Comfort fit"],
    ],
    description: "Polycotton trousers with two reflective bands per leg and knee pad pockets.",
    colors: [C.yellow, C.orange],
    sizes: SIZES_WAIST,
    legLengths: LEGS,
    inStock: true,
    points: 6,
    customers: SITE,
  },
  {
    code: "HV310",
    name: "Rail Spec Orange Cargo Trousers",
    category: "hi-vis-trousers",
    shape: "trousers",
    price: 22.95,
    plusSizeUplift: 2,
    standards: ["EN ISO 20471 Class 2", "GO/RT 3279"],
    reflective: true,
    features: [
      ["Rail approved", "GO/RT 3279"],
      ["Cargo pockets", "Flapped, both legs"],
      ["Knee pad pockets", "Take EN 14404 pads"],
    ],
    description: "Class 2 orange cargo trousers for track-side work, with knee pad pockets and a phone pocket.",
    colors: [C.orange],
    sizes: SIZES_WAIST,
    legLengths: LEGS,
    inStock: true,
    points: 9,
    customers: ["apex"],
  },
  // ── Workwear ──────────────────────────────────────────────────────────────────────────
  {
    code: "WT100",
    name: "Craftsman Work Trousers",
    category: "work-trousers",
    shape: "trousers",
    price: 19.95,
    plusSizeUplift: 1.5,
    standards: [],
    features: [
      ["Holster pockets", "Detachable"],
      ["Cordura knees", "Reinforced, pad pockets"],
      ["Hammer loop", "Right leg"],
    ],
    description:
      "Durable 65/35 polycotton trousers with holster pockets, Cordura-reinforced knee pad pockets and a hammer loop.",
    colors: [C.black, C.navy, C.grey],
    sizes: SIZES_WAIST,
    legLengths: LEGS,
    inStock: true,
    points: 8,
    customers: SITE,
    sectors: ["facilities"],
  },
  {
    code: "WT110",
    name: "Action Stretch Trousers",
    category: "work-trousers",
    shape: "trousers",
    price: 27.5,
    plusSizeUplift: 2,
    standards: [],
    features: [
      ["Four-way stretch", "Moves with you"],
      ["Slim fit", "Tapered leg"],
      ["Zipped thigh pocket", "Secure phone storage"],
    ],
    description: "Modern slim-fit stretch trousers for engineers and site supervisors.",
    colors: [C.black, C.grey],
    sizes: SIZES_WAIST,
    legLengths: LEGS,
    inStock: false,
    points: 10,
    customers: ["northwind"],
  },
  {
    code: "WT120",
    name: "Classic Service Trousers",
    category: "work-trousers",
    shape: "trousers",
    price: 16.5,
    plusSizeUplift: 1,
    standards: [],
    features: [
      ["Flat front", "Smart, office-ready"],
      ["Easy care", "Wash at 60°C"],
      ["Belt loops", "Seven loops"],
    ],
    description: "Smart flat-front trousers for reception, porters and facilities staff.",
    colors: [C.black, C.navy],
    sizes: SIZES_WAIST,
    legLengths: LEGS,
    inStock: true,
    points: 7,
    customers: ["northwind", "harbour"],
  },
  {
    code: "PS100",
    name: "Premium Polo Shirt",
    category: "polos-tshirts",
    shape: "polo",
    price: 9.25,
    plusSizeUplift: 1,
    standards: [],
    features: [
      ["65/35 polycotton", "215 gsm piqué"],
      ["Colour fast", "Wash at 60°C"],
      ["Taped neck", "Keeps its shape"],
    ],
    description: "Hard-wearing piqué polo that keeps its colour wash after wash. Embroidery available.",
    colors: [C.navy, C.black, C.royal, C.white],
    sizes: SIZES_GARMENT,
    finishes: FINISHES,
    inStock: true,
    points: 4,
    customers: ALL,
    sectors: ["facilities", "healthcare"],
  },
  {
    code: "PS110",
    name: "Coolmax Sports Polo",
    category: "polos-tshirts",
    shape: "polo",
    price: 12.95,
    plusSizeUplift: 1,
    standards: [],
    features: [
      ["Wicking fabric", "Dries fast"],
      ["Antibacterial", "Odour control"],
      ["Side vents", "Longer back"],
    ],
    description: "Moisture-wicking polo for active roles: cleaners, porters and engineers.",
    colors: [C.navy, C.royal, C.grey],
    sizes: SIZES_GARMENT,
    inStock: true,
    points: 5,
    customers: ["northwind", "harbour"],
  },
  {
    code: "TS100",
    name: "Heavyweight Work T-Shirt",
    category: "polos-tshirts",
    shape: "polo",
    price: 5.75,
    plusSizeUplift: 0.75,
    standards: [],
    features: [
      ["100% cotton", "190 gsm"],
      ["Twin-needle hems", "Made to last"],
      ["Tubular", "No side seams"],
    ],
    description: "Heavyweight cotton t-shirt. The workhorse of every uniform.",
    colors: [C.navy, C.black, C.grey, C.white],
    sizes: SIZES_GARMENT,
    inStock: true,
    points: 2,
    customers: SITE,
  },
  {
    code: "JK100",
    name: "Microfleece Jacket",
    category: "jackets-fleeces",
    shape: "jacket",
    price: 14.5,
    plusSizeUplift: 1,
    standards: [],
    features: [
      ["Anti-pill", "280 gsm microfleece"],
      ["Full zip", "Zipped pockets"],
      ["Draw-cord hem", "Keeps the wind out"],
    ],
    description: "Anti-pill microfleece, warm and light, with zipped pockets.",
    colors: [C.navy, C.black, C.bottle],
    sizes: SIZES_GARMENT,
    finishes: FINISHES,
    inStock: true,
    points: 6,
    customers: ALL,
  },
  {
    code: "JK110",
    name: "Waterproof Breathable Jacket",
    category: "jackets-fleeces",
    shape: "jacket",
    price: 38.95,
    plusSizeUplift: 3,
    standards: ["EN 343 Class 3"],
    features: [
      ["Waterproof", "10,000 mm head"],
      ["Breathable", "Taped seams"],
      ["Stowaway hood", "In the collar"],
    ],
    description: "Fully waterproof shell for outdoor teams, with taped seams and a stowaway hood.",
    colors: [C.navy, C.black],
    sizes: SIZES_GARMENT,
    inStock: false,
    points: 15,
    customers: ["northwind", "apex"],
  },
  // ── Footwear ──────────────────────────────────────────────────────────────────────────
  {
    code: "SB100",
    name: "Dealer Boot S3",
    category: "safety-boots",
    shape: "boot",
    price: 49.0,
    standards: ["EN ISO 20345 S3", "SRC"],
    features: [
      ["Composite toecap", "200 J impact"],
      ["Anti-penetration midsole", "Non-metallic"],
      ["Water resistant", "Full-grain leather"],
    ],
    description: "Slip-on dealer boot with elasticated sides, composite toecap and midsole. SRC slip resistant.",
    colors: [C.black, C.brown],
    sizes: SIZES_BOOT,
    inStock: true,
    points: 20,
    customers: SITE,
    sectors: ["facilities"],
  },
  {
    code: "SB110",
    name: "Lace-Up Hiker Boot S3",
    category: "safety-boots",
    shape: "boot",
    price: 62.5,
    standards: ["EN ISO 20345 S3", "SRC", "HRO"],
    features: [
      ["Steel toecap", "200 J impact"],
      ["Heat-resistant sole", "HRO to 300°C"],
      ["Padded collar", "All-day comfort"],
    ],
    description: "Rugged hiker-style safety boot with a heat-resistant rubber outsole.",
    colors: [C.black, C.brown],
    sizes: SIZES_BOOT,
    inStock: true,
    points: 24,
    customers: SITE,
  },
  {
    code: "SB120",
    name: "Rail Boot S3 HRO",
    category: "safety-boots",
    shape: "boot",
    price: 74.0,
    standards: ["EN ISO 20345 S3", "HRO", "GO/RT 3279"],
    features: [
      ["Ankle support", "High leg"],
      ["Metal free", "Passes detectors"],
      ["Ballast sole", "Deep cleats"],
    ],
    description: "High-leg metal-free rail boot with a deep-cleat ballast-walking sole.",
    colors: [C.black],
    sizes: SIZES_BOOT,
    inStock: false,
    points: 28,
    customers: ["apex"],
  },
  {
    code: "ST100",
    name: "Safety Trainer S1P",
    category: "safety-trainers",
    shape: "boot",
    price: 39.95,
    standards: ["EN ISO 20345 S1P", "SRA"],
    features: [
      ["Lightweight", "Under 500 g"],
      ["Composite toecap", "Metal free"],
      ["Breathable", "Mesh upper"],
    ],
    description: "Trainer-style safety shoe for warehouses, porters and facilities teams.",
    colors: [C.black, C.grey],
    sizes: SIZES_BOOT,
    inStock: true,
    points: 16,
    customers: ALL,
  },
  {
    code: "ST110",
    name: "Healthcare Clog SB",
    category: "safety-trainers",
    shape: "boot",
    price: 29.5,
    standards: ["EN ISO 20347 OB", "SRC"],
    features: [
      ["Autoclavable", "Sterilise at 121°C"],
      ["Slip resistant", "SRC sole"],
      ["Antistatic", "ESD safe"],
    ],
    description: "Washable, autoclavable clog for theatres and wards.",
    colors: [C.white, C.navy, C.hospitalBlue],
    sizes: SIZES_BOOT,
    inStock: true,
    points: 10,
    customers: ["harbour"],
    sectors: ["healthcare"],
  },
  // ── Flame retardant ───────────────────────────────────────────────────────────────────
  {
    code: "FR100",
    name: "FR Anti-Static Coverall",
    category: "fr-coveralls",
    shape: "coverall",
    price: 58.0,
    plusSizeUplift: 4,
    standards: ["EN ISO 11612 A1 B1 C1", "EN 1149-5", "EN ISO 11611 Class 1"],
    features: [
      ["Inherent FR", "Won't wash out"],
      ["Anti-static", "EN 1149-5"],
      ["Concealed zip", "Stud-over storm flap"],
    ],
    description: "Flame-retardant, anti-static coverall for electrical and hot work.",
    colors: [C.navy, C.royal],
    sizes: SIZES_GARMENT,
    legLengths: ["Regular", "Tall"],
    inStock: false,
    points: 25,
    customers: SITE,
  },
  {
    code: "FR110",
    name: "FR Hi-Vis Arc Coverall",
    category: "fr-coveralls",
    shape: "coverall",
    price: 84.0,
    plusSizeUplift: 5,
    standards: ["EN ISO 11612 A1 B1 C1", "IEC 61482-2 Class 1", "EN ISO 20471 Class 3"],
    reflective: true,
    features: [
      ["Arc rated", "ATPV 8.4 cal/cm²"],
      ["FR tape", "Inherently FR reflective"],
      ["Two-way zip", "Brass"],
    ],
    description: "Multi-norm flame-retardant and arc-rated hi-vis coverall for rail electrification work.",
    colors: [C.orange],
    sizes: SIZES_GARMENT,
    legLengths: ["Regular", "Tall"],
    inStock: true,
    points: 32,
    customers: ["apex"],
  },
  {
    code: "FR200",
    name: "FR Multi-Norm Jacket",
    category: "fr-jackets-trousers",
    shape: "jacket",
    price: 64.0,
    plusSizeUplift: 4,
    standards: ["EN ISO 11612 A1 B1 C1", "EN 1149-5"],
    features: [
      ["Multi-norm", "Heat, flame, static"],
      ["Brass studs", "No exposed metal"],
      ["Pen pocket", "On sleeve"],
    ],
    description: "Flame-retardant work jacket for welding bays and plant rooms.",
    colors: [C.navy],
    sizes: SIZES_GARMENT,
    inStock: false,
    points: 26,
    customers: SITE,
  },
  {
    code: "FR210",
    name: "FR Multi-Norm Trousers",
    category: "fr-jackets-trousers",
    shape: "trousers",
    price: 48.5,
    plusSizeUplift: 3,
    standards: ["EN ISO 11612 A1 B1 C1", "EN 1149-5"],
    features: [
      ["Multi-norm", "Heat, flame, static"],
      ["Knee pad pockets", "FR pads sold separately"],
      ["Ruler pocket", "Right leg"],
    ],
    description: "Trousers to pair with the FR Multi-Norm Jacket.",
    colors: [C.navy],
    sizes: SIZES_WAIST,
    legLengths: LEGS,
    inStock: false,
    points: 20,
    customers: SITE,
  },
  // ── Gloves (sold in packs of ten) ─────────────────────────────────────────────────────
  {
    code: "GL100",
    name: "PU Palm Coated Gloves",
    category: "work-gloves",
    shape: "glove",
    price: 1.2,
    standards: ["EN 388 4131X"],
    features: [
      ["PU coated palm", "Excellent dexterity"],
      ["Knitted cuff", "Snug fit"],
      ["Touchscreen friendly", "Use a phone"],
    ],
    description: "General handling glove with a polyurethane-coated palm. Ordered in multiples of 10 pairs.",
    colors: [C.grey, C.black],
    sizes: SIZES_GLOVE,
    inStock: true,
    reorderMultiple: 10,
    minimumSaleQuantity: 10,
    points: 1,
    customers: ALL,
  },
  {
    code: "GL110",
    name: "Cut Level C Gloves",
    category: "work-gloves",
    shape: "glove",
    price: 3.45,
    standards: ["EN 388 4X42C"],
    features: [
      ["Cut level C", "EN ISO 13997"],
      ["Nitrile foam", "Grip in oil and wet"],
      ["HPPE liner", "Cool and light"],
    ],
    description: "Cut-resistant gloves for sheet metal, glass and waste handling. Multiples of 10 pairs.",
    colors: [C.grey],
    sizes: SIZES_GLOVE,
    inStock: true,
    reorderMultiple: 10,
    minimumSaleQuantity: 10,
    points: 2,
    customers: SITE,
  },
  {
    code: "GL120",
    name: "Thermal Rigger Gloves",
    category: "work-gloves",
    shape: "glove",
    price: 2.95,
    standards: ["EN 388 3122X", "EN 511 01X"],
    features: [
      ["Fleece lined", "Winter warmth"],
      ["Leather palm", "Hard-wearing"],
      ["Safety cuff", "Canvas"],
    ],
    description: "Fleece-lined leather rigger gloves for cold outdoor work. Multiples of 10 pairs.",
    colors: [C.brown],
    sizes: SIZES_GLOVE,
    inStock: true,
    reorderMultiple: 10,
    minimumSaleQuantity: 10,
    points: 2,
    customers: SITE,
  },
  {
    code: "GL200",
    name: "Nitrile Examination Gloves (box of 100)",
    category: "disposable-gloves",
    shape: "glove",
    price: 6.5,
    standards: ["EN ISO 374-5", "EN 455"],
    features: [
      ["Powder free", "Latex free"],
      ["Textured fingertips", "Sure grip"],
      ["Box of 100", "Ambidextrous"],
    ],
    description: "Medical-grade powder-free nitrile examination gloves. Ordered in multiples of 10 boxes.",
    colors: [C.royal],
    sizes: ["S", "M", "L", "XL"],
    inStock: true,
    reorderMultiple: 10,
    minimumSaleQuantity: 10,
    points: 1,
    customers: ["harbour", "northwind"],
    sectors: ["healthcare"],
  },
  // ── Healthcare ────────────────────────────────────────────────────────────────────────
  {
    code: "HC100",
    name: "Women's Healthcare Tunic",
    category: "tunics",
    shape: "tunic",
    price: 17.95,
    plusSizeUplift: 1.5,
    standards: [],
    features: [
      ["Stud front", "Easy on and off"],
      ["Wash at 85°C", "Infection control"],
      ["Three pockets", "Pens, fob watch, phone"],
    ],
    description: "Classic-fit women's tunic with contrast trim, industrially washable at 85°C.",
    colors: [C.hospitalBlue, C.navy, C.maroon, C.lilac],
    sizes: SIZES_TUNIC,
    finishes: FINISHES,
    inStock: true,
    points: 8,
    customers: ["harbour"],
    sectors: ["healthcare"],
  },
  {
    code: "HC110",
    name: "Men's Healthcare Tunic",
    category: "tunics",
    shape: "tunic",
    price: 17.95,
    plusSizeUplift: 1.5,
    standards: [],
    features: [
      ["Mandarin collar", "Smart and practical"],
      ["Wash at 85°C", "Infection control"],
      ["Side vents", "Freedom of movement"],
    ],
    description: "Men's mandarin-collar tunic, industrially washable at 85°C.",
    colors: [C.hospitalBlue, C.navy, C.white, C.bottle],
    sizes: SIZES_GARMENT,
    inStock: true,
    points: 8,
    customers: ["harbour"],
    sectors: ["healthcare"],
  },
  {
    code: "HC120",
    name: "Stretch Healthcare Tunic",
    category: "tunics",
    shape: "tunic",
    price: 21.5,
    plusSizeUplift: 1.5,
    standards: [],
    features: [
      ["Two-way stretch", "Comfort on long shifts"],
      ["Antimicrobial", "Treated fabric"],
      ["Zip front", "Concealed"],
    ],
    description: "Modern stretch tunic with antimicrobial finish. Made to order in trust colours.",
    colors: [C.navy, C.aqua, C.maroon],
    sizes: SIZES_TUNIC,
    inStock: false,
    points: 10,
    customers: ["harbour"],
  },
  {
    code: "HC200",
    name: "Unisex Scrub Top",
    category: "scrubs",
    shape: "tunic",
    price: 9.95,
    plusSizeUplift: 1,
    standards: [],
    features: [
      ["V-neck", "Reversible"],
      ["Wash at 75°C", "Colour fast"],
      ["Chest pocket", "Pen divider"],
    ],
    description: "Reversible unisex scrub top in theatre colours.",
    colors: [C.hospitalBlue, C.bottle, C.maroon, C.navy],
    sizes: SIZES_TUNIC,
    inStock: true,
    points: 4,
    customers: ["harbour"],
    sectors: ["healthcare"],
  },
  {
    code: "HC210",
    name: "Unisex Scrub Trousers",
    category: "scrubs",
    shape: "trousers",
    price: 9.95,
    plusSizeUplift: 1,
    standards: [],
    features: [
      ["Drawstring waist", "Adjustable"],
      ["Wash at 75°C", "Colour fast"],
      ["Back pocket", "Single"],
    ],
    description: "Drawstring scrub trousers to match the Unisex Scrub Top.",
    colors: [C.hospitalBlue, C.bottle, C.maroon, C.navy],
    sizes: SIZES_TUNIC,
    legLengths: ["Regular", "Long"],
    inStock: true,
    points: 4,
    customers: ["harbour"],
  },
  {
    code: "HC300",
    name: "Healthcare Cardigan",
    category: "tunics",
    shape: "jacket",
    price: 19.5,
    standards: [],
    features: [
      ["Fine knit", "Acrylic"],
      ["Two pockets", "Patch"],
      ["Button front", "Five buttons"],
    ],
    description: "Fine-knit cardigan for wards and community teams.",
    colors: [C.navy, C.black],
    sizes: SIZES_TUNIC,
    inStock: true,
    points: 7,
    customers: ["harbour"],
  },
  // ── PPE accessories ───────────────────────────────────────────────────────────────────
  {
    code: "PP100",
    name: "Vented Safety Helmet",
    category: "head-eye",
    shape: "helmet",
    price: 6.95,
    standards: ["EN 397"],
    features: [
      ["Vented shell", "Cool in summer"],
      ["Wheel ratchet", "Fits 53–63 cm"],
      ["Accessory slots", "Ear defenders"],
    ],
    description: "Vented HDPE safety helmet with wheel-ratchet harness.",
    colors: [C.white, C.yellow, C.orange, C.royal],
    sizes: ["One Size"],
    inStock: true,
    points: 3,
    customers: SITE,
    sectors: ["facilities"],
  },
  {
    code: "PP110",
    name: "Anti-Mist Safety Glasses",
    category: "head-eye",
    shape: "glasses",
    price: 2.25,
    standards: ["EN 166 1F"],
    features: [
      ["Anti-mist", "Anti-scratch coating"],
      ["Wraparound", "Side protection"],
      ["Clear lens", "Indoor and outdoor"],
    ],
    description: "Wraparound safety spectacles with anti-mist, anti-scratch lenses. Multiples of 10.",
    colors: [C.black],
    sizes: ["One Size"],
    inStock: true,
    reorderMultiple: 10,
    points: 1,
    customers: ALL,
  },
];

export const SECTORS: { key: SectorKey; name: string }[] = [
  { key: "facilities", name: "Facilities & Infrastructure" },
  { key: "healthcare", name: "Healthcare" },
];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/["']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function isPlusSize(size: string): boolean {
  return /^(2XL|3XL|4XL|40|42)$/.test(size);
}

/** A sellable variant (or the parent's own row) before it becomes a database row. */
export interface VariantDef {
  code: string;
  size: string;
  legLength?: string;
  color: ColorDef;
  finish?: string;
  price: number;
}

export function expandVariants(product: ProductDef): VariantDef[] {
  const out: VariantDef[] = [];
  const legs = product.legLengths ?? [undefined];
  const finishes = product.finishes ?? [undefined];
  for (const color of product.colors) {
    for (const size of product.sizes) {
      for (const legLength of legs) {
        for (const finish of finishes) {
          const uplift = isPlusSize(size) ? (product.plusSizeUplift ?? 0) : 0;
          const finishUplift = finish === "Embroidered Logo" ? 3.5 : 0;
          const parts = [
            product.code,
            colorCode(color),
            sizeCode(size),
            legLength && sizeCode(legLength),
            finish && finish[0],
          ];
          out.push({
            code: parts.filter(Boolean).join("-"),
            size,
            legLength,
            color,
            finish,
            price: round2(product.price + uplift + finishUplift),
          });
        }
      }
    }
  }
  return out;
}

function colorCode(color: ColorDef): string {
  return color.name
    .split(" ")
    .map((w) => w.slice(0, w.length > 4 && color.name.includes(" ") ? 1 : 3))
    .join("")
    .toUpperCase();
}

// the whole option, never a cut: a code cut at six letters ("29SHOR", "ONESIZ") read as a broken code on every
// order line, saved basket and approval that showed it (issue 34 item 5, decision 161)
function sizeCode(size: string): string {
  return size.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function imagePath(product: Pick<ProductDef, "code">, color: ColorDef): string {
  return `/images/products/${product.code.toLowerCase()}-${slugify(color.name)}.svg`;
}
