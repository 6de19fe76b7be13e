// Rows as Knex returns them for the tables the orders code reads (server/db/migrations). A decimal column comes
// back as a number from SQLite and as a string from PostgreSQL; a boolean as 1/0 from SQLite and true/false from
// PostgreSQL: the types say so, and the code converts (money(), Number(), !!) where it matters.

export type Decimal = number | string;
export type Flag = boolean | number;

export interface OrderRow {
  id: number;
  tran_id: string;
  other_ref_num: string | null;
  customer_id: number;
  placed_by_user_id: number | null;
  contact_id: number | null;
  contact_name: string;
  employee_contact_id: number | null;
  department_id: number | null;
  created_date: string;
  ship_date: string | null;
  order_status: string;
  /** 1 = wearer pack, 2 = stock. */
  sales_order_type_id: number;
  sub_total: Decimal;
  shipping_cost: Decimal;
  tax_total: Decimal;
  shipping_method_id: number | null;
  ship_address_id: number | null;
  ship_addressee: string | null;
  ship_addr1: string | null;
  ship_addr2: string | null;
  ship_city: string | null;
  ship_zip: string | null;
  ship_addr_text: string | null;
  message: string | null;
  payment_method_id: number | null;
  web_rejected: Flag;
  pending_web_approval: Flag;
  rejection_note: string | null;
  picking_note: string | null;
  approver_user_id: number | null;
  /** 'approved' | 'rejected' */
  decision: string | null;
  decided_at: string | null;
  decided_by_user_id: number | null;
  idempotency_key: string | null;
  punchout_session: string | null;
  search_text: string;
  stripe_id: string | null;
  stripe_paid: Flag;
  basket_version: number | null;
}

export interface OrderLineRow {
  id: number;
  order_id: number;
  line_no: number;
  item_id: number | null;
  parent_item_id: number | null;
  item_code: string | null;
  name: string;
  quantity: number;
  rate: Decimal;
  amount: Decimal;
  employee_contact_id: number | null;
  ship_address_id: number | null;
  ship_address_name: string | null;
  quantity_fulfilled: number;
}

export interface ShipGroupRow {
  id: number;
  order_id: number;
  address_id: number | null;
  address_name: string | null;
  address_text: string;
  shipping_method_id: number | null;
  shipping_cost: Decimal;
}

export interface DespatchRow {
  id: number;
  order_id: number;
  tran_id: string;
  created_date: string;
  carrier: string | null;
  tracking_number: string | null;
  status: string;
}

export interface DespatchLineRow {
  id: number;
  despatch_id: number;
  order_line_id: number | null;
  item_id: number | null;
  name: string;
  quantity: number;
}

/** The items columns the orders code reads (the table has more: catalogue text, sizes, search text). */
export interface ItemRow {
  id: number;
  parent_id: number | null;
  /** 'parent' | 'child' | null */
  matrix_type: string | null;
  display_name: string;
  item_code: string;
  price: Decimal | null;
  quantity_step: number;
  minimum_sale_quantity: number;
  allocation_type: string | null;
  item_points: number | null;
  images_json: string;
  default_image: string | null;
  is_inactive: Flag;
}

export interface ContactRow {
  id: number;
  customer_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  grade: string | null;
  budget_type: string | null;
  employee_ref: string | null;
  is_inactive: Flag;
  manpack_user: Flag;
  department_id: number | null;
  cost_centre_id: number | null;
}

/** A wearer's allowance (contact_budgets): 'Points', or one per allocation type. */
export interface BudgetRow {
  id: number;
  customer_id: number;
  contact_id: number;
  type: string;
  qty: number;
  reset_days: number | null;
  reset_date: string | null;
  allocation_type: string | null;
  allocation_type_name: string | null;
  used_qty: number;
}

export interface CarriageRow {
  id: number;
  customer_id: number | null;
  description: string;
  shipping_flat_rate_amount: Decimal;
  minimum_order_amount: Decimal | null;
  is_inactive: Flag;
}

export interface AddressRow {
  id: number;
  customer_id: number;
  /** 'customer' | 'custom' */
  kind: string;
  created_by_user_id: number | null;
  label: string;
  addressee: string | null;
  addr1: string;
  addr2: string;
  city: string;
  zip: string;
  country: string;
  addr_text: string;
  is_inactive: Flag;
  created_at: string | null;
}

export interface UserCustomerRow {
  id: number;
  user_id: number;
  customer_id: number;
  contact_id: number;
  permissions_json: string;
  is_approver: Flag;
  needs_approval: Flag;
  wp_contact_only: Flag;
  approver_user_id: number | null;
}
