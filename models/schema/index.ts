export * from "./content";
export * from "./accounts";
export * from "./projects";
