import { describe, expect, it } from "vitest";
import { capRefusal, roleProblem, roleRefusal, whoCan } from "./role-messages";
import { ORGANISATION_ROLES, ROLE_RIGHTS, can, type OrganisationRight } from "./roles";
import { actionsForRole, clientStepRefusal } from "../projects/client-rights";

describe("role refusals", () => {
  it("names the role and who holds the right, from the one rights table", () => {
    expect(roleRefusal("member", "buy", "buy tokens")).toBe(
      "Your role (Member) can't buy tokens. Ask an owner or billing member.",
    );
    expect(whoCan("approve")).toBe("an owner or approver");
    expect(whoCan("spendTokens")).toBe("an owner, approver or billing member");
    expect(whoCan("members")).toBe("an owner");
  });

  it("refuses exactly the roles the table leaves out", () => {
    for (const right of Object.keys(ROLE_RIGHTS) as OrganisationRight[])
      for (const role of ORGANISATION_ROLES)
        expect(roleProblem(role, right) === null, `${role} ${right}`).toBe(can(role, right));
  });

  it("says how much of the cap is left", () => {
    expect(capRefusal({ cap: 50, spent: 45, amount: 8 })).toBe(
      "This would take your spending this month over your limit of 50 tokens (5 left). Ask an owner to raise it.",
    );
    expect(capRefusal({ cap: 10, spent: 12, amount: 1 })).toContain("(0 left)");
  });
});

describe("a project's client steps by role", () => {
  it("approving, cancelling and paying for rounds are the approvers'; comments are everyone's", () => {
    expect(clientStepRefusal("approver", "request_revision")).toBeNull();
    expect(clientStepRefusal("billing", "approve")).toBe(
      "Your role (Billing) can't approve proofs. Ask an owner or approver.",
    );
    expect(clientStepRefusal("member", "comment")).toBeNull();
    expect(actionsForRole("member", ["approve", "cancel"])).toEqual({
      allowed: [],
      refusal: "Your role (Member) can't approve proofs. Ask an owner or approver.",
    });
    expect(actionsForRole("owner", ["approve", "request_revision"])).toEqual({
      allowed: ["approve", "request_revision"],
      refusal: null,
    });
  });
});
