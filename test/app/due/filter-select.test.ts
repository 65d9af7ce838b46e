// The due page's filters read their values from the URL, and a shared link can name a value the
// reader's choices lack. The select must then show that value, not "Every …", and choosing
// "Every …" must be a change (which clears the filter), so the value is an option of its own.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { filterOptions, FilterSelect } from "@/app/(dashboard)/due/components/filter-select";

const LOCATIONS = [
  { value: "loc_bos_airport", label: "Boston Logan International Airport" },
  { value: "loc_lax_airport", label: "Los Angeles International Airport" },
];
const unlisted = (id: string) => `Not one of your locations (${id})`;
const locationFilter = (value: string, choices = LOCATIONS) => ({
  value,
  every: "Every location",
  choices,
  unlisted,
});

/** The select as React renders it for `value`: each option's value and text, and the one selected. */
function rendered(value: string, choices?: typeof LOCATIONS) {
  const html = renderToStaticMarkup(
    createElement(FilterSelect, {
      ...locationFilter(value),
      choices,
      label: "Last location",
      className: "",
      onChange: () => {},
    }),
  );
  const options = [...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)];
  return {
    options: options.map(([, optionValue, , text]) => [optionValue, text]),
    selected: options.filter(([, , selected]) => selected).map(([, , , text]) => text),
  };
}

describe("a due filter's select", () => {
  it("offers every choice and selects the URL's value when it is one of them", () => {
    expect(rendered("loc_lax_airport", LOCATIONS)).toEqual({
      options: [
        ["", "Every location"],
        ["loc_bos_airport", "Boston Logan International Airport"],
        ["loc_lax_airport", "Los Angeles International Airport"],
      ],
      selected: ["Los Angeles International Airport"],
    });
    expect(rendered("", LOCATIONS).selected).toEqual(["Every location"]);
  });

  it("shows a value none of the choices has as selected, not as every location", () => {
    expect(rendered("loc_elsewhere", LOCATIONS)).toEqual({
      options: [
        ["", "Every location"],
        ["loc_bos_airport", "Boston Logan International Airport"],
        ["loc_lax_airport", "Los Angeles International Airport"],
        ["loc_elsewhere", "Not one of your locations (loc_elsewhere)"],
      ],
      selected: ["Not one of your locations (loc_elsewhere)"],
    });
  });

  it("names such a value by itself while the choices are loading, as it may yet be one of them", () => {
    expect(rendered("loc_lax_airport").options).toEqual([
      ["", "Every location"],
      ["loc_lax_airport", "loc_lax_airport"],
    ]);
    expect(rendered("loc_lax_airport").selected).toEqual(["loc_lax_airport"]);
  });

  it("adds nothing once the value is cleared or is among the choices", () => {
    expect(filterOptions(locationFilter(""))).toHaveLength(LOCATIONS.length + 1);
    expect(filterOptions(locationFilter("loc_bos_airport"))).toHaveLength(LOCATIONS.length + 1);
    expect(filterOptions(locationFilter("loc_gone", []))).toEqual([
      { value: "", label: "Every location" },
      { value: "loc_gone", label: "Not one of your locations (loc_gone)" },
    ]);
  });
});
