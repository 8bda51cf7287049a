export * from "./content";
export * from "./accounts";
export * from "./submissions";
export * from "./projects";
export * from "./billing";
