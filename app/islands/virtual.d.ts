declare module "virtual:islands" {
  /** Route id → the island script's URL and the chunks it imports, for the routes in app/islands/routes.json. */
  const scripts: Record<string, { file: string; imports: string[]; lazy: string[] } | undefined>;
  export default scripts;
}
