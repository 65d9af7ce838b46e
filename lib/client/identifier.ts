// The service's identifier shape (its OpenAPI `Identifier`), which MVAs and vehicle ids follow.
// Text of any other shape would only earn a 400, so it is explained rather than sent.
import { IDENTIFIER_PATTERN } from "@/contract/query/identifier";

export const IDENTIFIER_RULE = 'letters, digits, ".", "_", ":" or "-", without spaces';

export function isIdentifier(text: string): boolean {
  return IDENTIFIER_PATTERN.test(text);
}
