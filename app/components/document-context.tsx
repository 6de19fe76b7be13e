import { type ComponentType, createContext, useContext } from "react";
import type { QuickViewData } from "~/catalogue/listing.server";

type DocumentInfo = {
  nonce: string;
  requestId: string;
  /**
   * The quick-view dialog, which the server renders in place (it works without JavaScript) and the browser fetches
   * only when a quick view is first shown (decision 061): entry.server hands it in, so no browser module imports it.
   */
  QuickViewDialog?: ComponentType<{ quickView: QuickViewData }>;
};

// Filled on the server by entry.server; in the browser the values are read back from the document.
export const DocumentContext = createContext<DocumentInfo | null>(null);

export function useNonce(): string {
  return useContext(DocumentContext)?.nonce ?? "";
}

export function useRequestId(): string {
  const info = useContext(DocumentContext);
  if (info) return info.requestId;
  if (typeof document === "undefined") return "";
  return document.querySelector('meta[name="request-id"]')?.getAttribute("content") ?? "";
}

/** The quick-view dialog for server rendering; none in the browser, which loads it lazily. */
export function useServerQuickViewDialog(): DocumentInfo["QuickViewDialog"] {
  return useContext(DocumentContext)?.QuickViewDialog;
}
