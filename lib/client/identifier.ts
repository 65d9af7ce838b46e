// The service's identifier shape (its OpenAPI `Identifier`), which MVAs and vehicle ids follow.
// Text of any other shape would only earn a 400, so it is explained rather than sent.
const IDENTIFIER = /^[A-Za-z0-9._:-]{1,128}$/;

export const IDENTIFIER_RULE = 'letters, digits, ".", "_", ":" or "-", without spaces';

export function isIdentifier(text: string): boolean {
  return IDENTIFIER.test(text);
}
