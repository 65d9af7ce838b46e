import { expect, it } from "vitest";
import { VIEW_NOTE_EVERY_MS, ViewNotes } from "@/lib/server/mirror/sync/slices";

const from = new Date("2026-11-01T00:00:00Z");
const to = new Date("2026-11-08T00:00:00Z");

it("notes a window once a minute however many requests look at it", () => {
  const notes = new ViewNotes();
  expect(notes.take(from, to, 0)).toBe(true);
  expect(notes.take(from, to, 1_000)).toBe(false);
  expect(notes.take(from, to, VIEW_NOTE_EVERY_MS - 1)).toBe(false);
  expect(notes.take(from, to, VIEW_NOTE_EVERY_MS)).toBe(true);
});

it("notes another window at once", () => {
  const notes = new ViewNotes();
  expect(notes.take(from, to, 0)).toBe(true);
  expect(notes.take(from, new Date("2026-11-09T00:00:00Z"), 1)).toBe(true);
});
