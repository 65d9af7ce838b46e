"use client";

// A column header of a list sorted on the server: a header with a sort is a button that sorts by
// it (again: the other way), and the sorted one says so to assistive technology (aria-sort).
export function SortableHeader<Sort extends string>(props: {
  label: string;
  sort: Sort | undefined;
  current: { sort: Sort; order: "asc" | "desc" };
  onSort: (sort: Sort, order: "asc" | "desc") => void;
  numeric?: boolean;
}) {
  const { label, sort, current, onSort, numeric } = props;
  const sorted = sort !== undefined && current.sort === sort;
  return (
    <th
      scope="col"
      aria-sort={sorted ? (current.order === "asc" ? "ascending" : "descending") : undefined}
      className={`px-2 py-2 font-semibold whitespace-nowrap ${numeric ? "text-right" : ""}`}
    >
      {sort ? (
        <button
          type="button"
          className="font-semibold hover:underline"
          onClick={() => onSort(sort, sorted && current.order === "asc" ? "desc" : "asc")}
        >
          {label}
          <span aria-hidden="true">{sorted ? (current.order === "asc" ? " ▲" : " ▼") : ""}</span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}
