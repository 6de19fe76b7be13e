// The quick-view dialog for server rendering only: the browser build empties this module, so the dialog reaches
// the browser through quick-view.tsx's dynamic import alone.
export { QuickViewDialog } from "./quick-view-dialog";
