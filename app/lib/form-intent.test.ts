import { describe, expect, it } from "vitest";
import { formIntent } from "./form-intent";

const posted = (entries: Array<[string, string | Blob]>) => {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
};

describe("formIntent", () => {
  it("returns the posted intent when the page knows it", () => {
    expect(formIntent(posted([["intent", "reply"]]), ["handled", "reply"])).toBe("reply");
  });

  it("returns null for a missing, unknown or file intent", () => {
    const intents = ["handled", "reply"] as const;
    expect(formIntent(posted([]), intents)).toBeNull();
    expect(formIntent(posted([["intent", "delete"]]), intents)).toBeNull();
    expect(formIntent(posted([["intent", new Blob(["reply"])]]), intents)).toBeNull();
  });
});
