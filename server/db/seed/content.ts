/**
 * Editorial content (WordPress-shaped news with categories, CMS pages incl. 'banner-block', training
 * guides) and the small per-user things: saved baskets, wish lists, news read, report tasks, settings.
 */
import type { SellableItem } from "./catalogue-rows";
import type { CustomerContext } from "./people-rows";
import type { Row, TableRows } from "./insert";
import type { CustomerKey } from "./catalogue";
import { pdfFileName, REFERENCE_GUIDES, textPdf, type PdfSection } from "./guide-pdfs";

const NEWS_TERMS = [
  { id: 1, name: "Company News", slug: "company-news" },
  { id: 2, name: "Product Updates", slug: "product-updates" },
  { id: 3, name: "Health & Safety", slug: "health-and-safety" },
  { id: 4, name: "Sustainability", slug: "sustainability" },
];

const NEWS: {
  slug: string;
  title: string;
  terms: number[];
  excerpt: string;
  body: string[];
  daysAgo: number;
  image: string;
}[] = [
  {
    slug: "winter-hi-vis-range-now-in-stock",
    title: "Winter hi-vis range now in stock",
    terms: [2],
    daysAgo: 3,
    image: "hv200-yellow",
    excerpt: "Class 3 bombers and parkas are back on next-day delivery for the cold months.",
    body: [
      "Our full winter hi-vis range is now in stock at our Wakefield warehouse.",
      "Order by 4pm for next-working-day delivery to any UK mainland address.",
    ],
  },
  {
    slug: "en-iso-20345-2022-what-changes",
    title: "EN ISO 20345:2022 – what changes for your safety boots",
    terms: [3, 2],
    daysAgo: 12,
    image: "sb100-black",
    excerpt: "The revised footwear standard introduces new slip-resistance marking. Here is what to look for.",
    body: [
      "The 2022 revision of EN ISO 20345 replaces SRA, SRB and SRC with a single SR marking.",
      "Boots certified to the 2011 standard remain valid until their certificate expires.",
    ],
  },
  {
    slug: "christmas-delivery-dates-2026",
    title: "Christmas and New Year delivery dates",
    terms: [1],
    daysAgo: 20,
    image: "jk100-navy",
    excerpt: "Last order dates for delivery before the holidays.",
    body: [
      "Last orders for standard delivery: Thursday 17 December.",
      "Last orders for next working day: Tuesday 22 December, 2pm.",
    ],
  },
  {
    slug: "recycled-polo-range-launch",
    title: "Launching polos made from recycled bottles",
    terms: [4, 2],
    daysAgo: 34,
    image: "ps100-navy",
    excerpt: "Each polo in our new range uses around 12 recycled plastic bottles.",
    body: [
      "Our new polo range is made from 100% recycled polyester.",
      "Embroidery and print are available as standard.",
    ],
  },
  {
    slug: "flame-retardant-garment-care",
    title: "Caring for flame-retardant garments",
    terms: [3],
    daysAgo: 48,
    image: "fr100-navy",
    excerpt: "Washing FR clothing properly keeps it protecting you.",
    body: [
      "Never use fabric softener on flame-retardant garments: it can coat the fibres and reduce protection.",
      "Inspect garments for holes, tears and contamination before every shift.",
    ],
  },
  {
    slug: "new-healthcare-tunic-colours",
    title: "Five new healthcare tunic colours",
    terms: [2],
    daysAgo: 61,
    image: "hc100-lilac",
    excerpt: "Lilac, aqua and maroon join the made-to-order tunic range.",
    body: ["The new colours help teams tell roles apart on the ward at a glance."],
  },
  {
    slug: "warehouse-solar-panels",
    title: "Our warehouse now runs on solar",
    terms: [4, 1],
    daysAgo: 75,
    image: "hv100-yellow",
    excerpt: "1,200 panels on the roof cover most of the site's daytime power.",
    body: ["The installation will save around 180 tonnes of CO2 a year."],
  },
  {
    slug: "glove-selection-guide",
    title: "Choosing the right cut-resistant glove",
    terms: [3],
    daysAgo: 90,
    image: "gl110-grey",
    excerpt: "A quick guide to EN 388 cut levels A to F.",
    body: ["EN 388:2016 rates cut resistance with the ISO 13997 test, shown as a letter A–F."],
  },
  {
    slug: "wearer-packs-explained",
    title: "Wearer packs: ordering a starter kit in one go",
    terms: [1],
    daysAgo: 120,
    image: "wt100-navy",
    excerpt: "Set budgets per employee and order a full starter pack in a few clicks.",
    body: ["Wearer packs let you order for several employees at once, each within their allowance."],
  },
  {
    slug: "rail-ppe-go-rt-3279",
    title: "Rail PPE and GO/RT 3279",
    terms: [3, 2],
    daysAgo: 150,
    image: "hv220-orange",
    excerpt: "What the Railway Group Standard asks of hi-vis clothing track-side.",
    body: ["Orange hi-vis to GO/RT 3279 is required for anyone on or near the line."],
  },
  {
    slug: "customer-portal-refresh",
    title: "A faster customer portal",
    terms: [1],
    daysAgo: 200,
    image: "pp100-white",
    excerpt: "Order history filters, saved baskets and quicker reorders.",
    body: ["You can now filter order history by status and date, and reorder in one click."],
  },
  {
    slug: "textile-take-back-scheme",
    title: "Textile take-back scheme",
    terms: [4],
    daysAgo: 260,
    image: "ts100-grey",
    excerpt: "Send us your old workwear and we will recycle it.",
    body: ["Old garments are shredded into insulation and industrial wipers."],
  },
];

