import sanitizeHtml from "sanitize-html";

/**
 * CMS HTML (news posts, content pages, training guides) as the portal draws it (issue 18 item 6, decision 116):
 * sanitised on the server with sanitize-html against an allow-list, so what reaches the page is text formatting,
 * lists, tables, images and links only. Never scripts, styles, event handlers, forms, frames of any origin, or
 * `javascript:`/`data:`/`vbscript:` addresses; the result is drawn with dangerouslySetInnerHTML and ships no code.
 *
 * - A heading of level 1 becomes level 2 (the page has its own h1).
 * - Links keep http(s), mailto and tel and site-relative addresses; a link to another site gets
 *   rel="noopener noreferrer" and no target.
 * - Images keep https and site-relative sources, with their alt text (empty when none, so it reads as decoration).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "blockquote",
    "q",
    "cite",
    "abbr",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "span",
    "div",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    abbr: ["title"],
    ol: ["start", "reversed"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // their text would be code or noise, not content
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object", "embed", "title"],
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: /^\s*https?:/i.test(rest.href ?? "") ? { ...rest, rel: "noopener noreferrer" } : rest,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitiseCmsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const ESCAPED: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };

/**
 * The plain text of CMS HTML, for React to draw as text (a title, an excerpt in a list, an image's alt): every tag
 * and what scripts and styles hold gone, entities decoded (`&#8211;` → –, `&amp;` → &), white space folded.
 */
export function cmsText(html: string): string {
  const parts: string[] = [];
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
    // the parser has decoded every entity; sanitize-html escapes only these again before the filter sees the text
    textFilter: (text) => {
      parts.push(text.replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ESCAPED[entity] ?? entity));
      return text;
    },
  });
  return parts.join("").replace(/\s+/g, " ").trim();
}
