import { expect, test } from "vitest";
import { ownValue } from "./lookup";

test("only a record's own keys are found, never Object.prototype's", () => {
  const record = { handoff: 1 };
  expect(ownValue(record, "handoff")).toBe(1);
  for (const key of ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "prototype"])
    expect(ownValue(record, key), key).toBeUndefined();
});
