import { describe, expect, it } from "vitest";
import {
  eventCategoryFromParam,
  formatLongDate,
  formatRupees,
  listEvents,
  spotsLeftLabel,
  type EventItem,
} from "./content-pages";

const event = (slug: string, date: string, category: EventItem["category"]): EventItem => ({
  slug,
  title: slug,
  date,
  location: "Online",
  category,
  description: "…",
  price: 0,
  image: { src: "/media/events/x.svg", alt: "" },
  spots: 10,
});

describe("events", () => {
  const events = [
    event("old", "2026-01-10", "meetup"),
    event("soon", "2026-12-01", "workshop"),
    event("later", "2027-02-01", "conference"),
    event("older", "2025-06-01", "conference"),
    event("today", "2026-11-21", "meetup"),
  ];

  it("lists upcoming events first, soonest first, then past ones, newest first; today's event is not past", () => {
    const listed = listEvents(events, null, "2026-11-21");
    expect(listed.map((e) => [e.slug, e.past])).toEqual([
      ["today", false],
      ["soon", false],
      ["later", false],
      ["old", true],
      ["older", true],
    ]);
  });
  it("filters by the category named in the URL; anything else means all", () => {
    expect(
      listEvents(events, eventCategoryFromParam("conferences"), "2026-11-21").map((e) => e.slug),
    ).toEqual(["later", "older"]);
    expect(eventCategoryFromParam("workshops")).toBe("workshop");
    expect(eventCategoryFromParam("parties")).toBeNull();
    expect(eventCategoryFromParam(null)).toBeNull();
  });
  it("says the places left, one as a spot, and none as Sold out", () => {
    expect([spotsLeftLabel(18), spotsLeftLabel(1), spotsLeftLabel(0)]).toEqual([
      "18 spots left",
      "1 spot left",
      "Sold out",
    ]);
  });
  it("shows prices in rupees, and 0 as Free", () => {
    expect([formatRupees(2500), formatRupees(1200), formatRupees(0), formatRupees(100000)]).toEqual([
      "₹2,500",
      "₹1,200",
      "Free",
      "₹1,00,000",
    ]);
  });
});

it("writes policy dates the way the spec does", () => {
  expect(formatLongDate("2025-07-15")).toBe("July 15, 2025");
});
