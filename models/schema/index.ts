export * from "./content";
export * from "./accounts";
export * from "./submissions";
export * from "./projects";
export * from "./chat";
export * from "./back-office";
export * from "./account-settings";
export * from "./billing";
