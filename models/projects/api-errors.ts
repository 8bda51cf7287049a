// The project API's error messages (docs/product.md, "Dashboard"), apart from projects.ts so that the
// workspace's load error does not bring the project constants into every workspace page's JavaScript.

/** The product's default errors (docs/product.md, "Error messages") of the project calls. */
export const PROJECT_API_ERRORS = {
  fetchStats: "Failed to fetch dashboard stats",
  fetchProjects: "Failed to fetch projects",
  createProject: "Failed to create project",
  fetchProject: "Failed to load project",
} as const;
