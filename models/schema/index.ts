export * from "./content";
export * from "./accounts";