/** Content pages (/cms/{slug}); `footer` is the footer link's place (acf.footer, acf.footerOrder). */
const PAGES: { slug: string; title: string; content: string; footer: number }[] = [
  {
    slug: "about-us",
    title: "About us",
    footer: 6,
    content:
      "<p>We have supplied workwear and uniforms to UK businesses since 1987, from our warehouse in Wakefield.</p>",
  },
  {
    slug: "delivery-information",
    title: "Delivery information",
    footer: 1,
    content:
      "<p>Orders for in-stock items placed by 4pm are despatched the same day. Special order items take 10–15 working days.</p>",
  },
  {
    slug: "returns-policy",
    title: "Returns policy",
    footer: 2,
    content:
      "<p>Unworn, unbranded items may be returned within 30 days. Embroidered and special order items cannot be returned.</p>",
  },
  {
    slug: "size-guide",
    title: "Size guide",
    footer: 3,
    content:
      "<table><tr><th>Size</th><th>Chest (in)</th></tr><tr><td>S</td><td>36–38</td></tr><tr><td>M</td><td>39–41</td></tr><tr><td>L</td><td>42–44</td></tr><tr><td>XL</td><td>45–47</td></tr><tr><td>2XL</td><td>48–50</td></tr><tr><td>3XL</td><td>51–53</td></tr></table>",
  },
  {
    slug: "privacy-policy",
    title: "Privacy policy",
    footer: 5,
    content: "<p>We process personal data only to supply your orders. See our full notice for details.</p>",
  },
];

/** Pages added after the guides' pages, so that the earlier pages keep their ids. */
const LATER_PAGES: { slug: string; title: string; content: string; acf: Record<string, unknown> }[] = [
  {
    slug: "terms-of-sale",
    title: "Terms of sale",
    acf: { footer: true, footerOrder: 4 },
    content: [
      "<h2>Prices and payment</h2>",
      "<p>Prices are shown excluding VAT and are those agreed on your account. Invoices are payable within 30 days of the invoice date unless your account says otherwise.</p>",
      "<h2>Delivery</h2>",
      "<p>Delivery dates are estimates. Risk in the goods passes to you on delivery; ownership passes when we have been paid in full.</p>",
      "<h2>Branded and special order items</h2>",
      "<p>Embroidered, printed and special order items are made for you and cannot be cancelled once production has started.</p>",
    ].join("\n"),
  },
  {
    slug: "site-banner",
    title: "Site banner",
    content: "",
    acf: {
      message: "Order by 3pm for next-day delivery on in-stock items. Christmas cut-off: Friday 18 December.",
      link: { href: "/news/christmas-delivery-dates-2026", text: "Delivery dates" },
    },
  },
];

