// The headers every answer of the dashboard carries (next.config.mjs gives them to Next's; the
// dashboard's server to the scripts it sends itself). The per-request CSP, with a script nonce,
// is set in proxy.ts. Plain JavaScript, since next.config.mjs loads it as it is.
export const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Not "no-referrer": under it Chromium sends `Origin: null` with a form post, and Next then
  // refuses the sign-in form's server action when it is submitted before JavaScript has loaded.
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
