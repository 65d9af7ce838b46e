// A task type is free text (new types appear without a contract change), bounded and without
// control characters, so it is safe to echo and to log. Its length counts UTF-16 code units, as
// the service has always counted it.
import { hasControlCharacter } from "./control-characters";

const MAX_TASK_TYPE_LENGTH = 128;

export const TASK_TYPE_RULE = `1-${MAX_TASK_TYPE_LENGTH} characters without control characters`;

export function isTaskType(text: string): boolean {
  return text.length >= 1 && text.length <= MAX_TASK_TYPE_LENGTH && !hasControlCharacter(text);
}
