// The service's contract checker (contract/conformance/) under the names the service's tests use.
import { serviceContract } from "../../../contract/conformance/documents";

export type { ObservedResponse } from "../../../contract/conformance/openapi-conformance";

export const contractDocument: unknown = serviceContract.document;
export const assertMatchesContract = serviceContract.assertMatches;
