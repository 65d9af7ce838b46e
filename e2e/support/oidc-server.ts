// The test identity provider as its own process (started by the browser tests' global setup):
// configured by OIDC_TEST_CONFIG (JSON of OidcProviderOptions), stopped by SIGTERM.
import { createOidcProvider, type OidcProviderOptions } from "./oidc-provider";

const options = JSON.parse(process.env.OIDC_TEST_CONFIG ?? "") as OidcProviderOptions;
const { issuer, server } = createOidcProvider(options);
server.listen(options.port, "127.0.0.1", () => console.log(`test identity provider at ${issuer}`));
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
