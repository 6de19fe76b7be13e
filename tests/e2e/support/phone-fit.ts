import type { Page } from "@playwright/test";

/** A phone's viewport (issue 34 item 2): the width every screen must fit without sideways scrolling. */
export const PHONE = { width: 390, height: 844 };

/**
 * What a phone sees of the page as it stands: how wide the document is against the viewport, and how tall the header
 * and the site notice under it are together (from the header's top to the notice's bottom, the header's alone when
 * there is no notice).
 */
export async function phoneFit(
  page: Page,
): Promise<{ scrollWidth: number; innerWidth: number; headerAndNotice: number; noticeShown: boolean }> {
  return page.evaluate(() => {
    const header = document.querySelector(".app-header");
    const notice = document.querySelector(".site-banner");
    const top = header?.getBoundingClientRect().top ?? 0;
    const bottom = (notice ?? header)?.getBoundingClientRect().bottom ?? 0;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      headerAndNotice: Math.round(bottom - top),
      noticeShown: notice !== null,
    };
  });
}
