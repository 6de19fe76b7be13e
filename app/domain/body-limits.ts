// Issue 32 item 8(a), decision 150: how many bytes a request body may hold, by where it goes. The portal's HTTP layer
// counts every body against these (app/http/body-limit.server.ts); the cXML reader keeps its own document limit.

/** Form posts (the quick-order CSV, at most 100 KB, is one of them): 1 MB. */
export const FORM_BODY_LIMIT = 1024 * 1024;
/** A cXML document (decision 108), and so the body of a post to /punchout/cxml/…: 256 KB. */
export const CXML_BODY_LIMIT = 256 * 1024;
/** The SAP OCI log-in (/punchout/oci), a public form of a few fields: 64 KB. */
export const OCI_BODY_LIMIT = 64 * 1024;
/**
 * An ERP feed uploaded on /admin/netsuite-pull (issue 33 item 4, decision 156): 512 KB, checked by the portal before
 * it sends and by the provider, which keeps the feed in its database; it fits both sides' 1 MB body limits.
 */
export const ERP_FEED_UPLOAD_LIMIT = 512 * 1024;
/**
 * The promotion form (/admin/promo/new, /admin/promo/{id}) with its image (issue 34 item 4, decision 165): 4 MB, so an
 * image over the 2 MB the rule takes (PROMO_IMAGE_LIMIT) still reaches the form and is refused under its field; a
 * larger body is the HTTP layer's 413.
 */
export const PROMO_FORM_BODY_LIMIT = 4 * 1024 * 1024;
