// A task type is free text (new types appear without a contract change), bounded and without
// control characters, so it is safe to echo and to log. Its length counts characters (code
// points), as the contract's pattern counts them: an emoji is one, not two.
import { hasControlCharacter } from "./control-characters";

const MAX_TASK_TYPE_LENGTH = 128;

export const TASK_TYPE_RULE = `1-${MAX_TASK_TYPE_LENGTH} characters without control characters`;

export function isTaskType(text: string): boolean {
  const characters = [...text].length;
  return characters >= 1 && characters <= MAX_TASK_TYPE_LENGTH && !hasControlCharacter(text);
}
