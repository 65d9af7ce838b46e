// Task ids: "tsk_" + 10 base-36 characters. The task's index goes through a keyed permutation of
// [0, 2^50), so ids are unique, reproducible for a seed, and sorting by id says nothing about the
// order the tasks were generated in.

import { createPermutation } from "./permutation";

/** Indices below this map to distinct ids. 2^50 < 36^10, so every id fits in 10 base-36 characters. */
export const TASK_ID_DOMAIN = 2 ** 50;

export const TASK_ID_PATTERN = /^tsk_[0-9a-z]{10}$/;

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
// All 1,296 two-digit strings: an id is five table look-ups instead of ten divisions.
const PAIRS = Array.from(
  { length: 36 * 36 },
  (_, value) => DIGITS.charAt(value / 36) + DIGITS.charAt(value % 36),
);
const PAIR_BASE = 36 * 36;

/**
 * Fixed-width, zero-padded base 36 of a value below 36^10. Number#toString(36) is several times
 * slower above 2^32 and this runs once per task.
 */
export function base36Width10(value: number): string {
  let text = "";
  let rest = value;
  for (let pair = 0; pair < 5; pair++) {
    text = (PAIRS[rest % PAIR_BASE] ?? "00") + text;
    rest = Math.floor(rest / PAIR_BASE);
  }
  return text;
}

/** Returns a function mapping a task index to its id, keyed by the seed. */
export function createTaskIdEncoder(key: number): (index: number) => string {
  const permute = createPermutation(key, TASK_ID_DOMAIN);
  return (index) => `tsk_${base36Width10(permute(index))}`;
}
