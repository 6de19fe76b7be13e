import type { HookContext } from "@feathersjs/feathers";

/**
 * A file service's answer as its bytes with its headers (an after hook: the service's result stays typed): the
 * training guides' downloads (decision 117) and the promotions' images (decision 165). Always `nosniff`: the bytes are
 * only ever what their type says.
 */
export function bytesResponse(
  headersOf: (result: { fileName?: string; contentType: string }) => Record<string, string>,
) {
  return (context: HookContext): void => {
    const result = context.result as { bytes: Buffer; fileName?: string; contentType: string };
    context.http = {
      ...context.http,
      headers: { "content-type": result.contentType, "x-content-type-options": "nosniff", ...headersOf(result) },
    };
    context.result = result.bytes;
  };
}