const GUIDES: { slug: string; title: string; description: string; category: string; steps: string[] }[] = [
  {
    slug: "guide-placing-a-stock-order",
    title: "Placing a stock order",
    category: "Ordering",
    description: "Browse, add to basket and check out on account.",
    steps: [
      "Choose a category or search.",
      "Pick size, leg length and colour, then Add to basket.",
      "Open the basket, choose a delivery address and shipping method, and submit.",
    ],
  },
  {
    slug: "guide-ordering-wearer-packs",
    title: "Ordering wearer packs",
    category: "Ordering",
    description: "Order kit for named employees within their allowance.",
    steps: [
      "Open Wearer packs and choose an employee.",
      "Add items: the budget shows what is left.",
      "Add more employees, then check out once.",
    ],
  },
  {
    slug: "guide-approving-orders",
    title: "Approving orders",
    category: "Approvals",
    description: "For supervisors who approve their team's orders.",
    steps: [
      "Open Orders to approve.",
      "Check lines and delivery address.",
      "Approve, or reject with a note for the requester.",
    ],
  },
  {
    slug: "guide-tracking-a-despatch",
    title: "Tracking a despatch",
    category: "After ordering",
    description: "Find tracking numbers in your order history.",
    steps: ["Open Order history and choose the order.", "Each despatch shows the carrier and tracking number."],
  },
];

/** The downloads page's categories, in their display order (training_guides.category_order). */
const GUIDE_CATEGORIES = ["Garment care", "Safety standards", "Ordering", "Approvals", "After ordering"];

/** Guides with only a file (no CMS page), after the ordering guides so that those keep ids 1–4; `customer` = one customer's own. */
const FILE_GUIDES: {
  title: string;
  description: string;
  category: string;
  sections: PdfSection[];
  customer?: CustomerKey;
}[] = [
  {
    title: "Garment care",
    category: "Garment care",
    description: "Washing, drying and inspecting hi-vis and flame-retardant workwear.",
    sections: REFERENCE_GUIDES["garment-care"],
  },
  {
    title: "Hi-vis classes explained",
    category: "Safety standards",
    description: "EN ISO 20471 classes 1 to 3 and where each is needed.",
    sections: REFERENCE_GUIDES["hi-vis-classes"],
  },
  {
    title: "PPE sizing",
    category: "Safety standards",
    description: "How to measure for garments, gloves and footwear.",
    sections: REFERENCE_GUIDES["ppe-sizing"],
  },
  {
    title: "Ward uniform policy",
    category: "Garment care",
    customer: "harbour",
    description: "Harbour Health Trust's colours by role and laundering at 60°C.",
    sections: [
      {
        heading: "Colours by role",
        paragraphs: [
          "Nurses wear hospital blue, healthcare assistants lilac and ward managers navy.",
          "Tunics are laundered at 60°C by the Trust's laundry, never at home.",
        ],
      },
    ],
  },
];

export interface ContentInput {
  anchorMs: number;
  contexts: Record<CustomerKey, CustomerContext>;
  sellable: Record<CustomerKey, SellableItem[]>;
}

const DAY = 86_400_000;

/** Every guide with its PDF (decision 117): the ordering guides' steps as a file too, then the reference guides. */
function trainingGuides(input: ContentInput): Row[] {
  const guides = [
    ...GUIDES.map((g) => ({
      title: g.title,
      description: g.description,
      category: g.category,
      customer: undefined as CustomerKey | undefined,
      sections: [{ paragraphs: [g.description, ...g.steps.map((step, i) => `${i + 1}. ${step}`)] }],
    })),
    ...FILE_GUIDES,
  ];
  const inCategory = new Map<string, number>();
  return guides.map((g, i) => {
    const file = textPdf(g.title, g.sections);
    const order = inCategory.get(g.category) ?? 0;
    inCategory.set(g.category, order + 1);
    return {
      id: i + 1,
      customer_id: g.customer ? input.contexts[g.customer].customer.id : null,
      title: g.title,
      description: g.description,
      file_url: `/api/training-guides/${i + 1}/file`,
      category: g.category,
      category_order: GUIDE_CATEGORIES.indexOf(g.category) + 1,
      display_order: order,
      file_name: pdfFileName(g.title),
      content_type: "application/pdf",
      file_size: file.length,
      file_base64: file.toString("base64"),
    };
  });
}

