// /basket/checkout-success (SPEC §2): the same confirmation as /order-complete, by the address card payments return to.
export { default, headers, links, loader, meta } from "./_basket.order-complete";
