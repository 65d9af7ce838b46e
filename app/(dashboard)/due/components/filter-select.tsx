"use client";

// A filter's select, whose value comes from the URL. A shared link can hold a value the reader's
// choices lack (a location they cannot see, a type with no program now): a controlled select
// with no option of that value shows its first, "Every …", while the filter hides every row, and
// choosing "Every …" then changes nothing, so no change event clears the filter. The value is
// offered as a choice of its own instead, so the select says what filters the list and choosing
// "Every …" clears it.

export interface FilterChoice {
  value: string;
  label: string;
}

/**
 * The options for `value`: "" (`every`) first, then `choices`, then `value` itself when it is
 * neither, named by `unlisted`; by the value alone while `choices` are loading (undefined), as
 * what it is not is not known yet.
 */
export function filterOptions({
  value,
  every,
  choices,
  unlisted,
}: {
  value: string;
  every: string;
  choices: readonly FilterChoice[] | undefined;
  unlisted: (value: string) => string;
}): FilterChoice[] {
  const options = [{ value: "", label: every }, ...(choices ?? [])];
  if (options.some((option) => option.value === value)) return options;
  return [...options, { value, label: choices ? unlisted(value) : value }];
}

export function FilterSelect({
  label,
  className,
  onChange,
  ...options
}: Parameters<typeof filterOptions>[0] & {
  label: string;
  className: string;
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={label}
      value={options.value}
      onChange={(event) => onChange(event.target.value)}
      className={className}
    >
      {filterOptions(options).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
