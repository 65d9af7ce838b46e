"use client";
import { useEffect, useId, useRef, useState } from "react";
import { useDebouncedCallback } from "@/lib/client/use-debounced-callback";

const DEBOUNCE_MS = 400;

// A free-text filter that commits after typing pauses (or at once on Enter), and follows the URL
// when back or forward changes it. Text the dashboard would refuse is explained beside the field
// and not sent, so no request is spent on it and the list stays as it was.
export function TextFilter({
  label,
  value,
  onCommit,
  suggestions,
  placeholder,
  problemOf,
  waiting,
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  suggestions?: readonly string[];
  placeholder?: string;
  /** Why a (trimmed, non-empty) text cannot be a filter; undefined when it can. */
  problemOf?: (text: string) => string | undefined;
  /** Why the filter cannot be used for now (it needs the mirror); the field is then read-only. */
  waiting?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const trimmedText = text.trim();
  const problem = trimmedText ? problemOf?.(trimmedText) : undefined;
  const committed = useRef(value ?? "");
  const debounced = useDebouncedCallback((next: string) => commit(next), DEBOUNCE_MS);

  useEffect(() => {
    if ((value ?? "") !== committed.current) {
      committed.current = value ?? "";
      setText(value ?? "");
    }
  }, [value]);

  function commit(next: string) {
    const trimmed = next.trim();
    if (trimmed === committed.current || (trimmed && problemOf?.(trimmed))) return;
    committed.current = trimmed;
    onCommit(trimmed || undefined);
  }

  // The explanation sits outside the label, so the field's accessible name stays the label alone.
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {label}
        <input
          type="search"
          value={text}
          placeholder={placeholder}
          list={suggestions ? `${id}-suggestions` : undefined}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setText(event.target.value);
            debounced.call(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              debounced.cancel();
              commit(text);
            }
          }}
          readOnly={waiting !== undefined}
          title={waiting}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          // A field with a hint is wide enough to show the hint whole.
          className={`${placeholder ? "w-52" : "w-40"} rounded border border-slate-400 bg-transparent px-2 py-1 font-normal read-only:opacity-60 aria-invalid:border-red-600`}
        />
      </label>
      {problem && (
        <span
          id={`${id}-problem`}
          role="alert"
          className="w-40 text-xs font-normal text-red-700 dark:text-red-300"
        >
          {problem}
        </span>
      )}
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
    </div>
  );
}
