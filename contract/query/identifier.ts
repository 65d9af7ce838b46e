// The contract's `Identifier`: task, location and vehicle ids, MVAs and client ids share one shape,
// so a path or a filter can never smuggle control characters, and the dashboard can refuse what the
// service would refuse without spending a request on it.
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The shape in words, for messages: "... must be <rule>". */
export const IDENTIFIER_RULE = '1-128 letters, digits, ".", "_", ":" or "-"';