export function buildContent(input: ContentInput): TableRows {
  const at = (daysAgo: number) => new Date(input.anchorMs - daysAgo * DAY).toISOString();
  const wpPosts = NEWS.map((n, i) => ({
    id: i + 1,
    slug: n.slug,
    title: n.title,
    excerpt: `<p>${n.excerpt}</p>`,
    content: n.body.map((p) => `<p>${p}</p>`).join("\n"),
    date: at(n.daysAgo),
    modified: at(n.daysAgo),
    status: "publish",
    author_name: "Workwear Team",
    featured_image: `/images/products/${n.image}.svg`,
  }));
  const pages: Row[] = [
    {
      slug: "banner-block",
      title: "Banner block",
      content: "",
      acf_json: JSON.stringify({
        flexible_content: [
          {
            acf_fc_layout: "hero",
            heading: "Winter hi-vis in stock",
            text: "Class 3 jackets on next-day delivery.",
            link: "/categories/full/hi-vis/hi-vis-jackets",
            image: "/images/products/hv200-yellow.svg",
          },
          {
            acf_fc_layout: "hero",
            heading: "Polos made from recycled bottles",
            text: "Our new polo range uses around 12 recycled bottles per shirt.",
            link: "/news/recycled-polo-range-launch",
            image: "/images/products/ps100-navy.svg",
          },
          {
            acf_fc_layout: "hero",
            heading: "Hi-vis and garment care guides",
            text: "Download our guides to hi-vis classes, garment care and PPE sizing.",
            link: "/cms/download",
            image: "/images/products/fr100-navy.svg",
          },
          { acf_fc_layout: "product_banner", heading: "Recommended for your sector", source: "sector", count: 4 },
          { acf_fc_layout: "product_banner", heading: "Popular this month", source: "items", count: 4, skip: 4 },
          {
            acf_fc_layout: "text",
            heading: "Christmas delivery dates",
            text: "Last orders for standard delivery: Thursday 17 December.",
            link: "/news/christmas-delivery-dates-2026",
          },
        ],
      }),
    },
    ...PAGES.map(({ footer, ...p }) => ({ ...p, acf_json: JSON.stringify({ footer: true, footerOrder: footer }) })),
    ...GUIDES.map((g) => ({
      slug: g.slug,
      title: g.title,
      content: `<p>${g.description}</p><ol>${g.steps.map((s) => `<li>${s}</li>`).join("")}</ol>`,
      acf_json: JSON.stringify({ guide: true, category: g.category }),
    })),
    ...LATER_PAGES.map(({ acf, ...p }) => ({ ...p, acf_json: JSON.stringify(acf) })),
  ].map((p, i) => ({ id: i + 1, ...p, modified: at(30), status: "publish" }));

  const nw = input.contexts.northwind;
  const buyer = nw.users.get("buyer@demo.test")!;
  const requester = nw.users.get("requester@demo.test")!;
  const punchout = input.contexts.apex.users.get("punchout@demo.test")!;
  const baskets: {
    id: number;
    customer: CustomerContext;
    userId: number;
    name: string;
    checkedOut?: boolean;
    punchout?: boolean;
    approved?: boolean;
    daysAgo: number;
    picks: number[];
  }[] = [
    { id: 1, customer: nw, userId: buyer.userId!, name: "Monthly cleaning restock", daysAgo: 4, picks: [0, 5, 9] },
    {
      id: 2,
      customer: nw,
      userId: buyer.userId!,
      name: "New starters – Manchester depot",
      daysAgo: 10,
      picks: [14, 40, 77, 120],
    },
    {
      id: 3,
      customer: nw,
      userId: buyer.userId!,
      name: "October PPE top-up",
      checkedOut: true,
      daysAgo: 35,
      picks: [3, 60],
    },
    { id: 4, customer: nw, userId: requester.userId!, name: "Engineers' winter kit", daysAgo: 2, picks: [20, 33] },
    {
      id: 5,
      customer: input.contexts.harbour,
      userId: buyer.userId!,
      name: "Ward 7 tunics",
      daysAgo: 6,
      picks: [1, 8, 15],
    },
    {
      id: 6,
      customer: input.contexts.apex,
      userId: punchout.userId!,
      name: "Punchout basket – Ariba requisition 4471",
      punchout: true,
      daysAgo: 1,
      picks: [2, 11],
    },
    {
      id: 7,
      customer: input.contexts.apex,
      userId: punchout.userId!,
      name: "Punchout basket – Ariba requisition 4398",
      punchout: true,
      approved: true,
      checkedOut: true,
      daysAgo: 9,
      picks: [4],
    },
  ];
  const savedBaskets: Row[] = [];
  const savedItems: Row[] = [];
  for (const b of baskets) {
    savedBaskets.push({
      id: b.id,
      customer_id: b.customer.customer.id,
      user_id: b.userId,
      basket_name: b.name,
      checked_out: Boolean(b.checkedOut),
      address_id: b.customer.addresses[0].id,
      is_punchout: Boolean(b.punchout),
      punchout_approved: Boolean(b.approved),
      created_at: at(b.daysAgo),
      updated_at: at(b.daysAgo),
    });
    const items = input.sellable[b.customer.customer.key];
    for (const [j, pick] of b.picks.entries()) {
      const item = items[pick % items.length];
      savedItems.push({
        id: savedItems.length + 1,
        basket_id: b.id,
        item_id: item.id,
        parent_id: item.parentId,
        price: item.price,
        qty: item.step * (j + 1),
        name: item.name,
        thumbnail: item.thumbnail,
      });
    }
  }
  const wishes: [CustomerContext, number, number[]][] = [
    [nw, buyer.userId!, [7, 30, 64, 90]],
    [nw, requester.userId!, [12, 45]],
    [input.contexts.harbour, buyer.userId!, [3, 22, 50]],
  ];
  const wishList: Row[] = wishes
    .flatMap(([ctx, userId, picks]) =>
      [
        ...new Set(
          picks.map((p) => input.sellable[ctx.customer.key][p % input.sellable[ctx.customer.key].length].parentId),
        ),
      ].map((itemId) => ({
        customer_id: ctx.customer.id,
        user_id: userId,
        item_id: itemId,
        created_at: at(7),
      })),
    )
    .map((row, i) => ({ id: i + 1, ...row }));

  return {
    wp_terms: NEWS_TERMS.map((t) => ({ ...t, taxonomy: "category" })),
    wp_posts: wpPosts,
    wp_post_terms: NEWS.flatMap((n, i) => n.terms.map((term) => ({ post_id: i + 1, term_id: term }))),
    news_reads: [5, 7, 9].map((postId) => ({ user_id: buyer.userId!, post_id: postId, read_at: at(2) })),
    wp_pages: pages,
    training_guides: trainingGuides(input),

    saved_baskets: savedBaskets,
    saved_basket_items: savedItems,
    wish_list: wishList,
    // decision 122: one spend-by-month task of buyer@demo.test's at Northwind (a quarter before the first orders, so
    // its empty months are the true answer). No failed one: a fresh install shows no failure (issue 34 item 7)
    report_tasks: [
      {
        // left pending: the provider's report worker runs it when the provider first starts, so its figures are the
        // seeded orders' own, never written by hand
        id: 1,
        customer_id: nw.customer.id,
        user_id: buyer.userId!,
        type: "spend-by-month",
        status: "pending",
        success: null,
        params_json: JSON.stringify({ from: "2026-01-01", to: "2026-10-31", departments: [], employees: [] }),
        result_json: null,
        row_count: null,
        attempts: 0,
        reason: null,
        created_at: at(15),
        started_at: null,
        finished_at: null,
      },
    ],
    // the bypass token is left to the provider, which makes a random one on first use
    settings: [{ key: "maintenance_enabled", value: "false" }],
  };
}
