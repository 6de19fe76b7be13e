// PORTAL_BUILD_DIR lets several builds live side by side (parallel test runs); unset, the usual places.
const out = process.env.PORTAL_BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverBuildPath: out ? `${out}/index.js` : "build/index.js",
  assetsBuildDirectory: out ? `${out}/assets` : "public/build",
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
