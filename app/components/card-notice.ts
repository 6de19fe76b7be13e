/** Shown by the checkout until (or unless) the card field is on the page: the card is then taken on Stripe's page. */
export const HOSTED_PAGE_NOTICE = "Paying by card? You enter your card details on Stripe's secure payment page next.";
