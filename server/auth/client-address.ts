import { BlockList, isIP } from "node:net";

/**
 * The client address the log-in and password-reset limits count by (decision 027). The provider sees the
 * portal's address; the portal names the browser's in X-Forwarded-For. That header is believed only when
 * the socket's peer is a trusted proxy (PROVIDER_TRUSTED_PROXIES, default loopback), hop by hop from the
 * right; otherwise the socket address is the client.
 */
export const DEFAULT_TRUSTED_PROXIES = "loopback";

const LOOPBACK: Array<[string, number, "ipv4" | "ipv6"]> = [
  ["127.0.0.0", 8, "ipv4"],
  ["::1", 128, "ipv6"],
];

/** 'loopback', 'none', or a comma-separated list of addresses and CIDR ranges (IPv4 or IPv6); throws on a bad entry. */
export function parseTrustedProxies(spec: string): BlockList {
  const list = new BlockList();
  for (const raw of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (raw === "none") continue;
    if (raw === "loopback") {
      for (const [net, prefix, type] of LOOPBACK) list.addSubnet(net, prefix, type);
      continue;
    }
    const [address, prefixText, extra] = raw.split("/");
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!family || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      throw new Error(`PROVIDER_TRUSTED_PROXIES: '${raw}' is not an address, a CIDR range, 'loopback' or 'none'`);
    }
    list.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return list;
}

/** '::ffff:10.0.0.1' → '10.0.0.1'; anything that is not an IP address → null. */
function normalise(address: string | undefined): string | null {
  const a = (address ?? "").trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(a) ? a : null;
}

function trusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

/** The client of one request: the socket peer, or — through trusted proxies only — the first untrusted hop from the right. */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: BlockList,
): string {
  let client = normalise(socketAddress);
  if (!client) return "unknown";
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .filter((h) => h.trim());
  while (trusted(proxies, client) && hops.length) {
    const hop = normalise(hops.pop());
    if (!hop) break; // a malformed hop: stop at the last address a trusted proxy vouched for
    client = hop;
  }
  return client;
}

/** The caller's client address, put into every REST call's params by the provider app (server/app.ts); 'unknown' otherwise. */
export function clientAddressOf(params: object | undefined): string {
  const address = (params as { clientAddress?: unknown } | undefined)?.clientAddress;
  return typeof address === "string" ? address : "unknown";
}
