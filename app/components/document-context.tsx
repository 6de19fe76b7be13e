import { createContext, useContext } from "react";

type DocumentInfo = { nonce: string; requestId: string };

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
